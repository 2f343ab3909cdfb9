import { assertLeadTable } from "~/data/lead-model";
import type { AnalyticsStore, DailyCount, ReferrerRow } from "~/data/ports/analytics-store";

/**
 * Analytics on D1 (migrations/0009_analytics.sql). The raw insert refuses a second event of a
 * session (ON CONFLICT DO NOTHING); the table's trigger adds each inserted event to the daily
 * rollup in the same statement, so the dashboard reads a few thousand rollup rows, never the events.
 */

function flags(raw: unknown): string[] {
  if (typeof raw !== "string") return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((flag): flag is string => typeof flag === "string") : [];
  } catch {
    return [];
  }
}

export function createD1AnalyticsStore(db: D1Database): AnalyticsStore {
  return {
    async record(event) {
      const inserted = await db
        .prepare(
          `INSERT INTO analytics_events (name, variant, day, session_id, utm_source, utm_medium, utm_campaign, has_referrer, js, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (session_id, variant, name) DO NOTHING RETURNING id`,
        )
        .bind(
          event.name,
          event.variant,
          event.day,
          event.sessionId,
          event.utmSource,
          event.utmMedium,
          event.utmCampaign,
          event.hasReferrer ? 1 : 0,
          event.js,
          new Date().toISOString(),
        )
        .first<{ id: number }>();
      return inserted !== null;
    },

    async dailyCounts(filter) {
      if (filter.variants.length === 0) return [];
      const params: unknown[] = [filter.from, filter.to, ...filter.variants];
      let where = `day BETWEEN ?1 AND ?2 AND variant IN (${filter.variants.map((_, i) => `?${i + 3}`).join(", ")})`;
      // Without UTM filters the totals (a few rows a day) answer; with one, its covering index does.
      const table = filter.utmCampaign === null && filter.utmSource === null ? "analytics_daily_totals" : "analytics_daily";
      if (filter.utmCampaign !== null) {
        params.push(filter.utmCampaign);
        where += ` AND utm_campaign = ?${params.length}`;
      }
      if (filter.utmSource !== null) {
        params.push(filter.utmSource);
        where += ` AND utm_source = ?${params.length}`;
      }
      const { results } = await db
        .prepare(`SELECT day, name, SUM(count) AS count FROM ${table} WHERE ${where} GROUP BY day, name`)
        .bind(...params)
        .all<DailyCount>();
      return results.map((row) => ({ day: row.day, name: row.name, count: Number(row.count) }));
    },

    async referralFigures(tables, from, to, limit) {
      if (tables.length === 0) return [];
      // One round trip for every table's two reads (a D1 batch).
      const statements = tables.flatMap((table) => {
        assertLeadTable(table);
        return [
          db
            .prepare(
              `SELECT r.referrer_id, l.email, l.ref_code, l.risk_flags,
                      SUM(r.status = 'credited') AS credited, SUM(r.status = 'pending') AS pending,
                      SUM(r.status = 'rejected') AS rejected
                 FROM referrals r JOIN ${table} l ON l.id = r.referrer_id
                WHERE r.lead_table = ?1 AND r.created_at >= ?2 AND r.created_at < ?3
                GROUP BY r.referrer_id
                ORDER BY credited DESC, pending DESC, l.email
                LIMIT ?4`,
            )
            .bind(table, from, to, limit),
          // First credits per referrer from the index alone, then one lead read per referrer found.
          db
            .prepare(
              `SELECT (julianday(f.first_credit) - julianday(l.created_at)) * 24 AS hours
                 FROM (SELECT referrer_id, MIN(credited_at) AS first_credit FROM referrals
                        WHERE lead_table = ?1 AND status = 'credited'
                        GROUP BY referrer_id
                       HAVING first_credit >= ?2 AND first_credit < ?3) f
                 JOIN ${table} l ON l.id = f.referrer_id`,
            )
            .bind(table, from, to),
        ];
      });
      const results = await db.batch<Record<string, unknown>>(statements);
      return tables.map((table, i) => ({
        referrers: results[2 * i].results.map((row): ReferrerRow => ({
          table,
          referrerId: String(row.referrer_id),
          email: String(row.email),
          refCode: (row.ref_code as string | null) ?? null,
          riskFlags: flags(row.risk_flags),
          credited: Number(row.credited),
          pending: Number(row.pending),
          rejected: Number(row.rejected),
        })),
        hoursToFirstCredit: results[2 * i + 1].results.map((row) => Number(row.hours)),
      }));
    },

    async deleteEventsBefore(day) {
      const result = await db.prepare("DELETE FROM analytics_events WHERE day < ?").bind(day).run();
      return result.meta.changes;
    },
  };
}
