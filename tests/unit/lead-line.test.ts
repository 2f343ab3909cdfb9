import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createD1ReferralStore } from "~/data/d1/referral-store.server";
import { useLocalD1 } from "./helpers/local-d1";
import { startSupabasePg } from "./helpers/supabase-pg";

/**
 * The place in line (D1: the views of migrations/0014; Postgres: the lead_line view of
 * 20250901000015) and one parent's place counted on its own (the status page): every reader gets the
 * same places on both databases, for a line with ties on the score and on the credits, and no place
 * before confirmation.
 */

// [name, confirm_seq, referral_count, place_score]; null: not confirmed.
const LEADS: [string, number | null, number, number | null][] = [
  ["a", 1, 0, 1],
  ["b", 2, 1, -3],
  ["c", 3, 1, -2],
  ["d", 4, 0, 4],
  ["e", 5, 2, -5],
  ["f", 6, 1, 1], // a's score, more credits: ahead of a
  ["h", 8, 2, -2], // c's score, more credits: ahead of c
  ["i", 9, 0, 4], // d's score and credits, confirmed later: behind d
  ["u", null, 0, null],
];
/** The line as the ranking rule reads: lowest score, then more credits, then the earlier confirmation. */
const EXPECTED_LINE = LEADS.filter(([, seq]) => seq !== null)
  .sort(([, s1, c1, p1], [, s2, c2, p2]) => p1! - p2! || c2 - c1 || s1! - s2!)
  .map(([name]) => name);
const expectedPlace = (name: string) => (EXPECTED_LINE.includes(name) ? EXPECTED_LINE.indexOf(name) + 1 : null);

describe("place in line on D1 (the views of migrations/0014)", () => {
  const local = useLocalD1();
  beforeAll(async () => {
    await local.db.batch(
      LEADS.map(([name, seq, credits, score]) =>
        local.db
          .prepare("INSERT INTO leads (id, email, confirm_seq, referral_count, place_score) VALUES (?, ?, ?, ?, ?)")
          .bind(name, `${name}@example.com`, seq, credits, score),
      ),
    );
    // Another table's line is its own.
    await local.db
      .prepare("INSERT INTO leads_tennis (id, email, confirm_seq, referral_count, place_score) VALUES ('t', 't@x.io', 1, 0, 9)")
      .run();
  }, 60_000);

  it("gives the status page, the admin list and the CSV the same places", async () => {
    const store = createD1ReferralStore(local.db);
    expect(await store.line("leads")).toEqual(EXPECTED_LINE);
    const names = LEADS.map(([name]) => name);
    expect(await store.placesOf("leads", [...names, "nobody"])).toEqual(
      Object.fromEntries([...names.map((name) => [name, expectedPlace(name)]), ["nobody", null]]),
    );
    for (const [name, confirm_seq, referral_count, place_score] of LEADS) {
      expect(await store.placeOf("leads", { confirm_seq, referral_count, place_score }), name).toBe(expectedPlace(name));
    }
    expect(await store.placeOf("leads_tennis", { confirm_seq: 1, referral_count: 0, place_score: 9 })).toBe(1);
  });
});

describe("place in line on Postgres (the lead_line view)", () => {
  let db: PGlite;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    const files = readdirSync(fileURLToPath(new URL("../../supabase/migrations", import.meta.url)))
      .filter((f) => f.endsWith(".sql"))
      .sort();
    db = await startSupabasePg(files, "create table if not exists auth.users (id uuid primary key, email text);");
    for (const [name, seq, credits, score] of LEADS) {
      const { rows } = await db.query<{ id: string }>(
        "insert into public.leads (email, confirm_seq, referral_count, place_score) values ($1, $2, $3, $4) returning id",
        [`${name}@example.com`, seq, credits, score],
      );
      ids[name] = rows[0].id;
    }
    await db.query("insert into public.leads_tennis (email, confirm_seq, referral_count, place_score) values ('t@x.io', 1, 0, 9)");
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });
  const nameOf = (id: string) => Object.keys(ids).find((name) => ids[name] === id);

  it("gives lead_place, lead_places and the line the same places", async () => {
    const line = await db.query<{ id: string }>("select id from public.lead_line where lead_table = 'leads' order by place");
    expect(line.rows.map((row) => nameOf(row.id))).toEqual(EXPECTED_LINE);
    const places = await db.query<{ id: string; place: number | null }>("select * from public.lead_places('leads', $1::uuid[])", [
      Object.values(ids),
    ]);
    expect(Object.fromEntries(places.rows.map((row) => [nameOf(row.id), row.place]))).toEqual(
      Object.fromEntries(LEADS.map(([name]) => [name, expectedPlace(name)])),
    );
    for (const [name, seq, credits, score] of LEADS.filter(([, seq]) => seq !== null)) {
      const place = await db.query<{ p: number }>("select public.lead_place('leads', $1, $2, $3) as p", [score, credits, seq]);
      expect(place.rows[0].p, name).toBe(expectedPlace(name));
    }
    const tennis = await db.query<{ id: string; place: number }>(
      "select id, place from public.lead_line where lead_table = 'leads_tennis'",
    );
    expect(tennis.rows.map((row) => row.place)).toEqual([1]);
  });

  it("lets only the service role read the line", async () => {
    for (const role of ["anon", "authenticated"]) {
      await expect(
        db.transaction(async (tx) => {
          await tx.exec(`set local role ${role}`);
          return tx.query("select * from public.lead_line");
        }),
        role,
      ).rejects.toThrow(/permission denied/);
    }
  });
});
