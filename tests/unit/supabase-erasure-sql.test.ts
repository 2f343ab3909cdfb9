import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSupabasePg } from "./helpers/supabase-pg";

/**
 * The erasure functions of the Supabase migration (20250901000012_erasure_log.sql) on a real
 * Postgres engine (PGlite): the download holds the parent's rows and no other parent's address,
 * the erasure deletes and anonymises in one call and logs once, and only the service role may call them.
 */
/** The columns of Supabase Auth's accounts the functions read; every table granted as Supabase does. */
const AUTH_USERS = `
  create table auth.users (id uuid primary key default gen_random_uuid(), email text, encrypted_password text,
    created_at timestamptz default now(), email_confirmed_at timestamptz, last_sign_in_at timestamptz);
  alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
`;

const MIGRATIONS = [
  "20250901000001_leads_and_users.sql",
  "20250901000002_outbox.sql",
  "20250901000004_outbox_dedupe.sql",
  "20250901000006_referrals.sql",
  "20250901000008_outbox_render_later.sql",
  "20250901000010_suppressions.sql",
  "20250901000012_erasure_log.sql",
  "20250901000017_waves.sql",
  "20250901000019_parent_data_waves.sql",
];

let db: PGlite;
beforeAll(async () => {
  db = await startSupabasePg(MIGRATIONS, AUTH_USERS);
});
afterAll(async () => {
  await db?.close();
});

const one = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows[0];
const n = async (sql: string, params: unknown[] = []) => Number((await one<{ n: number }>(sql, params)).n);

async function lead(table: string, email: string, refCode: string, referralCount = 0) {
  return (
    await one<{ id: string }>(`insert into public.${table} (email, ref_code, referral_count) values ($1, $2, $3) returning id`, [
      email,
      refCode,
      referralCount,
    ])
  ).id;
}

async function mail(to: string, status: string) {
  await db.query(
    `insert into public.outbox (id, dedupe_key, template, variant, recipient, subject, html, text, status)
     values (gen_random_uuid(), gen_random_uuid()::text, 'prelaunch', 'genius', $1, 'Hi', '<p>Hello</p>', 'Hello', $2)`,
    [to, status],
  );
}

