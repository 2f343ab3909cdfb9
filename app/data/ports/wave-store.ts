import type { NewFact } from "./fact-store";
import type { LeadTable } from "./lead-store";

/**
 * Waves of admission and their invites (docs/decisions/025-waves-and-invites.md). One port, two
 * adapters: D1 (migrations/0016_waves.sql) and Supabase (supabase/migrations/20250901000017_waves.sql).
 * Types only, no I/O. Times are ISO-8601 strings.
 */

export type Wave = {
  id: string;
  lead_table: LeadTable;
  variant: string;
  /** 1, 2, 3 … per lead table: the admin form's idempotency key. */
  seq: number;
  size_asked: number;
  created_at: string;
  /** The admin who admitted it (their e-mail). */
  created_by: string;
  /** The club a club wave admitted as a whole (ADR 039); null for a wave of the line. Kept when the club is removed. */
  club_id: string | null;
};

export type WaveMember = {
  wave_id: string;
  lead_table: LeadTable;
  lead_id: string;
  /** The place in line at admission, kept as it was. */
  place: number;
  invite_sent_at: string | null;
  invite_expires_at: string;
  invite_opened_at: string | null;
  accepted_at: string | null;
  account_created_at: string | null;
};

/** A wave with its figures, for the admin page and the launch funnel. */
export type WaveSummary = Wave & {
  admitted: number;
  /** Invites sent at least once. */
  invited: number;
  opened: number;
  accepted: number;
  accounts: number;
  /** Not accepted and past their expiry at `now`. */
  expired: number;
  /** The last (highest) place admitted, null for an empty wave. */
  last_place: number | null;
  /** A club wave's club as it is called now (a merged club: the club that stays); null for a plain wave or a removed club. */
  club: { name: string; city: string } | null;
};

export type NewWave = Omit<Wave, "lead_table" | "club_id"> & { club_id?: string | null };
type NewWaveMember = Pick<WaveMember, "lead_id" | "place" | "invite_expires_at">;

export interface WaveStore {
  /**
   * Writes the wave and its members in one transaction, once per (table, seq): when the table
   * already has a wave with this number nothing is written and that wave is answered with
   * `created: false`. Throws, writing nothing, when a member is already in a wave. `fact` (the
   * wave's `wave.admitted`) is written in the same transaction, by the call that made the wave only.
   */
  admit(table: LeadTable, wave: NewWave, members: readonly NewWaveMember[], fact?: NewFact): Promise<{ created: boolean; wave: Wave }>;
  /** The table's waves, newest first, with their figures at `now`. */
  list(table: LeadTable, now: string): Promise<WaveSummary[]>;
  /** Number of waves of the table so far (the next wave's seq is this plus one). */
  count(table: LeadTable): Promise<number>;
  get(waveId: string): Promise<Wave | null>;
  /** A wave's members in place order. */
  membersOf(waveId: string): Promise<WaveMember[]>;
  /** The lead's membership, if admitted. */
  memberOf(table: LeadTable, leadId: string): Promise<WaveMember | null>;
  /** The memberships of these leads, by lead id (admitted ones only), in one read: a mail chunk's standings. */
  membersOfMany(table: LeadTable, leadIds: readonly string[]): Promise<Record<string, WaveMember>>;
  /** Every admitted lead id of the table (the next wave skips them). */
  admittedIds(table: LeadTable): Promise<string[]>;
  /** Parents admitted in the table so far. */
  admittedCount(table: LeadTable): Promise<number>;
  /** The table's members whose invite expired unaccepted by `now`, with their wave's number, in wave then place order. */
  expiredOf(table: LeadTable, now: string): Promise<(WaveMember & { seq: number })[]>;
  /** Up to `limit` members of the wave whose invite was never sent, placed after `afterPlace`, in place order (one chunk of invites). */
  unsentOf(waveId: string, afterPlace: number, limit: number): Promise<WaveMember[]>;
  /** Stamps the invites of these leads sent, those not yet stamped, in one write. */
  markSentMany(table: LeadTable, leadIds: readonly string[], at: string): Promise<void>;
  /** Stamps the invite sent (the first send). */
  markSent(table: LeadTable, leadId: string, at: string): Promise<void>;
  /**
   * A fresh invite for an expired, unaccepted one (the admin's re-send): sets its new expiry and
   * sent time only while it is still expired at `at`, so of two parallel calls one answers true.
   */
  renew(table: LeadTable, leadId: string, at: string, expiresAt: string): Promise<boolean>;
  /**
   * The parent's "send my invite again": stamps the send only when the last one is older than
   * `sentBefore` and the invite is unaccepted, so a double click answers true once.
   */
  resendDue(table: LeadTable, leadId: string, at: string, sentBefore: string): Promise<boolean>;
  /** The first opening of the invite page; true the first time only. */
  markOpened(table: LeadTable, leadId: string, at: string): Promise<boolean>;
  /**
   * Accepts the invite once: true for the one call that accepted it, false when already accepted or
   * no member. That call writes the fact `invite.accepted:{table}:{lead}` (the lead's and the wave's ids) with it.
   */
  accept(table: LeadTable, leadId: string, at: string): Promise<boolean>;
  /** The account made from the accepted invite; true the first time only. */
  markAccount(table: LeadTable, leadId: string, at: string): Promise<boolean>;
}
