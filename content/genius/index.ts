import { consent } from "./consent";
import { faq } from "./faq";
import { privacy } from "./privacy";
import { site } from "./site";
import { terms } from "./terms";
import type { PageContent } from "../schemas";

export const content = {
  site,
  faq,
  privacy,
  terms,
  consent,
} satisfies PageContent;
