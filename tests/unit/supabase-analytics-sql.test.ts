import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSupabasePg } from "./helpers/supabase-pg";

/** The analytics functions of the Supabase migration on a real Postgres engine (PGlite). */

let db: PGlite;
beforeAll(async () => {
  db = await startSupabasePg(["20250901000001_leads_and_users.sql", "20250901000006_referrals.sql", "20250901000014_analytics.sql"]);
});
afterAll(async () => {
  await db?.close();
});

const record = async (session: string | null, name = "landing_view", campaign = "spring", variant = "genius") =>
  (
    await db.query<{ r: boolean }>(`select public.record_analytics_event($1, $2, current_date, $3, 'fb', 'cpc', $4, false, 'on') as r`, [
      name,
      variant,
      session,
      campaign,
    ])
  ).rows[0].r;

describe("supabase/migrations/20250901000014_analytics.sql", () => {
  it("counts once per session and keeps the rollup in step; filters by variant and campaign", async () => {
    expect(await record("a")).toBe(true);
    expect(await record("a")).toBe(false);
    expect(await record(null)).toBe(true);
    expect(await record(null)).toBe(true);
    expect(await record("b", "landing_view", "autumn")).toBe(true);
    expect(await record("c", "landing_view", "spring", "tennis")).toBe(true);
    const counts = async (variants: string[], campaign: string | null) =>
      (
        await db.query<{ n: number }>(
          `select coalesce(sum(count), 0)::int as n from public.analytics_counts($1, current_date - 1, current_date, null, $2)`,
          [variants, campaign],
        )
      ).rows[0].n;
    expect(await counts(["genius"], "spring")).toBe(3);
    expect(await counts(["genius"], null)).toBe(4);
    expect(await counts(["genius", "tennis"], "spring")).toBe(4);
    const raw = (await db.query<{ n: number }>(`select count(*)::int as n from public.analytics_events`)).rows[0].n;
    const rolled = (await db.query<{ n: number }>(`select sum(count)::int as n from public.analytics_daily`)).rows[0].n;
    expect(rolled).toBe(raw);
  });

  it("ranks referrers and measures the time to a first credit", async () => {
    const lead = async (email: string) =>
      (
        await db.query<{ id: string }>(`insert into public.leads (email, created_at) values ($1, now() - interval '2 days') returning id`, [
          email,
        ])
      ).rows[0].id;
    const top = await lead("top@x.io");
    for (const status of ["credited", "credited", "pending"]) {
      await db.query(
        `insert into public.referrals (lead_table, referred_id, referrer_id, ref_code, variant, status, credited_at)
         values ('leads', gen_random_uuid(), $1, 'C', 'genius', $2, case when $2 = 'credited' then now() end)`,
        [top, status],
      );
    }
    const rows = (
      await db.query<{ email: string; credited: number; pending: number }>(
        `select email, credited::int, pending::int from public.analytics_referrers('leads', now() - interval '1 day', now() + interval '1 day', 10)`,
      )
    ).rows;
    expect(rows).toEqual([{ email: "top@x.io", credited: 2, pending: 1 }]);
    const hours = (
      await db.query<{ hours: number }>(
        `select hours from public.analytics_credit_hours('leads', now() - interval '1 day', now() + interval '1 day')`,
      )
    ).rows;
    expect(hours).toHaveLength(1);
    expect(hours[0].hours).toBeCloseTo(48, 0);
    await expect(db.query(`select * from public.analytics_referrers('users', now(), now(), 1)`)).rejects.toThrow(/Unknown lead table/);
  });

  it("lets neither anon nor signed-in users read or write the events", async () => {
    for (const role of ["anon", "authenticated"]) {
      await db.exec(`set role ${role}`);
      try {
        await expect(db.query(`select * from public.analytics_events`)).rejects.toThrow(/permission denied/);
        await expect(
          db.query(`select public.record_analytics_event('x', 'genius', current_date, null, '', '', '', false, 'on')`),
        ).rejects.toThrow(/permission denied/);
      } finally {
        await db.exec(`reset role`);
      }
    }
  });
});
