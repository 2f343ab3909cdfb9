/** The referral ledger's statuses and rejection reasons, as lists (the types: app/data/ports/referral-store.ts). */

export const REFERRAL_STATUSES = ["pending", "credited", "rejected", "held"] as const;
export const REJECTION_REASONS = [
  "self-referral",
  "duplicate-email",
  "disposable-domain",
  "unknown-code",
  "revoked",
  "review-rejected",
] as const;

/**
 * Why a credit is held for an admin's review instead of granted (docs/decisions/036-holds-and-fairness.md):
 * many friends at one catch-all domain, many from one network, many in a few minutes.
 */
const HOLD_REASONS = ["catch-all", "ip-burst", "time-burst"] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];

/** The hold reasons of a ledger row (stored comma-separated), in the list's order. */
export function holdReasonsOf(row: { hold_reasons: string | null }): HoldReason[] {
  const stored = new Set((row.hold_reasons ?? "").split(","));
  return HOLD_REASONS.filter((reason) => stored.has(reason));
}
