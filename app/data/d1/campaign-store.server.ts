import { campaignKeyRange } from "~/data/campaign-model";
import { assertLeadTable, PENDING_EMAIL } from "~/data/lead-model";
import type { AudienceLead, Campaign, CampaignStore } from "~/data/ports/campaign-store";
import type { OutboxStatus } from "~/data/ports/outbox-store";

const NEW_COLUMNS = [
  "id",
  "form_key",
  "content_key",
  "scope",
  "early_access_date",
  "message",
  "cta_label",
  "cta_url",
  "origin",
  "created_by",
  "created_at",
  "send_at",
  "audience",
] as const;

const EMPTY_PROGRESS = (): Record<OutboxStatus, number> => ({ pending: 0, sent: 0, failed: 0, dead: 0, skipped: 0 });

/** Campaigns and their audience in Cloudflare D1 (migrations/0017_campaigns.sql). */
export function createD1CampaignStore(db: D1Database): CampaignStore {
  /** The campaign whose unique column holds `value`. */
  const oneWhere = async (column: "id" | "form_key", value: string) =>
    (await db.prepare(`SELECT * FROM campaigns WHERE ${column} = ?`).bind(value).first<Campaign>()) ?? null;

  /** Every campaign's rows by status in one read: each campaign is one range of the outbox's dedupe key index. */
  async function progressOf(ids: readonly string[]): Promise<Record<string, Record<OutboxStatus, number>>> {
    const counts: Record<string, Record<OutboxStatus, number>> = Object.fromEntries(ids.map((id) => [id, EMPTY_PROGRESS()]));
    if (ids.length === 0) return counts;
    // One bound JSON array of [id, from, to] (D1 binds at most 100 values a statement; the ledger asks for up to 50 campaigns).
    const ranges = [...new Set(ids)].map((id) => [id, ...campaignKeyRange(id)]);
    const { results } = await db
      .prepare(
        // A row erased before it was sent (the trust store made it dead under an `erased:` recipient) was skipped, not failed.
        `SELECT json_extract(c.value, '$[0]') AS id,
           CASE WHEN o.status = 'dead' AND o.recipient LIKE 'erased:%' THEN 'skipped' ELSE o.status END AS status, COUNT(*) AS n
         FROM json_each(?) c
         JOIN outbox o ON o.dedupe_key >= json_extract(c.value, '$[1]') AND o.dedupe_key < json_extract(c.value, '$[2]')
         GROUP BY 1, 2`,
      )
      .bind(JSON.stringify(ranges))
      .all<{ id: string; status: OutboxStatus; n: number }>();
    for (const row of results) if (row.status in counts[row.id]) counts[row.id][row.status] = Number(row.n);
    return counts;
  }

  return {
    async createOnce(campaign) {
      const result = await db
        .prepare(
          `INSERT INTO campaigns (${NEW_COLUMNS.join(", ")}, status, updated_at)
           VALUES (${NEW_COLUMNS.map(() => "?").join(", ")}, 'scheduled', ?) ON CONFLICT DO NOTHING`,
        )
        .bind(...NEW_COLUMNS.map((column) => campaign[column]), campaign.created_at)
        .run();
      const stored = await db
        .prepare("SELECT * FROM campaigns WHERE form_key = ? OR content_key = ? ORDER BY created_at LIMIT 1")
        .bind(campaign.form_key, campaign.content_key)
        .first<Campaign>();
      if (!stored) throw new Error(`Campaign insert of ${campaign.form_key} neither wrote nor found a row`);
      return { created: result.meta.changes === 1 && stored.id === campaign.id, campaign: stored };
    },

    get: (id) => oneWhere("id", id),

    byFormKey: (formKey) => oneWhere("form_key", formKey),

    async list(limit) {
      const { results } = await db.prepare("SELECT * FROM campaigns ORDER BY created_at DESC, id LIMIT ?").bind(limit).all<Campaign>();
      return results;
    },

    async due(now, limit) {
      const { results } = await db
        .prepare(
          `SELECT * FROM campaigns
           WHERE (status = 'scheduled' AND send_at <= ?1) OR (status = 'sending' AND (lease_until IS NULL OR lease_until <= ?1))
           ORDER BY send_at, id LIMIT ?2`,
        )
        .bind(now, limit)
        .all<Campaign>();
      return results;
    },

    async acquire(id, now, leaseUntil, audience) {
      const row = await db
        .prepare(
          `UPDATE campaigns SET
             audience = CASE WHEN status = 'scheduled' THEN ?4 ELSE audience END,
             started_at = COALESCE(started_at, ?2),
             status = 'sending', lease_until = ?3, updated_at = ?2
           WHERE id = ?1
             AND ((status = 'scheduled' AND send_at <= ?2) OR status = 'sending')
             AND (lease_until IS NULL OR lease_until <= ?2)
           RETURNING *`,
        )
        .bind(id, now, leaseUntil, audience)
        .first<Campaign>();
      return row ?? null;
    },

    async advance(id, lease, change) {
      const result = await db
        .prepare(
          `UPDATE campaigns SET cursor = ?3, written = written + ?4, excluded = excluded + ?5,
             status = CASE WHEN ?6 THEN 'written' ELSE status END,
             written_at = CASE WHEN ?6 THEN ?8 ELSE written_at END,
             lease_until = ?7, updated_at = ?8
           WHERE id = ?1 AND lease_until = ?2 AND status = 'sending'`,
        )
        .bind(id, lease, change.cursor, change.written, change.excluded, change.done ? 1 : 0, change.leaseUntil, change.now)
        .run();
      return result.meta.changes === 1;
    },

    async audiencePage(table, afterSeq, limit) {
      assertLeadTable(table);
      const { results } = await db
        .prepare(
          `SELECT id, email, confirm_seq FROM ${table}
           WHERE confirm_seq IS NOT NULL AND confirm_seq > ? ORDER BY confirm_seq LIMIT ?`,
        )
        .bind(afterSeq, limit)
        .all<AudienceLead>();
      return results;
    },

    async unconfirmedCount(table) {
      assertLeadTable(table);
      const row = await db
        .prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE confirm_seq IS NULL AND email <> ?`)
        .bind(PENDING_EMAIL)
        .first<{ n: number }>();
      return Number(row?.n ?? 0);
    },

    async progress(id) {
      return (await progressOf([id]))[id];
    },

    progressOf,

    async restampStale(id, now, leaseBefore, limit) {
      const [from, to] = campaignKeyRange(id);
      const { results } = await db
        .prepare(
          `UPDATE outbox SET enqueued_at = ?3
           WHERE id IN (
             SELECT id FROM outbox
             WHERE dedupe_key >= ?1 AND dedupe_key < ?2 AND enqueued_at IS NOT NULL AND enqueued_at <= ?4
               AND (status = 'pending' OR (status = 'failed' AND next_attempt_at <= ?4))
             LIMIT ?5)
           RETURNING id`,
        )
        .bind(from, to, now, leaseBefore, limit)
        .all<{ id: string }>();
      return results.map((row) => row.id);
    },

    async newestSentWrittenAt(id) {
      const [from, to] = campaignKeyRange(id);
      const row = await db
        .prepare("SELECT max(created_at) AS at FROM outbox WHERE dedupe_key >= ? AND dedupe_key < ? AND status = 'sent'")
        .bind(from, to)
        .first<{ at: string | null }>();
      return row?.at ?? null;
    },
  };
}
