/**
 * The kinds of admin change the audit sorts by (an action is "kind.verb"), in the order the
 * /admin/audit filter lists them.
 */
export const AUDIT_KINDS = [
  "leads",
  "referrals",
  "holds",
  "safelist",
  "rewards",
  "clubs",
  "waves",
  "campaigns",
  "webhooks",
  "mail",
] as const;
