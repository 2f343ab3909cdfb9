import type { ContentKey } from "#content/index";
import { GENIUS, type Variant } from "~/utils/variant";

/** The variant a content key stands for (the inverse of contentKeyOf for the three known editions). */
export function variantOfContentKey(key: ContentKey): Variant {
  return key === "genius" ? GENIUS : { domain: "champion", sport: key };
}
