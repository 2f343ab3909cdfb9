/**
 * The three product variants (SPEC 2.1). Shared by server and browser code: it holds no secrets.
 * `sport` passes through unknown values (champion/golf) so links keep whatever the visitor came with.
 */
export type Variant = { domain: "genius" } | { domain: "champion"; sport: string };

export type LeadTable = "leads" | "leads_icehockey" | "leads_tennis";

/** Every lead table: the data layer's allow-list (data/lead-model) and the tables a signed link may name. */
export const LEAD_TABLES = ["leads", "leads_icehockey", "leads_tennis"] as const satisfies readonly LeadTable[];

import type { ContentKey } from "#content/index";
export type { ContentKey };

export const GENIUS: Variant = { domain: "genius" };

export function contentKeyOf(variant: Variant): ContentKey {
  if (variant.domain === "champion" && (variant.sport === "icehockey" || variant.sport === "tennis")) {
    return variant.sport;
  }
  return "genius";
}

export function leadTableOf(variant: Variant): LeadTable {
  if (variant.domain === "champion" && variant.sport === "icehockey") return "leads_icehockey";
  if (variant.domain === "champion" && variant.sport === "tennis") return "leads_tennis";
  return "leads";
}

/** A stable key for values kept per variant (session entries, caches). */
export function variantKey(variant: Variant): string {
  return variant.domain === "genius" ? "genius" : `champion-${variant.sport}`;
}

/** The variant a stored variantKey names ("genius", "champion-tennis"): its inverse. */
export function variantOfKey(key: string): Variant {
  return key.startsWith("champion-") ? { domain: "champion", sport: key.slice("champion-".length) } : GENIUS;
}
