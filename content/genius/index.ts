import { consent } from "./consent";
import { faq } from "./faq";
import { privacy } from "./privacy";
import { emails } from "./emails";
import { site } from "./site";
import { landing } from "./landing";
import { options } from "./options";
import { plans } from "./plans";
import { terms } from "./terms";
import type { PageContent } from "../schemas";

export const content = {
  site,
  landing,
  options,
  plans,
  faq,
  privacy,
  terms,
  consent,
  emails,
} satisfies PageContent;
