import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSupabasePg } from "./helpers/supabase-pg";

/** The retention and consent parts of the Supabase migrations on a real Postgres engine (PGlite). */
let db: PGlite;
beforeAll(async () => {
  db = await startSupabasePg([
    "20250901000001_leads_and_users.sql",
    "20250901000006_referrals.sql",
    "20250901000010_suppressions.sql",
    "20250901000013_consent_and_retention.sql",
  ]);
});
afterAll(async () => {
  await db?.close();
});

const one = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows[0];

async function lead(email: string, createdDaysAgo: number) {
  return (
    await one<{ id: string }>(`insert into public.leads (email, created_at) values ($1, now() - make_interval(days => $2)) returning id`, [
      email,
      createdDaysAgo,
    ])
  ).id;
}

describe("supabase/migrations/20250901000013_consent_and_retention.sql", () => {
  it("purge_placeholders deletes only placeholder leads past the cut-off, with their pending referrals", async () => {
    const old = await lead("pending@placeholder.invalid", 8);
    await lead("pending@placeholder.invalid", 6);
    await lead("ann@example.com", 8);
    const referrer = await lead("bea@example.com", 20);
    await db.query(
      `insert into public.referrals (lead_table, referred_id, referrer_id, ref_code, variant, status) values ('leads', $1, $2, 'CODE', 'genius', 'pending')`,
      [old, referrer],
    );

    const deleted = await one<{ n: number }>(`select public.purge_placeholders('leads', now() - interval '7 days') as n`);

    expect(deleted.n).toBe(1);
    const emails = (await db.query<{ email: string }>("select email from public.leads order by email")).rows.map((row) => row.email);
    expect(emails).toEqual(["ann@example.com", "bea@example.com", "pending@placeholder.invalid"]);
    expect((await one<{ n: number }>("select count(*)::int as n from public.referrals")).n).toBe(0);
  });

  it("refuses a table that is not a lead table", async () => {
    await expect(db.query(`select public.purge_placeholders('users', now())`)).rejects.toThrow();
  });

  it("keeps consent records and suppressions for the service role only", async () => {
    const grants = await db.query<{ table_name: string; grantee: string }>(
      `select table_name, grantee from information_schema.role_table_grants
        where table_name in ('consent_records', 'suppressions') and grantee in ('anon', 'authenticated', 'service_role')
        group by table_name, grantee order by table_name, grantee`,
    );
    expect(grants.rows).toEqual([
      { table_name: "consent_records", grantee: "service_role" },
      { table_name: "suppressions", grantee: "service_role" },
    ]);
  });
});
