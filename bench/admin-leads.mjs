#!/usr/bin/env node
// Times the admin lead list with 100,000 leads in one table (issue 5: "the page stays fast").
//   npm run build && node bench/admin-leads.mjs [--rows 100000] [--port 8808] [--runs 7] [--reuse]
// Seeds a dedicated local D1 (.wrangler/bench-admin, batch inserts through `wrangler d1 execute --file`),
// adds a confirmed admin account, starts `wrangler dev` on the built Worker, signs in through
// POST /signup?mode=signin and times GET /admin/leads: first page, a deep page, an e-mail search,
// a source+step filter, a ref-code search, and the CSV export of a filter. Prints min / median / max
// per case, then times one full export of every row (/admin/leads.csv, streamed) and prints its rows,
// size and time. Half the leads are confirmed (a place in line), so each page computes its places.
// Measured on 2 shared cores (wrangler dev, local D1, 100,000 leads, median of 7): first page 96 ms,
// page 1000 93 ms, e-mail search 103 ms, source+step filter 100 ms; CSV of that filter (~8,300 rows) 2.9 s.
// With the admin console (half the leads confirmed; cards, places and every CSV field), on a quiet
// machine, median of 5: first page 121 ms, page 1000 117 ms, e-mail search 140 ms, source+step 121 ms,
// ref-code search 141 ms, 60-character search 97 ms; CSV of the filter (~8,300 rows) 0.9 s; full
// export of 100,000 rows 3.4 s, 24.6 MB, first bytes after 76 ms. The export reads the line's order
// once (ranking it for each of its 500 pages took the full export to ~2 minutes). Figures taken while
// a Playwright run shared the 2 cores were about five times these.
import { randomUUID } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  adminAccountSql,
  cliOptions,
  minMedianMax,
  root,
  signIn,
  sqlString as q,
  startSite,
  timeGet,
  wrangler,
} from "./lib/local-site.mjs";

const { option, flag } = cliOptions();
const ROWS = Number(option("rows", 100_000));
const PORT = Number(option("port", 8808));
const RUNS = Number(option("runs", 7));
const REUSE = flag("reuse");
const STATE = join(root, ".wrangler/bench-admin");
const ADMIN = { email: "bench-admin@example.com", password: "bench-admin-password" };
const TABLE = "leads";

const pick = (list, i) => list[i % list.length];

function leadValues(i, now) {
  const source = pick(["main_funnel", "main_funnel", "guide_download", "tips_download"], i);
  const step = source === "main_funnel" ? 1 + (i % 3) : 1;
  const plan = step === 3 ? pick(["starter", "growth", "genius"], i >> 2) : null;
  const values = [
    randomUUID(),
    `parent${i}@example.com`,
    ["1-2y", "3-4y"].slice(0, 1 + (i % 2)),
    pick(["15-30m", "30-60m", "less-15m"], i),
    1 + (i % 3),
    step,
    i % 10 === 0 ? `REF${String(i % 997).padStart(5, "0")}` : null,
    `B${i.toString(36).toUpperCase().padStart(7, "0")}`,
    pick(["facebook", "google", null], i),
    source,
    ["language-literacy", "early-math"],
    ["daily-habit"],
    pick(["no-time", "unsure-start"], i),
    plan,
    plan ? pick(["monthly", "yearly"], i) : null,
    new Date(now - i * 60_000).toISOString(),
  ];
  return `(${values.map((v) => (Array.isArray(v) ? q(JSON.stringify(v)) : typeof v === "number" ? v : q(v))).join(", ")})`;
}

