import type { LeadTable } from "./lead-store";
import type { OutboxStatus } from "./outbox-store";

/**
 * Launch-day announcements (docs/decisions/026-announcements.md, migrations/0017_campaigns.sql).
 * One port, two adapters (D1 and Supabase); types only. A campaign's mails are outbox rows whose
 * dedupe key is `campaign:{id}:{leadId}`: the campaign row holds what the admin wrote, when it
 * goes, and how far writing those rows has got.
 */

/** `scheduled`: waits for send_at; `sending`: its rows are being written in chunks; `written`: every row is written, the queue delivers them. */
type CampaignStatus = "scheduled" | "sending" | "written";

export type Campaign = {
  id: string;
  /** The compose form's idempotency key (unique). */
  form_key: string;
  /** SHA-256 of the scope and the admin's fields (unique): the same announcement to the same audience is one campaign. */
  content_key: string;
  /** A variant key (`genius`, `champion-icehockey`, `champion-tennis`) or `all`. */
  scope: string;
  early_access_date: string;
  message: string;
  cta_label: string;
  cta_url: string;
  /** The admin request's origin; each variant's links are made from it (publicOrigin). */
  origin: string;
  /** The admin who sent it (e-mail). */
  created_by: string;
  created_at: string;
  send_at: string;
  status: CampaignStatus;
  /** Recipients: the audience's count when it was sent, counted again when it starts. */
  audience: number;
  /** Outbox rows written so far. */
  written: number;
  /** Parents of the audience left out when their chunk was written (unsubscribed, suppressed or gone since). */
  excluded: number;
  /** JSON `{ "t": lead table index, "seq": last confirm_seq written }`; null before the first chunk. */
  cursor: string | null;
  /** Held by the step writing a chunk until then; it doubles as that step's token. */
  lease_until: string | null;
  started_at: string | null;
  written_at: string | null;
  updated_at: string;
};

export type NewCampaign = Pick<
  Campaign,
  | "id"
  | "form_key"
  | "content_key"
  | "scope"
  | "early_access_date"
  | "message"
  | "cta_label"
  | "cta_url"
  | "origin"
  | "created_by"
  | "created_at"
  | "send_at"
  | "audience"
>;

/** A confirmed parent as the audience reads them, in confirmation order. */
export type AudienceLead = { id: string; email: string; confirm_seq: number };

/** One written chunk, recorded under the step's lease. */
type CampaignAdvance = {
  cursor: string;
  /** Rows written by this chunk (added to `written`). */
  written: number;
  /** Parents left out by this chunk (added to `excluded`). */
  excluded: number;
  /** Every recipient has a row now: status `written`, written_at = now. */
  done: boolean;
  /** The lease from here on (the next chunk of the same step), or null to let it go. */
  leaseUntil: string | null;
  now: string;
};

export interface CampaignStore {
  /**
   * Writes the campaign unless one with its form_key or its content_key exists; either way returns
   * the stored one. Of parallel calls with one key exactly one gets `created: true`.
   */
  createOnce(campaign: NewCampaign): Promise<{ created: boolean; campaign: Campaign }>;
  get(id: string): Promise<Campaign | null>;
  /** The campaign a compose form made (its idempotency key), wherever it stands in the ledger. */
  byFormKey(formKey: string): Promise<Campaign | null>;
  /** The ledger: newest first. */
  list(limit: number): Promise<Campaign[]>;
  /** Campaigns a cron run moves on: scheduled with send_at at or before `now`, or sending with a free lease (lease_until null or at/before `now`). Oldest first. */
  due(now: string, limit: number): Promise<Campaign[]>;
  /**
   * Takes the campaign's lease until `leaseUntil` when it is due (scheduled with send_at at or
   * before `now`, or sending) and its lease is free: it becomes `sending`; the first start also sets
   * started_at and `audience`. Null when it is not due, written, or held by another step.
   */
  acquire(id: string, now: string, leaseUntil: string, audience: number): Promise<Campaign | null>;
  /** Records a chunk while `lease` (the lease_until it holds) is still the campaign's; false when it was lost. */
  advance(id: string, lease: string, change: CampaignAdvance): Promise<boolean>;
  /** Confirmed parents of `table` with confirm_seq above `afterSeq`, by confirm_seq, at most `limit`. */
  audiencePage(table: LeadTable, afterSeq: number, limit: number): Promise<AudienceLead[]>;
  /** Leads of `table` that gave an address and never confirmed it. */
  unconfirmedCount(table: LeadTable): Promise<number>;
  /** The campaign's outbox rows (dedupe keys `campaign:{id}:…`) by status; a row erased before it was sent counts as skipped. */
  progress(id: string): Promise<Record<OutboxStatus, number>>;
  /** `progress` of several campaigns in one read (the ledger): every id asked for is a key, all zeros when it has no rows. */
  progressOf(ids: readonly string[]): Promise<Record<string, Record<OutboxStatus, number>>>;
  /**
   * The campaign's rows whose queue message was lost (e.g. with a killed Worker): pending under a
   * message lease taken at or before `leaseBefore`, or failed, due since `leaseBefore` and still
   * under such a lease (their retry message never came). Stamps enqueued_at = `now` on up to `limit`
   * of them and returns their ids, to be enqueued again. A row is claimed by one consumer only, so a
   * second message never sends it twice.
   */
  restampStale(id: string, now: string, leaseBefore: string, limit: number): Promise<string[]>;
  /** When the newest of the campaign's sent rows was written (created_at), or null when none was sent. */
  newestSentWrittenAt(id: string): Promise<string | null>;
}
