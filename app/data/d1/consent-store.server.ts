import type { ConsentStore } from "~/data/ports/consent-store";

export function createD1ConsentStore(db: D1Database): ConsentStore {
  return {
    async add(record) {
      await db
        .prepare(
          "INSERT INTO consent_records (id, variant, choice, policy_version, ip_hash, created_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING",
        )
        .bind(record.id, record.variant, record.choice, record.policy_version, record.ip_hash, record.created_at)
        .run();
    },
    async deleteBefore(before) {
      const result = await db.prepare("DELETE FROM consent_records WHERE created_at < ?").bind(before).run();
      return result.meta.changes;
    },
  };
}
