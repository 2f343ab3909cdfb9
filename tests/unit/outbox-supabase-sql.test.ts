import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/** The Supabase outbox schema on a real Postgres engine (PGlite), with Supabase's client roles. */
let pg: PGlite;

beforeAll(async () => {
  pg = await PGlite.create();
  await pg.exec(`
    create role anon nologin;
    create role authenticated nologin;
    create role service_role nologin bypassrls;
    grant usage on schema public to anon, authenticated, service_role;
    -- Supabase's default: new tables are granted to the client roles unless a migration revokes it.
    alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
  `);
  await pg.exec(readFileSync("supabase/migrations/20250901000002_outbox.sql", "utf8"));
  // Rows written before dedupe keys existed.
  await pg.exec(`
    insert into public.outbox (id, template, variant, recipient, subject, html, text, status)
    values ('00000000-0000-4000-8000-000000000001', 'guide', 'genius', 'old@example.com', 'S', '<p>x</p>', 'x', 'sent'),
           ('00000000-0000-4000-8000-000000000002', 'tips', 'genius', 'old@example.com', 'S', '<p>x</p>', 'x', 'failed');
  `);
  await pg.exec(DEDUPE_MIGRATION);
});

const DEDUPE_MIGRATION = readFileSync("supabase/migrations/20250901000004_outbox_dedupe.sql", "utf8");

afterAll(async () => {
  await pg?.close();
});

const insert = (status = "pending", key: string = crypto.randomUUID()) =>
  pg.query(
    `insert into public.outbox (id, dedupe_key, template, variant, recipient, subject, html, text, status)
     values (gen_random_uuid(), $2, 'guide', 'genius', 'a@example.com', 'Subject', '<p>x</p>', 'x', $1)`,
    [status, key],
  );

describe("supabase/migrations/20250901000002_outbox.sql + 20250901000004_outbox_dedupe.sql", () => {
  it("enables row level security with no policies", async () => {
    const { rows } = await pg.query<{ relrowsecurity: boolean }>(
      "select relrowsecurity from pg_class where oid = 'public.outbox'::regclass",
    );
    expect(rows[0].relrowsecurity).toBe(true);
    const policies = await pg.query("select * from pg_policies where tablename = 'outbox'");
    expect(policies.rows).toHaveLength(0);
  });

  it("gives the anon and authenticated roles no access; the service role keeps it", async () => {
    const { rows } = await pg.query<{ role: string; allowed: boolean }>(
      `select r as role, has_table_privilege(r, 'public.outbox', 'select,insert,update,delete') as allowed
       from unnest(array['anon', 'authenticated', 'service_role']) as r`,
    );
    expect(Object.fromEntries(rows.map((row) => [row.role, row.allowed]))).toEqual({
      anon: false,
      authenticated: false,
      service_role: true,
    });
  });

  it("an anon client cannot read or write the outbox", async () => {
    await insert();
    await pg.exec("set role anon");
    try {
      await expect(pg.query("select * from public.outbox")).rejects.toThrow(/permission denied/);
      await expect(insert()).rejects.toThrow(/permission denied/);
    } finally {
      await pg.exec("reset role");
    }
  });

  it("accepts the four statuses only, with defaults for attempts and timestamps", async () => {
    for (const status of ["pending", "sent", "failed", "dead"]) await insert(status);
    await expect(insert("bounced")).rejects.toThrow(/check constraint/);
    const { rows } = await pg.query<{ attempts: number; created_at: Date }>("select attempts, created_at from public.outbox limit 1");
    expect(rows[0].attempts).toBe(0);
    expect(rows[0].created_at).toBeInstanceOf(Date);
  });

  it("gives every row written before it its own id as dedupe key", async () => {
    const { rows } = await pg.query<{ id: string; dedupe_key: string }>(
      "select id::text as id, dedupe_key from public.outbox where recipient = 'old@example.com' order by id",
    );
    expect(rows).toEqual([
      { id: "00000000-0000-4000-8000-000000000001", dedupe_key: "00000000-0000-4000-8000-000000000001" },
      { id: "00000000-0000-4000-8000-000000000002", dedupe_key: "00000000-0000-4000-8000-000000000002" },
    ]);
  });

  it("requires a dedupe key of 1 to 256 characters, unique across the table", async () => {
    await insert("pending", "welcome:user-1");
    await expect(insert("pending", "welcome:user-1")).rejects.toThrow(/duplicate key|unique/);
    await expect(insert("pending", null as never)).rejects.toThrow(/null value/);
    await expect(insert("pending", "")).rejects.toThrow(/check constraint/);
    await expect(insert("pending", "k".repeat(257))).rejects.toThrow(/check constraint/);
  });

  it("ON CONFLICT (dedupe_key) DO NOTHING writes the first row only (the adapter's upsert)", async () => {
    const once = () =>
      pg.query(
        `insert into public.outbox (id, dedupe_key, template, variant, recipient, subject, html, text)
         values (gen_random_uuid(), 'prelaunch:leads:lead-9', 'prelaunch', 'genius', 'a@example.com', 'S', '<p>x</p>', 'x')
         on conflict (dedupe_key) do nothing returning id`,
      );
    expect((await once()).rows).toHaveLength(1);
    expect((await once()).rows).toHaveLength(0);
    const { rows } = await pg.query("select id from public.outbox where dedupe_key = 'prelaunch:leads:lead-9'");
    expect(rows).toHaveLength(1);
  });

  it("can be applied again without harm", async () => {
    await pg.exec(DEDUPE_MIGRATION);
    const { rows } = await pg.query<{ relrowsecurity: boolean }>(
      "select relrowsecurity from pg_class where oid = 'public.outbox'::regclass",
    );
    expect(rows[0].relrowsecurity).toBe(true);
  });
});

