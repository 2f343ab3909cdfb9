import type { LeadIpCounter } from "~/data/ports/lead-ip-counter";

export function createD1LeadIpCounter(db: D1Database): LeadIpCounter {
  return {
    async count(ipHash, windows, now) {
      const results = await db.batch<{ count: number }>([
        db.prepare("DELETE FROM lead_ip_counts WHERE expires_at < ?").bind(now.toISOString()),
        ...windows.map((w) =>
          db
            .prepare(
              `INSERT INTO lead_ip_counts (ip_hash, bucket, count, expires_at) VALUES (?, ?, 1, ?)
           ON CONFLICT (ip_hash, bucket) DO UPDATE SET count = count + 1 RETURNING count`,
            )
            .bind(ipHash, w.bucket, w.expiresAt),
        ),
      ]);
      return results.slice(1).map((result) => Number(result.results[0]?.count ?? 0));
    },

    async countMember(ipHash, member, windows, now) {
      // The nonce tells the counter's upsert whether this batch added the member (new: one more).
      const nonce = crypto.randomUUID();
      const added = "(SELECT COUNT(*) FROM lead_ip_members WHERE ip_hash = ?1 AND bucket = ?2 AND member = ?4 AND nonce = ?5)";
      const results = await db.batch<{ count: number }>([
        db.prepare("DELETE FROM lead_ip_counts WHERE expires_at < ?").bind(now.toISOString()),
        db.prepare("DELETE FROM lead_ip_members WHERE expires_at < ?").bind(now.toISOString()),
        ...windows.flatMap((w) => [
          db
            .prepare(
              "INSERT INTO lead_ip_members (ip_hash, bucket, member, nonce, expires_at) VALUES (?1, ?2, ?4, ?5, ?3) ON CONFLICT DO NOTHING",
            )
            .bind(ipHash, w.bucket, w.expiresAt, member, nonce),
          db
            .prepare(
              `INSERT INTO lead_ip_counts (ip_hash, bucket, count, expires_at) VALUES (?1, ?2, ${added}, ?3)
               ON CONFLICT (ip_hash, bucket) DO UPDATE SET count = count + ${added} RETURNING count`,
            )
            .bind(ipHash, w.bucket, w.expiresAt, member, nonce),
        ]),
      ]);
      return results
        .slice(2)
        .filter((_, i) => i % 2 === 1)
        .map((result) => Number(result.results[0]?.count ?? 0));
    },
  };
}
