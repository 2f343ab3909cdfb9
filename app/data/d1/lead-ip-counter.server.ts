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
  };
}
