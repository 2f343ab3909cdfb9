import { readFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/** The admin console's Supabase functions on a real Postgres engine (PGlite): the stats and a page's places. */
const SHIM = `
  do $$ begin
    if not exists (select from pg_roles where rolname = 'anon') then create role anon nologin noinherit; end if;
    if not exists (select from pg_roles where rolname = 'authenticated') then create role authenticated nologin noinherit; end if;
    if not exists (select from pg_roles where rolname = 'service_role') then create role service_role nologin noinherit bypassrls; end if;
  end $$;
  create schema if not exists auth;
  create or replace function auth.jwt() returns jsonb language sql stable as $$ select '{}'::jsonb $$;
  grant usage on schema public to anon, authenticated, service_role;
`;

let db: PGlite;
beforeAll(async () => {
  db = new PGlite();
  await db.exec(SHIM);
  for (const file of ["20250901000001_leads_and_users.sql", "20250901000006_referrals.sql", "20250901000009_admin_console.sql"]) {
    await db.exec(await readFile(new URL(`../../supabase/migrations/${file}`, import.meta.url), "utf8"));
  }
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
    const places = (await db.query<{ id: string; place: number | null }>(`select * from public.lead_places('leads', $1::uuid[])`, [[a, b, c]])).rows;
    expect(Object.fromEntries(places.map((row) => [row.id, row.place]))).toEqual({ [a]: 1, [b]: 2, [c]: null });
  });
});
