import type { Suppression, SuppressionStore } from "~/data/ports/suppression-store";

export function createD1Suppressions(db: D1Database): SuppressionStore {
  return {
    async add(hash, scope, reason, at) {
      await db
        .prepare("INSERT INTO suppressions (email_hash, scope, reason, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING")
        .bind(hash, scope, reason, at)
        .run();
    },
    async entriesOf(hash) {
      const { results } = await db
        .prepare("SELECT scope, reason, created_at FROM suppressions WHERE email_hash = ?")
        .bind(hash)
        .all<Suppression>();
      return results;
    },
    async entriesOfMany(hashes) {
      const found: Record<string, Suppression[]> = {};
      if (!hashes.length) return found;
      const { results } = await db
        .prepare("SELECT email_hash, scope, reason, created_at FROM suppressions WHERE email_hash IN (SELECT value FROM json_each(?))")
        .bind(JSON.stringify(hashes))
        .all<Suppression & { email_hash: string }>();
      for (const { email_hash, ...entry } of results) (found[email_hash] ??= []).push(entry);
      return found;
    },
  };
}
