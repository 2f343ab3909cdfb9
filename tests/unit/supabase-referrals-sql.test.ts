import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSupabasePg } from "./helpers/supabase-pg";

/**
 * The referral functions of the Supabase migration on a real Postgres engine (PGlite): one
 * confirmation number per lead, credits counted from the ledger, revoke and restore, the place,
 * the clean-up, and the service role only.
 */

let db: PGlite;
beforeAll(async () => {
  db = await startSupabasePg(["20250901000001_leads_and_users.sql", "20250901000006_referrals.sql"]);
});
afterAll(async () => {
  await db?.close();
});

const one = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows[0];

async function lead(email: string, createdDaysAgo = 0) {
  return (
    await one<{ id: string }>(`insert into public.leads (email, created_at) values ($1, now() - make_interval(days => $2)) returning id`, [
      email,
      createdDaysAgo,
    ])
  ).id;
}

describe("supabase/migrations/20250901000006_referrals.sql", () => {
  it("confirms once, credits from the ledger, places by score, revokes and restores", async () => {
    const a = await lead("a@x.io");
    const b = await lead("b@x.io");
    const first = await one<{ r: { confirmed_now: boolean; lead: { confirm_seq: number } } }>(
      `select public.confirm_lead('leads', $1, now(), 5) as r`,
      [a],
    );
    expect(first.r).toMatchObject({ confirmed_now: true, lead: { confirm_seq: 1 } });
    expect(
      (await one<{ r: { confirmed_now: boolean } }>(`select public.confirm_lead('leads', $1, now(), 5) as r`, [a])).r.confirmed_now,
    ).toBe(false);

    await db.query(
      `insert into public.referrals (lead_table, referred_id, referrer_id, ref_code, variant, status) values ('leads', $1, $2, 'CODE', 'genius', 'pending')`,
      [b, a],
    );
    await db.query(`select public.confirm_lead('leads', $1, now(), 5)`, [b]);
    const credited = await one<{ r: { status: string } | null }>(`select public.credit_referral('leads', $1, now(), 5) as r`, [b]);
    expect(credited.r?.status).toBe("credited");
    expect((await one<{ r: unknown }>(`select public.credit_referral('leads', $1, now(), 5) as r`, [b])).r).toBeNull();
    expect(await one(`select referral_count, place_score from public.leads where id = $1`, [a])).toEqual({
      referral_count: 1,
      place_score: -4,
    });
    expect((await one<{ p: number }>(`select public.lead_place('leads', -4, 1, 1) as p`)).p).toBe(1);
    expect((await one<{ n: unknown }>(`select public.lead_stats('leads') ->> 'referrals' as n`)).n).toBe("1");

    const id = (await one<{ id: string }>(`select id from public.referrals where referred_id = $1`, [b])).id;
    await db.query(`select public.set_referral_status('leads', $1, 'rejected', now(), 5)`, [id]);
    expect(await one(`select referral_count, place_score from public.leads where id = $1`, [a])).toEqual({
      referral_count: 0,
      place_score: 1,
    });
    expect(await one(`select status, reason from public.referrals where id = $1`, [id])).toEqual({ status: "rejected", reason: "revoked" });
    await db.query(`select public.set_referral_status('leads', $1, 'credited', now(), 5)`, [id]);
    expect((await one<{ referral_count: number }>(`select referral_count from public.leads where id = $1`, [a])).referral_count).toBe(1);
  });

  it("deletes old unconfirmed leads with their pending referrals, keeps the rest", async () => {
    const old = await lead("old@x.io", 40);
    const fresh = await lead("fresh@x.io", 1);
    const referrer = await lead("ref@x.io", 40);
    await db.query(`select public.confirm_lead('leads', $1, now(), 5)`, [referrer]);
    await db.query(
      `insert into public.referrals (lead_table, referred_id, referrer_id, ref_code, variant) values ('leads', $1, $2, 'CODE', 'genius')`,
      [old, referrer],
    );
    const deleted = await one<{ n: number }>(`select public.purge_unconfirmed('leads', now() - interval '30 days') as n`);
    expect(deleted.n).toBeGreaterThanOrEqual(1);
    expect((await db.query(`select id from public.leads where id = any($1)`, [[old, fresh, referrer]])).rows).toHaveLength(2);
    expect((await db.query(`select id from public.referrals where referred_id = $1`, [old])).rows).toHaveLength(0);
  });

  it("refuses other table names, and clients", async () => {
    await expect(db.query(`select public.lead_place('users', 1, 0, 1)`)).rejects.toThrow(/Unknown lead table/);
    await expect(
      db.transaction(async (tx) => {
        await tx.exec("set local role anon");
        return tx.query(`select public.confirm_lead('leads', gen_random_uuid(), now(), 5)`);
      }),
    ).rejects.toThrow(/permission denied/);
  });
});
