import { faq } from "./faq";
import { site } from "./site";
import { terms } from "./terms";
import type { VariantContent } from "../schemas";

export const content = {
  site,
  faq,
  terms,
} satisfies VariantContent;
