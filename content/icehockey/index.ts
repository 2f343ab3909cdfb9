import { plans } from "./plans";
import { site } from "./site";
import type { VariantContent } from "../schemas";

export const content = {
  site,
  plans,
} satisfies VariantContent;
