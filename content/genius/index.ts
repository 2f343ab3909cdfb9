import { emails } from "./emails";
import { site } from "./site";
import { landing } from "./landing";
import { options } from "./options";
import { plans } from "./plans";
import { signup } from "./signup";
import type { PageContent } from "../schemas";

export const content = {
  site,
  emails,
  landing,
  options,
  plans,
  signup,
} satisfies PageContent;
