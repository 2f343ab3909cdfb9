import type { LeadTable } from "./lead-store";
import type { WaveMember } from "./wave-store";

/**
 * The trust store port (docs/decisions/014-erasure.md): what we hold about an
 * e-mail address, across every table, and its erasure in one transaction. Two adapters: D1
 * (`app/data/d1/trust-store.server.ts`) and Supabase (`app/data/supabase/trust-store.server.ts`, two SQL functions).
 * Types only, no I/O.
 */

/** Who asked for an erasure: the parent through their signed link, or an admin for a parent who wrote in. */
export type ErasureSource = "self" | "admin";

/**
 * A referral as the parent may see it: the ledger row's id, status and dates only. The other
 * parent's lead id, e-mail and referral code are left out.
 */
export type ReferralFact = {
  id: string;
  lead_table: LeadTable;
  variant: string;
  status: string;
  reason: string | null;
  created_at: string;
  credited_at: string | null;
};

/** A mail we sent (or tried to send) to the address, body included. */
export type MailFact = {
  id: string;
  template: string;
  variant: string;
  subject: string;
  status: string;
  attempts: number;
  created_at: string;
  updated_at: string;
  html: string;
  text: string;
};

/** A wave the parent was admitted in: their place at admission and their invite's dates (ADR 025). */
export type WaveFact = Omit<WaveMember, "wave_id" | "lead_id"> & {
  variant: string;
  /** The wave's number in its line: 1 for the first wave. */
  wave: number;
  admitted_at: string;
};

/** Everything the store holds about an address. Accounts never carry password or token hashes. */
export type HeldData = {
  leads: { table: LeadTable; row: Record<string, unknown> }[];
  referralsAsReferrer: ReferralFact[];
  referralsAsReferred: ReferralFact[];
  accounts: Record<string, unknown>[];
  users: Record<string, unknown>[];
  mails: MailFact[];
  waves: WaveFact[];
};

/** Rows each table lost or had anonymised, e.g. `{ leads: 1, outbox: 3 }`: what the erasure log records. */
export type ErasureCounts = Record<string, number>;

export interface TrustStore {
  /** What is held about `email` (compared trimmed and lower-cased). */
  collect(email: string): Promise<HeldData>;
  /**
   * Erases `email` in one transaction and writes one erasure_log row. `recipientHash` replaces the
   * address on its outbox rows. Null when nothing was held (a repeat): no log row then.
   */
  erase(email: string, options: { recipientHash: string; source: ErasureSource; at: string }): Promise<ErasureCounts | null>;
}
