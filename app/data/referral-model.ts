/** The referral ledger's statuses and rejection reasons, as lists (the types: app/data/ports/referral-store.ts). */

export const REFERRAL_STATUSES = ["pending", "credited", "rejected"] as const;
export const REJECTION_REASONS = ["self-referral", "duplicate-email", "disposable-domain", "unknown-code", "revoked"] as const;
