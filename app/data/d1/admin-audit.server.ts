import { AUDIT_KIND, type AdminAuditStore, type AuditRow } from "~/data/ports/admin-audit";

/** The admin audit on D1 (migrations/0020_referral_holds.sql, 0026_admin_audit_target.sql). */
export function createD1AdminAudit(db: D1Database): AdminAuditStore {
  return {
    async record({ action, target, detail, variant, actor, at }) {
      await db
        .prepare("INSERT INTO admin_audit (id, action, target, detail, variant, actor, at) VALUES (?, ?, ?, ?, ?, ?, ?)")
        .bind(crypto.randomUUID(), action, target, detail, variant, actor, at)
        .run();
    },

    async page({ kind, page, pageSize }) {
      const size = Math.max(1, Math.floor(pageSize));
      const offset = (Math.max(1, Math.floor(page)) - 1) * size;
      const where = kind && AUDIT_KIND.test(kind) ? "WHERE action LIKE ?" : "";
      const binds = where ? [`${kind}.%`] : [];
      const [rows, count] = await db.batch<AuditRow | { n: number }>([
        db
          .prepare(
            `SELECT id, action, target, detail, variant, actor, at FROM admin_audit ${where} ORDER BY at DESC, rowid DESC LIMIT ? OFFSET ?`,
          )
          .bind(...binds, size, offset),
        db.prepare(`SELECT COUNT(*) AS n FROM admin_audit ${where}`).bind(...binds),
      ]);
      return { rows: rows.results as AuditRow[], total: Number((count.results[0] as { n: number } | undefined)?.n ?? 0) };
    },
  };
}
