/**
 * `skipped`: the address is on the suppression list for this kind of mail (the suppression store);
 * the mail was never handed to the transport and is never retried. It is final, like `sent` and `dead`.
 */
export type OutboxStatus = "pending" | "sent" | "failed" | "dead" | "skipped";

/** One row of the outbox table (migrations/0002_outbox.sql, 0004_outbox_dedupe.sql, 0011_outbox_skipped.sql). Timestamps are ISO strings. */
export type OutboxRow = {
  id: string;
  /**
   * One mail per key, e.g. `prelaunch:{table}:{leadId}`, `welcome:{userId}`, `api:{Idempotency-Key}`
   * (unique in the table, 1 to 256 characters). Also the provider's Idempotency-Key.
   */
  dedupe_key: string;
  template: string;
  variant: string;
  recipient: string;
  subject: string;
  html: string;
  text: string;
  status: OutboxStatus;
  attempts: number;
  last_error: string | null;
  provider_message_id: string | null;
  next_attempt_at: string | null;
  created_at: string;
  updated_at: string;
  /**
   * A template mail queued by a page: the JSON of its template, variant and data, while subject,
   * html and text are still empty. The body is rendered after the response (or by the cron).
   */
  render_input?: string | null;
  /**
   * The site origin a template mail's links were built against (its render input's `origin`); the
   * List-Unsubscribe header of a marketing mail is rebuilt from it at every attempt. Null for
   * /api/send-email mails and rows written before 0011_outbox_skipped.sql.
   */
  origin?: string | null;
  /**
   * When a queue message for the row was last handed to the mail queue (ADR 024); null while none is
   * live: never enqueued, its enqueue failed, or a consumer has taken the row to send it.
   */
  enqueued_at?: string | null;
  /**
   * The Idempotency-Key of the provider batch request the row last went out in, while that request's
   * outcome is unknown (no answer, a 5xx, a killed consumer); null once an answer was recorded. The
   * rows that share it are sent again as that same batch, so the provider answers it once (ADR 024).
   */
  batch_key?: string | null;
};

export type OutboxChange = Partial<
  Pick<
    OutboxRow,
    | "status"
    | "attempts"
    | "last_error"
    | "provider_message_id"
    | "next_attempt_at"
    | "subject"
    | "html"
    | "text"
    | "render_input"
    | "recipient"
    | "enqueued_at"
    | "batch_key"
  >
> & { updated_at: string };

/** Which rows OutboxStore.list answers: skip `offset` rows; only recipients containing `recipient`. */
type OutboxListFilter = { offset?: number; recipient?: string };

/** What insertOnce found: the stored row, and whether this call wrote it. */
type InsertOnceResult = { created: boolean; row: OutboxRow };

/** The outbox port: D1 by default, Supabase in production (DESIGN "Ports and adapters"). */
export interface OutboxStore {
  /** Writes a row; throws when its id or dedupe key is taken. */
  insert(row: OutboxRow): Promise<void>;
  /**
   * Writes the row unless one with its dedupe_key exists (INSERT ... ON CONFLICT (dedupe_key) DO NOTHING),
   * then returns the stored row. Of any number of parallel calls with one key exactly one gets
   * `created: true`: only that caller may send the mail.
   */
  insertOnce(row: OutboxRow): Promise<InsertOnceResult>;
  /**
   * insertOnce for many rows in one round trip (a campaign's chunk): one result per row, in order.
   * Of parallel calls sharing a key exactly one gets `created: true` for it.
   */
  insertManyOnce(rows: OutboxRow[]): Promise<InsertOnceResult[]>;
  get(id: string): Promise<OutboxRow | null>;
  getByKey(dedupeKey: string): Promise<OutboxRow | null>;
  /**
   * Changes a row; with `recipient`, only while the row is still addressed to it (an erasure
   * replaces the address, and a send that was in flight must not write the body back); with
   * `unlessSent`, only while it is not `sent` (a failure seen by one sender never undoes another's success).
   */
  update(id: string, change: OutboxChange, onlyIf?: { recipient: string; unlessSent?: boolean }): Promise<void>;
  /**
   * Moves a row from `from` to pending if it is still in `from` and not updated since `seenAt`;
   * true when this caller won (two overlapping cron runs never send the same mail twice).
   */
  claim(id: string, from: OutboxStatus, seenAt: string, now: string): Promise<boolean>;
  /** Failed rows due by `now`, and pending rows untouched since `stalePendingBefore` (a send that died). */
  due(now: string, stalePendingBefore: string, limit: number): Promise<OutboxRow[]>;
  /**
   * Moves up to `limit` due rows (as `due` finds them, oldest first) to pending with updated_at = `now`
   * and returns the rows this caller moved. The move re-checks that each row is still due, so
   * overlapping cron runs split the backlog between them and never send a row twice.
   */
  claimDue(now: string, stalePendingBefore: string, limit: number): Promise<OutboxRow[]>;
  /**
   * Newest first: `limit` rows after skipping `offset`, only those whose recipient contains
   * `recipient` (any case, no wildcards) when given. The outbox viewer's pages and search.
   */
  list(limit: number, filter?: OutboxListFilter): Promise<OutboxRow[]>;
  /**
   * Empties subject, html, text and render_input of rows created before `before` that are done
   * (sent or given up); the status rows stay. Answers how many rows it emptied.
   */
  clearBodies(before: string): Promise<number>;

  // Delivery through the mail queue (docs/decisions/024-mail-queue.md).

  /**
   * The sweeper's claim: stamps enqueued_at = `now` on up to `limit` due rows (as `due` finds them,
   * oldest first) whose message lease is free (enqueued_at null or at/before `leaseBefore`) and
   * returns them; nothing else changes. Parallel sweeps never stamp one row twice.
   */
  claimForEnqueue(now: string, stalePendingBefore: string, leaseBefore: string, limit: number): Promise<OutboxRow[]>;
  /** Clears enqueued_at (the enqueue failed, or the message was acked unsent): the sweeper may enqueue them again. */
  releaseEnqueued(ids: string[]): Promise<void>;
  /**
   * The consumer's claim: of `ids`, the rows with a live message (enqueued_at set) that are pending,
   * or failed and due by `now`, move to pending with updated_at = `now` and enqueued_at null, and are
   * returned. Of parallel claims of one row exactly one gets it: a row is never sent twice.
   */
  claimEnqueued(ids: string[], now: string): Promise<OutboxRow[]>;
  /**
   * Stamps `key` as the batch_key of these rows before their batch request goes out, but only of
   * rows the caller still holds: pending, no live message, and updated_at still `claimedAt` (a
   * consumer slower than the stale window may have lost a row to the sweeper and another consumer).
   * Answers the ids it stamped.
   */
  markBatch(ids: string[], key: string, claimedAt: string): Promise<string[]>;
  /** Every row whose batch_key is `key`, by id (the order the batch was sent in). */
  listBatch(key: string): Promise<OutboxRow[]>;
  /** Mails that need a human (`dead`), the most recently changed first. */
  listDead(options: { limit: number }): Promise<OutboxRow[]>;
  /**
   * A dead row becomes failed and due at `now`, out of any batch (batch_key null): one more attempt
   * as a request of its own; the sweeper enqueues it. True when it was dead.
   */
  retryDead(id: string, now: string): Promise<boolean>;
  /**
   * A failed or dead row is given up for good: `skipped` (final, never retried, off the dead list),
   * with `reason` before its last error. True when the row was failed or dead.
   */
  giveUp(id: string, now: string, reason: string): Promise<boolean>;
}
