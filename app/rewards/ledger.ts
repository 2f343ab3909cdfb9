import type { RewardsContent } from "#content/schemas/rewards";
import type { LedgerRow } from "~/data/ports/reward-store";

/** What the admin page and the CSV share (ADR 035); no I/O, so the page's components use it too. */

/** Below this many codes left a code step's pool shows the warning. */
export const LOW_CODES = 10;

/** A ledger row's state, in the admin's words. */
export function ledgerState(row: LedgerRow, copy: RewardsContent["admin"]): string {
  if (row.withdrawn_at) return copy.ledger.withdrawn;
  if (row.flagged_at) return copy.ledger.flagged;
  return row.delivered_at ? copy.ledger.delivered : copy.ledger.undelivered;
}
