import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSupabasePg } from "./helpers/supabase-pg";

/** The admin console's Supabase functions on a real Postgres engine (PGlite): the stats and a page's places. */

let db: PGlite;
beforeAll(async () => {
  db = await startSupabasePg(["20250901000001_leads_and_users.sql", "20250901000006_referrals.sql", "20250901000009_admin_console.sql"]);
});
afterAll(async () => {
  await db?.close();
});

const one = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows[0];

async function lead(email: string, hoursAgo: number) {
  return (
    await one<{ id: string }>(`insert into public.leads (email, created_at) values ($1, now() - make_interval(hours => $2)) returning id`, [
      email,
      hoursAgo,
    ])
  ).id;
}

describe("supabase/migrations/20250901000009_admin_console.sql", () => {
  it("counts placeholder leads only as incomplete, and ranks a page's places in one call", async () => {
    const a = await lead("a@x.io", 1);
    const b = await lead("b@x.io", 24 * 3);
    const c = await lead("c@x.io", 24 * 30);
    await lead("pending@placeholder.invalid", 1);
    await db.query(`select public.confirm_lead('leads', $1, now(), 5)`, [a]);
    await db.query(`select public.confirm_lead('leads', $1, now(), 5)`, [b]);
    const stats = await one<{ s: Record<string, unknown> }>(
      `select public.lead_stats('leads', now() - interval '12 hours', now() - interval '7 days') as s`,
    );
    expect(stats.s).toMatchObject({ total: 3, confirmed: 2, today: 1, week: 2, incomplete: 1, bySource: { main_funnel: 3 } });
    const places = (
      await db.query<{ id: string; place: number | null }>(`select * from public.lead_places('leads', $1::uuid[])`, [[a, b, c]])
    ).rows;
    expect(Object.fromEntries(places.map((row) => [row.id, row.place]))).toEqual({ [a]: 1, [b]: 2, [c]: null });
  });
});