describe("supabase/migrations/20250901000011_outbox_skipped.sql", () => {
  let db: PGlite;
  const SKIPPED_MIGRATION = readFileSync("supabase/migrations/20250901000011_outbox_skipped.sql", "utf8");

  beforeAll(async () => {
    db = await PGlite.create();
    await db.exec(`
      create role anon nologin;
      create role authenticated nologin;
      create role service_role nologin bypassrls;
    `);
    for (const file of ["20250901000002_outbox.sql", "20250901000004_outbox_dedupe.sql", "20250901000008_outbox_render_later.sql"]) {
      await db.exec(readFileSync(`supabase/migrations/${file}`, "utf8"));
    }
    await db.exec(`insert into public.outbox (id, dedupe_key, template, variant, recipient, subject, html, text, status)
      values (gen_random_uuid(), 'before-0011', 'guide', 'genius', 'a@example.com', 'S', '<p>x</p>', 'x', 'dead')`);
    await db.exec(SKIPPED_MIGRATION);
    // Safe to run again.
    await db.exec(SKIPPED_MIGRATION);
  });

  afterAll(async () => {
    await db?.close();
  });

  const insertStatus = (status: string, origin: string | null = null) =>
    db.query(
      `insert into public.outbox (id, dedupe_key, template, variant, recipient, subject, html, text, status, origin)
       values (gen_random_uuid(), gen_random_uuid()::text, 'guide', 'genius', 'a@example.com', 'S', '', '', $1, $2)`,
      [status, origin],
    );

  it("accepts skipped besides the four statuses, and nothing else", async () => {
    for (const status of ["pending", "sent", "failed", "dead", "skipped"]) await insertStatus(status);
    await expect(insertStatus("bounced")).rejects.toThrow(/check constraint/);
  });

  it("keeps the rows written before it, and adds the nullable origin column", async () => {
    const { rows } = await db.query<{ status: string; origin: string | null }>(
      "select status, origin from public.outbox where dedupe_key = 'before-0011'",
    );
    expect(rows).toEqual([{ status: "dead", origin: null }]);
    await insertStatus("pending", "https://aiparenting.example");
  });

  it("still gives the client roles no access", async () => {
    const { rows } = await db.query<{ allowed: boolean }>("select has_table_privilege('anon', 'public.outbox', 'select') as allowed");
    expect(rows[0].allowed).toBe(false);
  });
});
