import type { OutboxChange, OutboxRow, OutboxStatus, OutboxStore } from "~/data/ports/outbox-store";

const COLUMNS = [
  "id",
  "dedupe_key",
  "template",
  "variant",
  "recipient",
  "subject",
  "html",
  "text",
  "status",
  "attempts",
  "last_error",
  "provider_message_id",
  "next_attempt_at",
  "created_at",
  "updated_at",
  "render_input",
  "origin",
  "enqueued_at",
  "batch_key",
] as const;

const CHANGEABLE = new Set([
  "status",
  "attempts",
  "last_error",
  "provider_message_id",
  "next_attempt_at",
  "updated_at",
  "subject",
  "html",
  "text",
  "render_input",
  "recipient",
  "enqueued_at",
  "batch_key",
]);

const INSERT = `INSERT INTO outbox (${COLUMNS.join(", ")}) VALUES (${COLUMNS.map(() => "?").join(", ")})`;

/**
 * Many rows in one statement, from a JSON array of rows (each an array in COLUMNS' order), in the
 * array's order: a dedupe key already taken (or taken earlier in the array) writes nothing.
 * `WHERE true` tells SQLite's parser the ON CONFLICT belongs to the INSERT.
 */
const INSERT_MANY = `INSERT INTO outbox (${COLUMNS.join(", ")})
  SELECT ${COLUMNS.map((_, i) => `value ->> ${i}`).join(", ")} FROM json_each(?) WHERE true ORDER BY key
  ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`;

/** Below D1's 2 MB limit on one bound string, with room to spare: rows with rendered bodies are large. */
const MAX_JSON_CHARS = 500_000;

/** The rows as JSON arrays of at most MAX_JSON_CHARS each (a row larger than that goes alone). */
function jsonGroups(rows: unknown[][]): string[] {
  const groups: string[] = [];
  let group: string[] = [];
  let size = 0;
  for (const row of rows) {
    const json = JSON.stringify(row);
    if (group.length && size + json.length > MAX_JSON_CHARS) {
      groups.push(`[${group.join(",")}]`);
      group = [];
      size = 0;
    }
    group.push(json);
    size += json.length + 1;
  }
  if (group.length) groups.push(`[${group.join(",")}]`);
  return groups;
}

/** A due row: a failed send whose next attempt has come, or a pending one nobody touched since `?` (a send that died). */
const DUE = "(status = 'failed' AND next_attempt_at <= ?) OR (status = 'pending' AND updated_at <= ?)";