describe("supabase/migrations/20250901000012_erasure_log.sql", () => {
  it("exports the parent's rows only, erases them once, keeps the referrer's credit, logs without personal data", async () => {
    const referrer = await lead("leads", "referrer@example.com", "REFERRER", 1);
    const parent = await lead("leads", "Parent@Example.com", "PARENT01");
    const parentTennis = await lead("leads_tennis", "parent@example.com", "PARENT02", 1);
    const friend = await lead("leads_tennis", "friend@example.com", "FRIEND01");
    await db.query(
      `insert into public.referrals (lead_table, referred_id, referrer_id, ref_code, variant, status, credited_at)
       values ('leads', $1, $2, 'REFERRER', 'genius', 'credited', now()), ('leads_tennis', $3, $4, 'PARENT02', 'tennis', 'credited', now())`,
      [parent, referrer, friend, parentTennis],
    );
    const account = (
      await one<{ id: string }>(`insert into auth.users (email, encrypted_password) values ('parent@example.com', 'SECRET') returning id`)
    ).id;
    await db.query(`insert into public.users (id, email, lead_id) values ($1, 'parent@example.com', $2)`, [account, parent]);
    await mail("parent@example.com", "sent");
    await mail("PARENT@example.com", "failed");
    await mail("referrer@example.com", "sent");

    const wave = (
      await one<{ id: string }>(
        `insert into public.waves (lead_table, variant, seq, size_asked, created_by) values ('leads_tennis', 'champion-tennis', 1, 2, 'admin@example.com') returning id`,
      )
    ).id;
    await db.query(
      `insert into public.wave_members (wave_id, lead_table, lead_id, place, invite_expires_at) values ($1, 'leads_tennis', $2, 1, now()), ($1, 'leads_tennis', $3, 2, now())`,
      [wave, friend, parentTennis],
    );

    const held = (await one<{ d: Record<string, unknown[]> }>(`select public.parent_data(' PARENT@example.com ') as d`)).d;
    expect(held.waves).toEqual([
      expect.objectContaining({ lead_table: "leads_tennis", variant: "champion-tennis", wave: 1, place: 2, accepted_at: null }),
    ]);
    expect(held.leads).toHaveLength(2);
    expect(held.referralsAsReferrer).toHaveLength(1);
    expect(held.referralsAsReferred).toHaveLength(1);
    expect(held.accounts).toHaveLength(1);
    expect(held.users).toHaveLength(1);
    expect(held.mails).toHaveLength(2);
    const text = JSON.stringify(held);
    expect(text).not.toMatch(/referrer@|friend@|REFERRER|SECRET/);

    const counts = (
      await one<{ c: Record<string, number> }>(`select public.erase_parent('parent@example.com', 'erased:abc', 'self', now()) as c`)
    ).c;
    expect(counts).toEqual({ leads: 1, leads_tennis: 1, referrals: 2, accounts: 1, users: 1, outbox: 2 });
    expect(await n(`select count(*) as n from public.leads where lower(email) = 'parent@example.com'`)).toBe(0);
    expect(await n(`select count(*) as n from public.leads_tennis where lower(email) = 'parent@example.com'`)).toBe(0);
    expect(await n(`select count(*) as n from auth.users`)).toBe(0);
    expect(await n(`select count(*) as n from public.users`)).toBe(0);
    expect(
      await n(`select count(*) as n from public.referrals where referred_id = any($1) or referrer_id = any($1)`, [[parent, parentTennis]]),
    ).toBe(0);
    expect(
      await one(
        `select status, recipient, subject, html, text from public.outbox where recipient <> 'referrer@example.com' order by status`,
      ),
    ).toEqual({
      status: "dead",
      recipient: "erased:abc",
      subject: "",
      html: "",
      text: "",
    });
    expect(await n(`select count(*) as n from public.outbox where recipient = 'erased:abc' and status = 'sent'`)).toBe(1);
    // The referrer keeps the credit, and a recount from the ledger finds it.
    await db.query(`select public.recount_referrer('leads', $1, 5)`, [referrer]);
    expect(
      (await one<{ referral_count: number }>(`select referral_count from public.leads where id = $1`, [referrer])).referral_count,
    ).toBe(1);
    expect(await one(`select referrer_id, status from public.referrals where referred_id = $1`, [friend])).toEqual({
      referrer_id: null,
      status: "credited",
    });

    const log = (await db.query<Record<string, unknown>>(`select * from public.erasure_log`)).rows;
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ source: "self", tables: counts });
    expect(JSON.stringify(log)).not.toMatch(/@|erased:abc/);

    // A repeat finds nothing: no change, no second log row.
    expect((await one<{ c: unknown }>(`select public.erase_parent('parent@example.com', 'erased:abc', 'admin', now()) as c`)).c).toBeNull();
    expect(await n(`select count(*) as n from public.erasure_log`)).toBe(1);
  });

  it("refuses the placeholder address, an address as the outbox recipient, and an unknown source", async () => {
    await expect(db.query(`select public.erase_parent('pending@placeholder.invalid', 'erased:x', 'self', now())`)).rejects.toThrow(
      /No address/,
    );
    await expect(db.query(`select public.erase_parent('a@b.c', 'a@b.c', 'self', now())`)).rejects.toThrow(/hash/);
    await expect(db.query(`select public.erase_parent('a@b.c', 'erased:x', 'robot', now())`)).rejects.toThrow(/source/);
  });

  it("lets only the service role call the functions or read the log", async () => {
    for (const role of ["anon", "authenticated"]) {
      await db.exec(`set role ${role}`);
      try {
        await expect(db.query(`select public.parent_data('a@b.c')`)).rejects.toThrow(/permission denied/);
        await expect(db.query(`select public.erase_parent('a@b.c', 'erased:x', 'self', now())`)).rejects.toThrow(/permission denied/);
        await expect(db.query(`select * from public.erasure_log`)).rejects.toThrow(/permission denied/);
      } finally {
        await db.exec("reset role");
      }
    }
    await db.exec("set role service_role");
    try {
      expect((await one<{ d: { leads: unknown[] } }>(`select public.parent_data('nobody@example.com') as d`)).d.leads).toEqual([]);
      expect(await n(`select count(*) as n from public.erasure_log`)).toBe(1);
    } finally {
      await db.exec("reset role");
    }
  });
});
