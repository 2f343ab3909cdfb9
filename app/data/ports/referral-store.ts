import type { HoldReason, REFERRAL_STATUSES, REJECTION_REASONS } from "~/data/referral-model";
import type { Lead, LeadTable } from "./lead-store";

/**
 * The referral ledger and the place in line (docs/decisions/010-referrals-and-place-in-line.md).
 * One port, two adapters: D1 (embedded default) and Supabase (production). Types only, no I/O; the
 * statuses and reasons as lists: app/data/referral-model.ts.
 */

export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

/** Why a referral does not count. "revoked" is an admin's decision; the others are found on sign-up. */
export type RejectionReason = (typeof REJECTION_REASONS)[number];

export type Referral = {
  id: string;
  lead_table: LeadTable;
  referred_id: string;
  /** Null when the code belonged to no lead. */
  referrer_id: string | null;
  ref_code: string;
  variant: string;
  status: ReferralStatus;
  reason: RejectionReason | null;
  /** The channel the referral link was shared through (`?c=`: wa, fb, x, email, sms, copy), or null. */
  channel: string | null;
  /** Why a held credit is held, comma-separated (holdReasonsOf in app/data/referral-model.ts); null otherwise. */
  hold_reasons: string | null;
  /** A salted hash of the friend's network at sign-up (/24, /48); null when allowlisted or safelisted. */
  network: string | null;
  created_at: string;
  updated_at: string;
  credited_at: string | null;
};

/** A ledger row with the two e-mails, for the admin. */
export type ReferralListRow = Referral & { referrer_email: string | null; referred_email: string | null };

export type NewReferral = Pick<Referral, "referred_id" | "referrer_id" | "ref_code" | "variant" | "status" | "reason"> &
  Partial<Pick<Referral, "channel" | "network">>;

/** What the hold rules (app/referrals/holds.ts) read about one referrer's friends. */
export type HoldFacts = {
  /** Distinct addresses at the registrable domain (or its subdomains) among the referrer's referrals that are not rejected. */
  sameDomain: number;
  /** The referrer's referrals not rejected from the network recorded since `networkSince`. */
  sameNetwork: number;
  /** The referrer's referrals signed up (recorded) or confirmed within the burst windows. */
  recent: number;
};

/** Credited referrals of one channel (null: shared without a channel tag). */
export type ChannelCount = { channel: string | null; count: number };

export type ReferralCounts = Record<ReferralStatus, number>;

/**
 * What the request that makes a change adds to the payload of the facts it writes (the origin and
 * variant its links use, the client flags and visit id its funnel events carry): codes and ids only.
 */
export type FactContextPayload = Record<string, string | number | boolean | null>;

export interface ReferralStore {
  /**
   * Marks the lead's address confirmed and gives it the next confirmation number, once: a second
   * call changes nothing and answers `confirmedNow: false`. Null when the lead does not exist.
   * The call that confirms writes the `lead.confirmed:{table}:{lead}` fact in the same transaction.
   */
  confirmLead(
    table: LeadTable,
    leadId: string,
    at: string,
    placesPerCredit: number,
    context?: FactContextPayload,
  ): Promise<{ lead: Lead; confirmedNow: boolean } | null>;
  /** Records the referral of a lead, once per referred lead (a repeat keeps the first row). */
  record(table: LeadTable, referral: NewReferral, at: string): Promise<Referral>;
  /**
   * Credits the pending referral of `referredId` and recounts its referrer's referral_count and
   * place score in one transaction; with `hold` reasons it is held instead (counted nowhere). Null
   * when there was nothing pending (already credited, held, rejected, or no referral): parallel
   * calls move it exactly once. The call that moves it writes its `referral.credited` (or
   * `referral.held`) fact `{type}:{table}:{referral}` in the same transaction.
   */
  credit(
    table: LeadTable,
    referredId: string,
    at: string,
    placesPerCredit: number,
    hold?: readonly HoldReason[],
    context?: FactContextPayload,
  ): Promise<Referral | null>;
  /**
   * An admin's decision on held credits: approved ones become credited, rejected ones rejected
   * ("review-rejected"), each referrer recounted. Only rows still held change (a repeat changes
   * nothing); answers the rows changed. Each changed row's `referral.approved` (or
   * `referral.rejected`) fact is written in the same transaction, with its referrer's credits in
   * this decision.
   */
  decideHeld(
    table: LeadTable,
    ids: readonly string[],
    approve: boolean,
    at: string,
    placesPerCredit: number,
    context?: FactContextPayload,
  ): Promise<Referral[]>;
  /**
   * What the hold rules need about the referrer's friends: those at the registrable `domain` (or a
   * subdomain of it), from `network` since `networkSince`, and the burst: those recorded since
   * `burstSince` or between `signedUpFrom` and `signedUpTo` (around this friend's sign-up), or whose
   * friend confirmed between `burstSince` and `burstUntil` (now). One query over the referrer's own referrals.
   */
  holdFacts(
    table: LeadTable,
    referrerId: string,
    query: {
      domain: string;
      network: string | null;
      networkSince: string;
      burstSince: string;
      burstUntil: string;
      signedUpFrom: string;
      signedUpTo: string;
    },
  ): Promise<HoldFacts>;
  /** An admin's revoke (rejected, reason "revoked") or restore (credited), with the recount. Null when no such row. */
  setStatus(
    table: LeadTable,
    referralId: string,
    status: "credited" | "rejected",
    at: string,
    placesPerCredit: number,
  ): Promise<Referral | null>;
  /** The referral that brought this lead, if any. */
  referralOf(table: LeadTable, referredId: string): Promise<Referral | null>;
  /** The referrer's referrals by status. */
  countsFor(table: LeadTable, referrerId: string): Promise<ReferralCounts>;
  /** Credited referrals by the channel they were shared through, most first, then by channel, untagged last. */
  creditedByChannel(table: LeadTable): Promise<ChannelCount[]>;
  /** Referrals recorded for this referrer since `since` (to spot referrals faster than a person sends them). */
  recentCount(table: LeadTable, referrerId: string, since: string): Promise<number>;
  /** The parent's place in line (1 = first), or null before they confirmed. */
  placeOf(table: LeadTable, lead: Pick<Lead, "confirm_seq" | "place_score" | "referral_count">): Promise<number | null>;
  /** The places in line of these leads in one query (a page of the admin list): id to place, null before they confirmed. */
  placesOf(table: LeadTable, ids: readonly string[]): Promise<Record<string, number | null>>;
  /** The whole line in one read, first place first (ids): a full export ranks it once, not per page. */
  line(table: LeadTable): Promise<string[]>;
  /** Parents with a place in line. */
  confirmedCount(table: LeadTable): Promise<number>;
  /** Newest first, with the e-mails of both sides. */
  list(
    table: LeadTable,
    options: { page: number; pageSize: number; status?: ReferralStatus },
  ): Promise<{ rows: ReferralListRow[]; total: number }>;
  /**
   * Deletes leads never confirmed and created before `before`, and the pending referrals they were
   * part of; with `placeholdersOnly`, only the leads a visitor left before giving an e-mail.
   */
  purgeUnconfirmed(table: LeadTable, before: string, options?: { placeholdersOnly?: boolean }): Promise<number>;
}
