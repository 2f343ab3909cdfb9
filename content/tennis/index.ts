import { emails } from "./emails";
import { site } from "./site";
import type { VariantContent } from "../schemas";

export const content = {
  site,
  emails,
} satisfies VariantContent;
