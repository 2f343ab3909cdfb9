import { site } from "./site";
import type { VariantContent } from "../schemas";

export const content = {
  site,
} satisfies VariantContent;
