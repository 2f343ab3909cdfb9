import type { WebhookDelivery, WebhookEndpoint, WebhookStore } from "~/data/ports/webhook-store";

/**
 * Webhook endpoints and deliveries on D1 (migrations/0021_webhooks.sql, ADR 038). Every change of
 * a delivery is one conditional statement, so parallel senders change a row once.
 */

type Row = Record<string, unknown>;

const DELIVERY_COLUMNS = [
  "id",
  "event_id",
  "endpoint_id",
  "event_type",
  "payload",
  "status",
  "attempts",
  "last_response_code",
  "last_latency_ms",
  "next_attempt_at",
  "created_at",
  "updated_at",
] as const;

function endpointFrom(row: Row): WebhookEndpoint {
  return {
    ...(row as WebhookEndpoint),
    events: JSON.parse(String(row.events)) as WebhookEndpoint["events"],
    enabled: Number(row.enabled) === 1,
  };
}

function deliveryFrom(row: Row): WebhookDelivery {
  return { ...(row as WebhookDelivery), attempts: Number(row.attempts) };
}

export function createD1WebhookStore(db: D1Database): WebhookStore {
  const first = async (sql: string, ...params: unknown[]) =>
    await db
      .prepare(sql)
      .bind(...params)
      .first<Row>();

  return {
    async addEndpoint(endpoint) {
      await db
        .prepare(
          `INSERT INTO webhook_endpoints (id, url, events, secret, previous_secret, previous_secret_expires_at, enabled, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(
          endpoint.id,
          endpoint.url,
          JSON.stringify(endpoint.events),
          endpoint.secret,
          endpoint.previous_secret,
          endpoint.previous_secret_expires_at,
          endpoint.enabled ? 1 : 0,
          endpoint.created_at,
          endpoint.updated_at,
        )
        .run();
    },

    async getEndpoint(id) {
      const row = await first("SELECT * FROM webhook_endpoints WHERE id = ?", id);
      return row ? endpointFrom(row) : null;
    },

    async listEndpoints() {
      const { results } = await db.prepare("SELECT * FROM webhook_endpoints ORDER BY created_at, id").all<Row>();
      return results.map(endpointFrom);
    },

    async updateEndpoint(id, change) {
      const entries = Object.entries(change).map(([key, value]): [string, unknown] => [key, key === "enabled" ? (value ? 1 : 0) : value]);
      const result = await db
        .prepare(`UPDATE webhook_endpoints SET ${entries.map(([key]) => `${key} = ?`).join(", ")} WHERE id = ?`)
        .bind(...entries.map(([, value]) => value ?? null), id)
        .run();
      return result.meta.changes > 0;
    },

    async insertDeliveries(rows) {
      if (!rows.length) return [];
      // One batch (one transaction): a row comes back only when its statement wrote it.
      const written = await db.batch<Row>(
        rows.map((row) =>
          db
            .prepare(
              `INSERT INTO webhook_deliveries (${DELIVERY_COLUMNS.join(", ")}) VALUES (${DELIVERY_COLUMNS.map(() => "?").join(", ")})
               ON CONFLICT (event_id, endpoint_id) DO NOTHING RETURNING id`,
            )
            .bind(...DELIVERY_COLUMNS.map((column) => row[column] ?? null)),
        ),
      );
      return rows.filter((_, i) => written[i].results.length > 0);
    },

    async getDelivery(id) {
      const row = await first("SELECT * FROM webhook_deliveries WHERE id = ?", id);
      return row ? deliveryFrom(row) : null;
    },

    async claim(id, now, leaseUntil) {
      const row = await first(
        `UPDATE webhook_deliveries SET next_attempt_at = ?, updated_at = ?
         WHERE id = ? AND status = 'pending' AND next_attempt_at <= ? RETURNING *`,
        leaseUntil,
        now,
        id,
        now,
      );
      return row ? deliveryFrom(row) : null;
    },

    async claimDue(now, leaseUntil, limit) {
      // One statement: the subquery and the update see the same rows, so two sweeps split them.
      const { results } = await db
        .prepare(
          `UPDATE webhook_deliveries SET next_attempt_at = ?1, updated_at = ?2
           WHERE id IN (SELECT id FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= ?2 ORDER BY created_at LIMIT ?3)
           RETURNING *`,
        )
        .bind(leaseUntil, now, limit)
        .all<Row>();
      return results.map(deliveryFrom).sort((a, b) => a.created_at.localeCompare(b.created_at));
    },

    async dueIds(before, limit) {
      const { results } = await db
        .prepare("SELECT id FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY created_at LIMIT ?")
        .bind(before, limit)
        .all<{ id: string }>();
      return results.map((row) => row.id);
    },

    async recordAttempt(id, record) {
      await db
        .prepare(
          `UPDATE webhook_deliveries SET status = ?, attempts = ?, last_response_code = ?, last_latency_ms = ?, next_attempt_at = ?, updated_at = ?
           WHERE id = ?`,
        )
        .bind(
          record.status,
          record.attempts,
          record.last_response_code,
          record.last_latency_ms,
          record.next_attempt_at,
          record.updated_at,
          id,
        )
        .run();
    },

    async replay(id, now) {
      const row = await first(
        "UPDATE webhook_deliveries SET status = 'pending', attempts = 0, next_attempt_at = ?, updated_at = ? WHERE id = ? AND status <> 'cancelled' RETURNING *",
        now,
        now,
        id,
      );
      return row ? deliveryFrom(row) : null;
    },

    async listDeliveries(limit, filter = {}) {
      const where = filter.endpointId ? "WHERE endpoint_id = ?" : "";
      const { results } = await db
        .prepare(`SELECT * FROM webhook_deliveries ${where} ORDER BY created_at DESC, id LIMIT ?`)
        .bind(...(filter.endpointId ? [filter.endpointId] : []), limit)
        .all<Row>();
      return results.map(deliveryFrom);
    },
  };
}
