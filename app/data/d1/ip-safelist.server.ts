import type { AuditEntry, IpSafelistStore, SafelistEntry } from "~/data/ports/ip-safelist";

/** The IP safelist and admin audit on D1 (migrations/0020_referral_holds.sql): a change and its audit entry in one batch. */
export function createD1IpSafelist(db: D1Database): IpSafelistStore {
  const auditInsert = (action: string, detail: string, actor: string, at: string) =>
    db
      .prepare("INSERT INTO admin_audit (id, action, detail, actor, at) VALUES (?, ?, ?, ?, ?)")
      .bind(crypto.randomUUID(), action, detail, actor, at);

  return {
    async list() {
      const { results } = await db.prepare("SELECT * FROM ip_safelist ORDER BY added_at, cidr").all<SafelistEntry>();
      return results;
    },

    async add({ cidr, note, actor, at }) {
      const id = crypto.randomUUID();
      const [inserted] = await db.batch<SafelistEntry>([
        db
          .prepare(
            "INSERT INTO ip_safelist (id, cidr, note, added_by, added_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (cidr) DO NOTHING RETURNING *",
          )
          .bind(id, cidr, note, actor, at),
        // Only when the row above was written (a repeat writes no audit entry).
        db
          .prepare(
            "INSERT INTO admin_audit (id, action, detail, actor, at) SELECT ?, 'safelist.add', ?, ?, ? WHERE EXISTS (SELECT 1 FROM ip_safelist WHERE id = ?)",
          )
          .bind(crypto.randomUUID(), cidr, actor, at, id),
      ]);
      return inserted.results[0] ?? null;
    },

    async remove(id, actor, at) {
      const [, removed] = await db.batch<SafelistEntry>([
        db
          .prepare(
            "INSERT INTO admin_audit (id, action, detail, actor, at) SELECT ?, 'safelist.remove', cidr, ?, ? FROM ip_safelist WHERE id = ?",
          )
          .bind(crypto.randomUUID(), actor, at, id),
        db.prepare("DELETE FROM ip_safelist WHERE id = ? RETURNING *").bind(id),
      ]);
      return removed.results[0] ?? null;
    },

    async audit({ action, detail, actor, at }) {
      await auditInsert(action, detail, actor, at).run();
    },

    async auditLog(limit) {
      const { results } = await db
        .prepare(`SELECT * FROM admin_audit ORDER BY at DESC, rowid DESC LIMIT ${Math.max(1, Math.floor(limit))}`)
        .all<AuditEntry>();
      return results;
    },
  };
}