/** The outbox in Cloudflare D1 (SQLite), the embedded default. */
export function createD1Outbox(db: D1Database): OutboxStore {
  const getByKey = async (dedupeKey: string) =>
    (await db.prepare("SELECT * FROM outbox WHERE dedupe_key = ?").bind(dedupeKey).first<OutboxRow>()) ?? null;

  return {
    async insert(row) {
      await db
        .prepare(INSERT)
        .bind(...COLUMNS.map((column) => row[column] ?? null))
        .run();
    },

    async insertOnce(row) {
      const result = await db
        .prepare(`${INSERT} ON CONFLICT (dedupe_key) DO NOTHING`)
        .bind(...COLUMNS.map((column) => row[column] ?? null))
        .run();
      if (result.meta.changes === 1) return { created: true, row };
      const existing = await getByKey(row.dedupe_key);
      if (!existing) throw new Error(`Outbox insert of ${row.dedupe_key} neither wrote nor found a row`);
      return { created: false, row: existing };
    },

    async insertManyOnce(rows) {
      if (!rows.length) return [];
      // One statement per group of rows, the rows as one JSON parameter: each statement of a batch
      // counts against D1's queries per invocation, and a campaign's step writes a thousand rows.
      // Only the rows a statement wrote come back from it.
      const groups = jsonGroups(rows.map((row) => COLUMNS.map((column) => row[column] ?? null)));
      const written = await db.batch<{ id: string }>(groups.map((json) => db.prepare(INSERT_MANY).bind(json)));
      const created = new Set(written.flatMap((result) => result.results.map((row) => row.id)));
      const missing = rows.filter((row) => !created.has(row.id)).map((row) => row.dedupe_key);
      const existing = new Map<string, OutboxRow>();
      if (missing.length) {
        const { results } = await db
          .prepare("SELECT * FROM outbox WHERE dedupe_key IN (SELECT value FROM json_each(?))")
          .bind(JSON.stringify(missing))
          .all<OutboxRow>();
        for (const row of results) existing.set(row.dedupe_key, row);
      }
      return rows.map((row) => {
        if (created.has(row.id)) return { created: true, row };
        const found = existing.get(row.dedupe_key);
        if (!found) throw new Error(`Outbox insert of ${row.dedupe_key} neither wrote nor found a row`);
        return { created: false, row: found };
      });
    },

    async get(id) {
      return (await db.prepare("SELECT * FROM outbox WHERE id = ?").bind(id).first<OutboxRow>()) ?? null;
    },

    getByKey,

    async update(id, change: OutboxChange, onlyIf) {
      const entries = Object.entries(change).filter(([key]) => CHANGEABLE.has(key));
      const where = `${onlyIf ? "id = ? AND recipient = ?" : "id = ?"}${onlyIf?.unlessSent ? " AND status != 'sent'" : ""}`;
      await db
        .prepare(`UPDATE outbox SET ${entries.map(([key]) => `${key} = ?`).join(", ")} WHERE ${where}`)
        .bind(...entries.map(([, value]) => value ?? null), id, ...(onlyIf ? [onlyIf.recipient] : []))
        .run();
    },

    async claim(id, from: OutboxStatus, seenAt, now) {
      const result = await db
        .prepare("UPDATE outbox SET status = 'pending', updated_at = ? WHERE id = ? AND status = ? AND updated_at = ?")
        .bind(now, id, from, seenAt)
        .run();
      return result.meta.changes === 1;
    },

    async due(now, stalePendingBefore, limit) {
      const { results } = await db
        .prepare(`SELECT * FROM outbox WHERE ${DUE} ORDER BY created_at LIMIT ?`)
        .bind(now, stalePendingBefore, limit)
        .all<OutboxRow>();
      return results;
    },

    async claimDue(now, stalePendingBefore, limit) {
      // One statement, so SQLite runs it atomically: a parallel claim sees these rows pending and fresh.
      const { results } = await db
        .prepare(
          `UPDATE outbox SET status = 'pending', updated_at = ?
           WHERE id IN (SELECT id FROM outbox WHERE ${DUE} ORDER BY created_at LIMIT ?)
           RETURNING *`,
        )
        .bind(now, now, stalePendingBefore, limit)
        .all<OutboxRow>();
      return results;
    },

    async list(limit, { offset = 0, recipient } = {}) {
      // instr, not LIKE: D1 refuses a LIKE pattern longer than 50 bytes, and a search needs no wildcards.
      const where = recipient ? "WHERE instr(lower(recipient), ?) > 0" : "";
      const params = recipient ? [recipient.toLowerCase(), limit, offset] : [limit, offset];
      const { results } = await db
        .prepare(`SELECT * FROM outbox ${where} ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?`)
        .bind(...params)
        .all<OutboxRow>();
      return results;
    },

    async clearBodies(before) {
      const result = await db
        .prepare(
          `UPDATE outbox SET subject = '', html = '', text = '', render_input = NULL
           WHERE created_at < ? AND status NOT IN ('pending', 'failed')
             AND (subject != '' OR html != '' OR text != '' OR render_input IS NOT NULL)`,
        )
        .bind(before)
        .run();
      return result.meta.changes;
    },

    async claimForEnqueue(now, stalePendingBefore, leaseBefore, limit) {
      // One statement, so a parallel sweep sees these rows stamped and leaves them.
      const { results } = await db
        .prepare(
          `UPDATE outbox SET enqueued_at = ?
           WHERE id IN (SELECT id FROM outbox WHERE (${DUE}) AND (enqueued_at IS NULL OR enqueued_at <= ?) ORDER BY created_at LIMIT ?)
           RETURNING *`,
        )
        .bind(now, now, stalePendingBefore, leaseBefore, limit)
        .all<OutboxRow>();
      return results;
    },

    // The ids go in as one JSON parameter: D1 binds at most 100 variables, and a queue batch alone is 100 ids.
    async releaseEnqueued(ids) {
      if (!ids.length) return;
      await db.prepare("UPDATE outbox SET enqueued_at = NULL WHERE id IN (SELECT value FROM json_each(?))").bind(JSON.stringify(ids)).run();
    },

    async claimEnqueued(ids, now) {
      if (!ids.length) return [];
      const { results } = await db
        .prepare(
          `UPDATE outbox SET status = 'pending', updated_at = ?, enqueued_at = NULL
           WHERE id IN (SELECT value FROM json_each(?)) AND enqueued_at IS NOT NULL
             AND (status = 'pending' OR (status = 'failed' AND next_attempt_at <= ?))
           RETURNING *`,
        )
        .bind(now, JSON.stringify(ids), now)
        .all<OutboxRow>();
      return results;
    },

    async markBatch(ids, key, claimedAt) {
      if (!ids.length) return [];
      const { results } = await db
        .prepare(
          `UPDATE outbox SET batch_key = ?
           WHERE id IN (SELECT value FROM json_each(?)) AND status = 'pending' AND enqueued_at IS NULL AND updated_at = ?
           RETURNING id`,
        )
        .bind(key, JSON.stringify(ids), claimedAt)
        .all<{ id: string }>();
      return results.map((row) => row.id);
    },

    async listBatch(key) {
      const { results } = await db.prepare("SELECT * FROM outbox WHERE batch_key = ? ORDER BY id").bind(key).all<OutboxRow>();
      return results;
    },

    async listDead({ limit }) {
      const { results } = await db
        .prepare("SELECT * FROM outbox WHERE status = 'dead' ORDER BY updated_at DESC, rowid DESC LIMIT ?")
        .bind(limit)
        .all<OutboxRow>();
      return results;
    },

    async retryDead(id, now) {
      const result = await db
        .prepare(
          "UPDATE outbox SET status = 'failed', next_attempt_at = ?, updated_at = ?, enqueued_at = NULL, batch_key = NULL WHERE id = ? AND status = 'dead'",
        )
        .bind(now, now, id)
        .run();
      return result.meta.changes === 1;
    },

    async giveUp(id, now, reason) {
      const result = await db
        .prepare(
          `UPDATE outbox SET status = 'skipped', next_attempt_at = NULL, updated_at = ?, enqueued_at = NULL,
             last_error = ? || coalesce(' (last error: ' || last_error || ')', '')
           WHERE id = ? AND status IN ('failed', 'dead')`,
        )
        .bind(now, reason, id)
        .run();
      return result.meta.changes === 1;
    },
  };
}