function seed() {
  rmSync(STATE, { recursive: true, force: true });
  mkdirSync(STATE, { recursive: true });
  wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE]);
  const columns =
    "id, email, age_bands, time_available, children_count, step_completed, referred_by, ref_code, utm_source, lead_source, focus_areas, goals, biggest_concern, plan_chosen, billing_cycle, created_at";
  const PER_STATEMENT = 100;
  const PER_FILE = 2_500; // files above ~1 MB crash local D1 (workerd segfault)
  const now = Date.now();
  const started = performance.now();
  for (let start = 0; start < ROWS; start += PER_FILE) {
    const statements = [];
    for (let from = start; from < Math.min(start + PER_FILE, ROWS); from += PER_STATEMENT) {
      const rows = [];
      for (let i = from; i < Math.min(from + PER_STATEMENT, ROWS); i++) rows.push(leadValues(i, now));
      statements.push(`INSERT INTO ${TABLE} (${columns}) VALUES ${rows.join(",\n")};`);
    }
    const file = join(STATE, `seed-${start}.sql`);
    writeFileSync(file, statements.join("\n"));
    wrangler(["d1", "execute", "DB", "--local", "--persist-to", STATE, "--file", file, "--yes"]);
    if (!process.env.KEEP_SQL) rmSync(file);
    process.stdout.write(`  seeded ${Math.min(start + PER_FILE, ROWS)} rows\n`);
  }
  // Every other lead confirmed, in created order, a tenth with credits: each listed page ranks real places.
  wrangler([
    "d1",
    "execute",
    "DB",
    "--local",
    "--persist-to",
    STATE,
    "--command",
    `UPDATE ${TABLE} SET email_verified = 1, confirmed_at = created_at, confirm_seq = rowid,
       referral_count = CASE WHEN rowid % 20 = 0 THEN 2 ELSE 0 END,
       place_score = rowid - 5 * CASE WHEN rowid % 20 = 0 THEN 2 ELSE 0 END
     WHERE rowid % 2 = 0`,
  ]);
  wrangler(["d1", "execute", "DB", "--local", "--persist-to", STATE, "--command", adminAccountSql(ADMIN)]);
  console.log(`Seeded ${ROWS} leads in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function main() {
  if (!REUSE) seed();
  const { origin: ORIGIN, stop } = await startSite({ port: PORT, state: STATE });
  try {
    const cookie = await signIn(ORIGIN, ADMIN);
    const deep = Math.floor(ROWS / 50 / 2);
    const cases = [
      ["first page", "/admin/leads"],
      [`deep page (${deep})`, `/admin/leads?page=${deep}`],
      ["e-mail search", `/admin/leads?q=${encodeURIComponent(`parent${Math.floor(ROWS / 3)}@`)}`],
      ["filter source+step", "/admin/leads?source=main_funnel&step=3"],
      [
        "ref-code search",
        `/admin/leads?q=${encodeURIComponent(
          `B${Math.floor(ROWS / 3)
            .toString(36)
            .toUpperCase()
            .padStart(7, "0")}`,
        )}`,
      ],
      ["long search (60 chars)", `/admin/leads?q=${"x".repeat(60)}`],
      ["CSV of a filter", "/admin/leads.csv?source=main_funnel&step=3"],
    ];
    console.log(`\nGET timings over ${RUNS} runs (after one warm-up), ${ROWS} leads in ${TABLE}:`);
    console.log("case                     min ms   median ms   max ms   bytes");
    for (const [name, path] of cases) {
      await timeGet(ORIGIN, path, cookie);
      const results = [];
      for (let i = 0; i < RUNS; i++) results.push(await timeGet(ORIGIN, path, cookie));
      const [min, median, max] = minMedianMax(results.map((result) => result.ms));
      console.log(
        `${name.padEnd(24)} ${min.toFixed(0).padStart(6)} ${median.toFixed(0).padStart(11)} ${max.toFixed(0).padStart(8)}   ${results.at(-1).bytes}`,
      );
    }
    // One full export: every row, streamed. Counted line by line as it arrives.
    const t0 = performance.now();
    const response = await fetch(`${ORIGIN}/admin/leads.csv`, { headers: { Cookie: cookie } });
    if (response.status !== 200) throw new Error(`full CSV: ${response.status}`);
    const disposition = response.headers.get("content-disposition");
    let bytes = 0;
    let lines = 0;
    let firstByteMs = null;
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      firstByteMs ??= performance.now() - t0;
      bytes += value.length;
      for (const byte of value) if (byte === 10) lines += 1;
    }
    const totalMs = performance.now() - t0;
    console.log(
      `\nFull CSV export: ${lines - 1} rows, ${(bytes / 1e6).toFixed(1)} MB in ${(totalMs / 1000).toFixed(1)} s ` +
        `(first bytes after ${firstByteMs?.toFixed(0)} ms; ${disposition})`,
    );
    if (lines - 1 !== ROWS) throw new Error(`full CSV: expected ${ROWS} rows, got ${lines - 1}`);
  } finally {
    stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
