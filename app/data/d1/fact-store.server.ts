import type { DeadHandling, Fact, FactHandling, FactStore, HandlingStatus } from "~/data/ports/fact-store";

/**
 * Facts on D1 (migrations/0035_facts.sql, docs/decisions/046-facts-and-reactions.md). Every change
 * of a handling is one conditional statement, so parallel runs change a row once.
 */

type Row = Record<string, unknown>;

function factFrom(row: Row): Fact {
  return {
    id: String(row.id),
    type: String(row.type),
    payload: JSON.parse(String(row.payload)) as Record<string, unknown>,
    created_at: String(row.created_at),
    handled_at: (row.handled_at as string | null) ?? null,
  };
}

function handlingFrom(row: Row): FactHandling {
  return {
    fact_id: String(row.fact_id),
    handler: String(row.handler),
    status: row.status as HandlingStatus,
    attempts: Number(row.attempts ?? 0),
    last_error: (row.last_error as string | null) ?? null,
    updated_at: String(row.updated_at),
    done_at: (row.done_at as string | null) ?? null,
  };
}

export function createD1FactStore(db: D1Database): FactStore {
  return {
    async get(id) {
      const row = await db.prepare("SELECT * FROM facts WHERE id = ?").bind(id).first<Row>();
      return row ? factFrom(row) : null;
    },

    async unhandled(before, limit) {
      const { results } = await db
        .prepare("SELECT * FROM facts WHERE handled_at IS NULL AND created_at < ? ORDER BY created_at LIMIT ?")
        .bind(before, limit)
        .all<Row>();
      return results.map(factFrom);
    },

    async handlingsOf(factId) {
      const { results } = await db.prepare("SELECT * FROM fact_handlings WHERE fact_id = ?").bind(factId).all<Row>();
      return results.map(handlingFrom);
    },

    async finish(factId, handler, at) {
      await db
        .prepare(
          `INSERT INTO fact_handlings (fact_id, handler, status, updated_at, done_at) VALUES (?1, ?2, 'done', ?3, ?3)
           ON CONFLICT (fact_id, handler) DO UPDATE SET status = 'done', updated_at = ?3, done_at = ?3 WHERE status = 'pending'`,
        )
        .bind(factId, handler, at)
        .run();
    },

    async fail(factId, handler, error, at, maxAttempts) {
      const row = await db
        .prepare(
          `INSERT INTO fact_handlings (fact_id, handler, status, attempts, last_error, updated_at)
             VALUES (?1, ?2, CASE WHEN ?5 <= 1 THEN 'dead' ELSE 'pending' END, 1, ?3, ?4)
           ON CONFLICT (fact_id, handler) DO UPDATE SET attempts = attempts + 1, last_error = ?3, updated_at = ?4,
             status = CASE WHEN attempts + 1 >= ?5 THEN 'dead' ELSE 'pending' END
           WHERE status = 'pending'
           RETURNING status`,
        )
        .bind(factId, handler, error.slice(0, 1000), at, maxAttempts)
        .first<Row>();
      if (row) return row.status as HandlingStatus;
      const found = await db
        .prepare("SELECT status FROM fact_handlings WHERE fact_id = ? AND handler = ?")
        .bind(factId, handler)
        .first<Row>();
      return (found?.status as HandlingStatus | undefined) ?? "pending";
    },

    async markHandled(factId, at) {
      await db.prepare("UPDATE facts SET handled_at = ? WHERE id = ? AND handled_at IS NULL").bind(at, factId).run();
    },

    async listDead(limit) {
      const { results } = await db
        .prepare(
          `SELECT h.*, f.type AS fact_type FROM fact_handlings h JOIN facts f ON f.id = h.fact_id
           WHERE h.status = 'dead' ORDER BY h.updated_at DESC LIMIT ?`,
        )
        .bind(limit)
        .all<Row>();
      return results.map((row): DeadHandling => ({ ...handlingFrom(row), fact_type: String(row.fact_type) }));
    },

    async replay(factId, handler, at) {
      const [revived] = await db.batch([
        db
          .prepare(
            `UPDATE fact_handlings SET status = 'pending', attempts = 0, updated_at = ?3
             WHERE fact_id = ?1 AND handler = ?2 AND status = 'dead'`,
          )
          .bind(factId, handler, at),
        // The fact is for the sweep again while a handling of it is pending.
        db
          .prepare(
            `UPDATE facts SET handled_at = NULL
             WHERE id = ?1 AND EXISTS (SELECT 1 FROM fact_handlings WHERE fact_id = ?1 AND status = 'pending')`,
          )
          .bind(factId),
      ]);
      return revived.meta.changes > 0;
    },
  };
}
