// The place-in-line query at 100,000 confirmed leads per table (issue 10: "≤ 50 ms at 100,000 leads
// per table"). Seeds a local D1 (the same Miniflare D1 the unit tests use) with 100,000 leads in each
// of the three tables, a tenth of them with credited referrals, then times the D1 adapter's placeOf
// for parents at the front, the middle and the back of the line, and the first-wave count. The
// referral ledger holds those credits and, for every twentieth parent, two held ones (issue 34,
// docs/decisions/036-holds-and-fairness.md): held credits are in the data, not in the scores.
//   npm run bench:place
import { afterAll, bench, describe } from "vitest";
import type { LeadTable } from "~/data/ports/lead-store";
import { createD1ReferralStore } from "~/data/d1/referral-store.server";
import { startLocalD1 } from "../tests/unit/helpers/local-d1";

const ROWS = Number(process.env.PLACE_ROWS ?? 100_000);
const TABLES: LeadTable[] = ["leads", "leads_icehockey", "leads_tennis"];
const STEP = 5;

const d1 = await startLocalD1();
afterAll(() => d1.dispose());
const started = Date.now();
for (const table of TABLES) {
  // confirm_seq 1..ROWS; every tenth parent has 1-3 credited referrals.
  await d1.db
    .prepare(
      `WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < ?1)
       INSERT INTO ${table} (id, email, normalized_email, step_completed, email_verified, confirmed_at, confirm_seq, referral_count, place_score)
       SELECT 'lead-' || i, 'parent' || i || '@example.com', 'parent' || i || '@example.com', 3, 1,
              strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), i,
              CASE WHEN i % 10 = 0 THEN 1 + i % 3 ELSE 0 END,
              i - ?2 * CASE WHEN i % 10 = 0 THEN 1 + i % 3 ELSE 0 END
       FROM seq`,
    )
    .bind(ROWS, STEP)
    .run();
}
// The ledger: the credited referrals behind every tenth parent's count, and two held credits of
// every twentieth parent (friends at one catch-all domain), which count nowhere.
for (const table of TABLES) {
  await d1.db
    .prepare(
      `WITH RECURSIVE seq(i) AS (SELECT 10 UNION ALL SELECT i + 10 FROM seq WHERE i + 10 <= ?1),
       n(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM n WHERE k < 5)
       INSERT INTO referrals (id, lead_table, referred_id, referrer_id, ref_code, variant, status, hold_reasons, created_at, updated_at, credited_at)
       SELECT ?2 || '-' || i || '-' || k, ?2, 'friend-' || i || '-' || k, 'lead-' || i, 'CODE', 'genius',
              CASE WHEN k <= 1 + i % 3 THEN 'credited' ELSE 'held' END,
              CASE WHEN k <= 1 + i % 3 THEN NULL ELSE 'catch-all' END,
              '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'
       FROM seq JOIN n ON k <= 1 + i % 3 OR (i % 20 = 0 AND k > 3)`,
    )
    .bind(ROWS, table)
    .run();
}
const ledger = await d1.db
  .prepare("SELECT status, COUNT(*) AS n FROM referrals GROUP BY status ORDER BY status")
  .all<{ status: string; n: number }>();
console.log(`ledger: ${ledger.results.map((row) => `${row.n.toLocaleString("en")} ${row.status}`).join(", ")}`);
console.log(
  `seeded ${ROWS.toLocaleString("en")} confirmed leads in each of ${TABLES.length} tables in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);

const store = createD1ReferralStore(d1.db);
const parent = (seq: number) => ({
  confirm_seq: seq,
  referral_count: seq % 10 === 0 ? 1 + (seq % 3) : 0,
  place_score: seq - STEP * (seq % 10 === 0 ? 1 + (seq % 3) : 0),
});

describe(`place in line at ${ROWS.toLocaleString("en")} leads per table (target: 50 ms)`, () => {
  bench("placeOf: a parent at the front (leads)", async () => {
    await store.placeOf("leads", parent(10));
  });
  bench("placeOf: a parent in the middle (leads_icehockey)", async () => {
    await store.placeOf("leads_icehockey", parent(Math.floor(ROWS / 2)));
  });
  bench("placeOf: the last parent (leads_tennis)", async () => {
    await store.placeOf("leads_tennis", parent(ROWS));
  });
  bench("confirmedCount (first-wave spots left)", async () => {
    await store.confirmedCount("leads");
  });
  bench("countsFor: a parent with held credits (the status page's 'pending review')", async () => {
    await store.countsFor("leads", "lead-" + Math.floor(ROWS / 40) * 20);
  });
});

// The admin list shows a place per row: a page of 50 in one statement (placesOf) against 50 placeOf calls.
const pageIds = Array.from({ length: 50 }, (_, i) => `lead-${Math.floor(ROWS / 2) + i * 7}`);
describe(`places of a 50-row admin page at ${ROWS.toLocaleString("en")} leads`, () => {
  bench("placesOf: one query for the page", async () => {
    await store.placesOf("leads", pageIds);
  });
  bench("placeOf: 50 queries, one per row", async () => {
    await Promise.all(pageIds.map((id) => store.placeOf("leads", parent(Number(id.slice(5))))));
  });
});
