import { contentKeyOf, leadTableOf, type ContentKey, type LeadTable, type Variant } from "./variant";

/**
 * What an admin page shows: one variant (chosen like every page, by host or ?domain=&sport=) or all
 * three at once (?variants=all). Shared by server and browser code: the switcher builds its links
 * from it, and loaders read it with `adminScope`. In utils/ rather than admin/: the analytics, waves
 * and campaigns modules scope their figures with it, and app/admin depends on them (through leads
 * and referrals).
 */
export type VariantScope = { kind: "variant"; variant: Variant; key: ContentKey; table: LeadTable };
export type AdminScope = VariantScope | { kind: "all" };

/** The three variants, in the order the switcher lists them. */
export const ADMIN_VARIANTS: readonly Variant[] = [
  { domain: "genius" },
  { domain: "champion", sport: "icehockey" },
  { domain: "champion", sport: "tennis" },
];

export const ALL_VARIANTS_PARAM = { variants: "all" } as const;

export function variantScope(variant: Variant): VariantScope {
  return { kind: "variant", variant, key: contentKeyOf(variant), table: leadTableOf(variant) };
}

/** The scope of an admin request: ?variants=all, else the request's own variant. */
export function adminScope(url: URL, variant: Variant): AdminScope {
  return url.searchParams.get("variants") === "all" ? { kind: "all" } : variantScope(variant);
}

/** The variants a scope covers, each with its content key and lead table. */
export function scopeVariants(scope: AdminScope): VariantScope[] {
  return scope.kind === "all" ? ADMIN_VARIANTS.map(variantScope) : [scope];
}
