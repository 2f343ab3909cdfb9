import { readFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

/**
 * The Supabase migration applied to a real Postgres engine (PGlite), with a shim for what the
 * Supabase platform provides: the roles anon/authenticated/service_role and auth.jwt() reading
 * the request's JWT claims. Proves who can touch the lead tables and who cannot.
 */

const MIGRATION = new URL("../../supabase/migrations/20250901000001_leads_and_users.sql", import.meta.url);
const LEAD_TABLES = ["leads", "leads_icehockey", "leads_tennis"] as const;

const SUPABASE_SHIM = `
  do $$ begin
    if not exists (select from pg_roles where rolname = 'anon') then create role anon nologin noinherit; end if;
    if not exists (select from pg_roles where rolname = 'authenticated') then create role authenticated nologin noinherit; end if;
    if not exists (select from pg_roles where rolname = 'service_role') then create role service_role nologin noinherit bypassrls; end if;
  end $$;
  create schema if not exists auth;
  create or replace function auth.jwt() returns jsonb language sql stable as $$
    select coalesce(nullif(current_setting('request.jwt.claims', true), ''), '{}')::jsonb
  $$;
  grant usage on schema auth to anon, authenticated, service_role;
  grant execute on function auth.jwt() to anon, authenticated, service_role;
  grant usage on schema public to anon, authenticated, service_role;
`;

type Claims = Record<string, unknown>;
const ADMIN: Claims = { sub: "11111111-1111-4111-8111-111111111111", role: "authenticated", app_metadata: { role: "admin" } };
const MEMBER: Claims = { sub: "22222222-2222-4222-8222-222222222222", role: "authenticated", app_metadata: {} };
const SELF_MADE_ADMIN: Claims = {
  sub: "33333333-3333-4333-8333-333333333333",
  role: "authenticated",
  app_metadata: {},
  user_metadata: { role: "admin" },
};

let db: PGlite;

/** Runs `sql` as `role` with the given JWT claims, like PostgREST does for each request. */
async function as<T = Record<string, unknown>>(role: string, claims: Claims | null, sql: string, params: unknown[] = []) {
  return db.transaction(async (tx) => {
    await tx.query(`select set_config('request.jwt.claims', $1, true)`, [claims ? JSON.stringify(claims) : ""]);
    await tx.exec(`set local role ${role}`);
    return tx.query<T>(sql, params);
  });
}

async function seedLead(table: string, email: string) {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.${table} (email, age_bands, ref_code) values ($1, '{3-4y,5-6y}', null) returning id`,
    [email],
  );
  return rows[0].id;
}

describe("Supabase schema and RLS on Postgres (PGlite)", () => {
  beforeAll(async () => {
    db = new PGlite();
    await db.exec(SUPABASE_SHIM);
    await db.exec(await readFile(MIGRATION, "utf8"));
  });
  afterAll(async () => {
    await db?.close();
  });
  beforeEach(async () => {
    await db.exec(`truncate public.leads, public.leads_icehockey, public.leads_tennis, public.users`);
  });

  it("creates the tables with SPEC 3.1 defaults, uuid ids, text[] lists and RLS enabled", async () => {
    const { rows } = await db.query<Record<string, unknown>>(
      `insert into public.leads (email) values ('pending@placeholder.invalid') returning *`,
    );
    expect(rows[0]).toMatchObject({
      step_completed: 1,
      referral_count: 0,
      email_verified: false,
      copied_ref_link: false,
      lead_source: "main_funnel",
      age_bands: [],
      goals: [],
    });
    expect(String(rows[0].id)).toMatch(/^[0-9a-f-]{36}$/);
    const rls = await db.query<{ relname: string; relrowsecurity: boolean }>(
      `select relname, relrowsecurity from pg_class
        where relnamespace = 'public'::regnamespace and relkind = 'r' order by relname`,
    );
    expect(rls.rows).toEqual(["leads", "leads_icehockey", "leads_tennis", "users"].map((relname) => ({ relname, relrowsecurity: true })));
  });

  it("rejects a second lead with the same ref_code (unique violation 23505)", async () => {
    await db.query(`insert into public.leads (email, ref_code) values ('a@x.io', 'ABCDEFGH')`);
    await expect(db.query(`insert into public.leads (email, ref_code) values ('b@x.io', 'ABCDEFGH')`)).rejects.toMatchObject({
      code: "23505",
    });
  });

  describe.each(LEAD_TABLES)("%s", (table) => {
    it("anon can neither select, insert, update nor delete", async () => {
      const id = await seedLead(table, "parent@example.com");
      for (const sql of [
        `select * from public.${table}`,
        `insert into public.${table} (email) values ('x@y.io')`,
        `update public.${table} set plan_chosen = 'pro' where id = '${id}'`,
        `delete from public.${table} where id = '${id}'`,
      ]) {
        await expect(as("anon", null, sql), sql).rejects.toThrow(/permission denied/);
      }
    });

    it("a signed-in non-admin sees no rows, cannot insert, and updates/deletes nothing", async () => {
      const id = await seedLead(table, "parent@example.com");
      expect((await as("authenticated", MEMBER, `select * from public.${table}`)).rows).toEqual([]);
      await expect(as("authenticated", MEMBER, `insert into public.${table} (email) values ('x@y.io')`)).rejects.toThrow(
        /permission denied/,
      );
      const updated = await as("authenticated", MEMBER, `update public.${table} set plan_chosen = 'pro' where id = $1`, [id]);
      const deleted = await as("authenticated", MEMBER, `delete from public.${table} where id = $1`, [id]);
      expect([updated.affectedRows, deleted.affectedRows]).toEqual([0, 0]);
      const { rows } = await db.query<{ plan_chosen: string | null }>(`select plan_chosen from public.${table}`);
      expect(rows).toEqual([{ plan_chosen: null }]);
    });

    it("a user_metadata role 'admin' gets nothing", async () => {
      const id = await seedLead(table, "parent@example.com");
      expect((await as("authenticated", SELF_MADE_ADMIN, `select * from public.${table}`)).rows).toEqual([]);
      const deleted = await as("authenticated", SELF_MADE_ADMIN, `delete from public.${table} where id = $1`, [id]);
      expect(deleted.affectedRows).toBe(0);
      expect((await db.query(`select id from public.${table}`)).rows).toHaveLength(1);
    });

    it("an admin (app_metadata.role = admin) can read, update and delete", async () => {
      const id = await seedLead(table, "parent@example.com");
      const read = await as<{ email: string; age_bands: string[] }>("authenticated", ADMIN, `select email, age_bands from public.${table}`);
      expect(read.rows).toEqual([{ email: "parent@example.com", age_bands: ["3-4y", "5-6y"] }]);
      const updated = await as<{ plan_chosen: string }>(
        "authenticated",
        ADMIN,
        `update public.${table} set plan_chosen = 'growth' where id = $1 returning plan_chosen`,
        [id],
      );
      expect(updated.rows).toEqual([{ plan_chosen: "growth" }]);
      const deleted = await as("authenticated", ADMIN, `delete from public.${table} where id = $1`, [id]);
      expect(deleted.affectedRows).toBe(1);
      expect((await db.query(`select id from public.${table}`)).rows).toEqual([]);
    });

    it("the service role bypasses RLS for the server", async () => {
      await as("service_role", null, `insert into public.${table} (email) values ('server@example.com')`);
      expect((await as("service_role", null, `select email from public.${table}`)).rows).toEqual([{ email: "server@example.com" }]);
    });
  });

  it("users: anon is denied, a non-admin sees nothing, an admin reads, the service role upserts", async () => {
    const id = "44444444-4444-4444-8444-444444444444";
    await as("service_role", null, `insert into public.users (id, email, name) values ($1, 'u@x.io', 'U')`, [id]);
    await expect(as("anon", null, `select * from public.users`)).rejects.toThrow(/permission denied/);
    expect((await as("authenticated", MEMBER, `select * from public.users`)).rows).toEqual([]);
    expect((await as("authenticated", ADMIN, `select email from public.users`)).rows).toEqual([{ email: "u@x.io" }]);
  });

  it("lead_stats() counts per table, refuses other names and is for the service role only", async () => {
    await db.exec(`
      insert into public.leads (email, step_completed, plan_chosen, referred_by, lead_source) values
        ('a@x.io', 3, 'growth', 'ABCDEFGH', 'main_funnel'),
        ('b@x.io', 3, 'growth', null, 'main_funnel'),
        ('c@x.io', 1, null, '', 'guide_download');
      insert into public.leads_tennis (email) values ('t@x.io');
    `);
    const stats = await as<{ s: unknown }>("service_role", null, `select public.lead_stats('leads') as s`);
    expect(stats.rows[0].s).toEqual({
      total: 3,
      completed: 2,
      referrals: 1,
      bySource: { main_funnel: 2, guide_download: 1 },
      byPlan: { growth: 2 },
    });
    await expect(as("service_role", null, `select public.lead_stats('users')`)).rejects.toThrow(/Unknown lead table/);
    await expect(as("authenticated", ADMIN, `select public.lead_stats('leads')`)).rejects.toThrow(/permission denied/);
    await expect(as("anon", null, `select public.lead_stats('leads')`)).rejects.toThrow(/permission denied/);
  });
});
