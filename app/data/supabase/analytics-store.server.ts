import type { PostgrestError } from "@supabase/supabase-js";
import { LeadStoreError, assertLeadTable } from "~/data/lead-model";
import { createSupabaseAdminClient, type SupabaseOptions } from "~/data/supabase-client.server";
import type { AnalyticsStore, DailyCount } from "~/data/ports/analytics-store";

/**
 * Analytics on Supabase Postgres (supabase/migrations/20250901000014_analytics.sql): the insert and
 * every aggregate run in SQL functions over RPC (PostgREST cannot group). Server-only: service-role key.
 */

function fail(what: string, error: PostgrestError | null): void {
  if (error) throw new LeadStoreError(`${what} failed: ${error.message || error.code}`, { cause: error });
}

export function createSupabaseAnalyticsStore(options: SupabaseOptions): AnalyticsStore {
  const client = createSupabaseAdminClient(options);
  return {
    async record(event) {
      const { data, error } = await client
        .rpc("record_analytics_event", {
          p_name: event.name,
          p_variant: event.variant,
          p_day: event.day,
          p_session_id: event.sessionId,
          p_utm_source: event.utmSource,
          p_utm_medium: event.utmMedium,
          p_utm_campaign: event.utmCampaign,
          p_has_referrer: event.hasReferrer,
          p_js: event.js,
        })
        .retry(false);
      fail("Recording an analytics event", error);
      return data === true;
    },

    async dailyCounts(filter) {
      const { data, error } = await client
        .rpc("analytics_counts", {
          p_variants: filter.variants,
          p_from: filter.from,
          p_to: filter.to,
          p_utm_source: filter.utmSource,
          p_utm_campaign: filter.utmCampaign,
        })
        .retry(false);
      fail("Reading analytics counts", error);
      return ((data ?? []) as Array<{ day: string; name: string; count: number | string }>).map((row): DailyCount => ({
        day: String(row.day).slice(0, 10),
        name: row.name,
        count: Number(row.count),
      }));
    },

    referralFigures(tables, from, to, limit) {
      return Promise.all(
        tables.map(async (table) => {
          assertLeadTable(table);
          const [top, hours] = await Promise.all([
            client.rpc("analytics_referrers", { p_table: table, p_from: from, p_to: to, p_limit: limit }).retry(false),
            client.rpc("analytics_credit_hours", { p_table: table, p_from: from, p_to: to }).retry(false),
          ]);
          fail("Reading top referrers", top.error);
          fail("Reading referral times", hours.error);
          return {
            referrers: ((top.data ?? []) as Array<Record<string, unknown>>).map((row) => ({
              table,
              referrerId: String(row.referrer_id),
              email: String(row.email),
              refCode: (row.ref_code as string | null) ?? null,
              riskFlags: Array.isArray(row.risk_flags) ? (row.risk_flags as string[]) : [],
              credited: Number(row.credited),
              pending: Number(row.pending),
              rejected: Number(row.rejected),
            })),
            hoursToFirstCredit: ((hours.data ?? []) as Array<{ hours: number }>).map((row) => Number(row.hours)),
          };
        }),
      );
    },

    async deleteEventsBefore(day) {
      const { count, error } = await client.from("analytics_events").delete({ count: "exact" }).lt("day", day).retry(false);
      fail("Analytics clean-up", error);
      return count ?? 0;
    },
  };
}
