import type { SendPacer } from "~/data/ports/send-pacer";

/** The send pacer in D1: one row per provider; each statement runs atomically in SQLite. */
export function createD1SendPacer(db: D1Database): SendPacer {
  return {
    async reserve(key, now, intervalMs, latest) {
      const [, taken] = await db.batch<{ at: number }>([
        db.prepare("INSERT INTO send_pacer (key, next_at) VALUES (?, 0) ON CONFLICT (key) DO NOTHING").bind(key),
        db
          .prepare(
            `UPDATE send_pacer SET next_at = max(next_at, ?1) + ?2
             WHERE key = ?3 AND max(next_at, ?1) <= ?4
             RETURNING next_at - ?2 AS at`,
          )
          .bind(now, intervalMs, key, latest),
      ]);
      const slot = taken.results[0];
      if (slot) return { granted: true, at: Number(slot.at) };
      const row = await db.prepare("SELECT next_at FROM send_pacer WHERE key = ?").bind(key).first<{ next_at: number }>();
      return { granted: false, at: Number(row?.next_at ?? now) };
    },

    async pauseUntil(key, until) {
      await db
        .prepare(
          "INSERT INTO send_pacer (key, next_at) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET next_at = max(next_at, excluded.next_at)",
        )
        .bind(key, until)
        .run();
    },
  };
}
