import { admin } from "./admin";
import { plans } from "./plans";
import { site } from "./site";
import type { PageContent } from "../schemas";

export const content = {
  site,
  plans,
  admin,
} satisfies PageContent;
