import { faq } from "./faq";
import { emails } from "./emails";
import { site } from "./site";
import { landing } from "./landing";
import { options } from "./options";
import { plans } from "./plans";
import { terms } from "./terms";
import type { VariantContent } from "../schemas";

export const content = {
  site,
  landing,
  options,
  plans,
  faq,
  terms,
  emails,
} satisfies VariantContent;
