#!/usr/bin/env node
// Times the funnel analytics dashboard (/admin/analytics) with 1,000,000 events and 100,000 leads.
//   npm run build && node bench/analytics.mjs [--events 1000000] [--leads 100000] [--port 8920] [--runs 7] [--reuse]
// Seeds a dedicated local D1 (.wrangler/bench-analytics) in SQL (recursive CTEs, so a million rows
// need no million-line files): events over the last 90 days in the three variants, skewed like a real
// funnel (most are landing views, few are credits; 40% without UTM, 20 campaigns of falling size, each
// with its own source and medium), inserted through the table's trigger like live events, so the
// daily rollup holds what production would. 100,000 leads (60/20/20 % over the variant tables), 12,000
// referrals, a confirmed admin. Starts `wrangler dev` on the built Worker, signs in through
// POST /signup?mode=signin and times GET /admin/analytics: default filters (one variant, last 30
// days), another variant, all variants, all variants over 90 days, a campaign filter. Prints min /
// median / max of the whole answer and of the loader's own database time (its Server-Timing header).
// Measured on 2 shared cores (load average 4-7), median of 9: default 66 ms (database 21 ms), another
// variant 86 ms (29), all variants 86 ms (45), all variants over 90 days 143 ms (89), a campaign 109 ms
// (50), source + campaign 74 ms (29). Seeding takes 2-8 minutes depending on the load.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  adminAccountSql,
  cliOptions,
  minMedianMax,
  queryLocal,
  root,
  signIn,
  sqlString as q,
  startSite,
  timeGet,
  wrangler,
} from "./lib/local-site.mjs";

const { option, flag } = cliOptions();
const EVENTS = Number(option("events", 1_000_000));
const LEADS = Number(option("leads", 100_000));
const PORT = Number(option("port", 8920));
const RUNS = Number(option("runs", 7));
const REUSE = flag("reuse");
const STATE = join(root, ".wrangler/bench-analytics");
const ADMIN = { email: "bench-analytics@example.com", password: "bench-admin-password" };
const CHUNK = 100_000;

function execute(sql) {
  const file = join(STATE, "seed.sql");
  writeFileSync(file, sql);
  wrangler(["d1", "execute", "DB", "--local", "--persist-to", STATE, "--file", file, "--yes"]);
  rmSync(file);
}

// Cumulative weights out of 1000: how often each event happens in a funnel that loses people.
const NAMES = [
  ["landing_view", 300],
  ["form_step1_view", 150],
  ["form_step1_done", 100],
  ["form_step2_view", 80],
  ["form_step2_done", 70],
  ["form_step3_view", 60],
  ["form_step3_done", 50],
  ["roadmap_view", 45],
  ["plans_view", 40],
  ["plan_chosen", 25],
  ["confirm_view", 20],
  ["email_confirmed", 12],
  ["referral_credited", 3],
  ["guide_form_view", 10],
  ["guide_submitted", 6],
  ["guide_confirm_view", 6],
  ["tips_form_view", 10],
  ["tips_submitted", 6],
  ["tips_confirm_view", 7],
];
const SOURCES = ["facebook", "google", "instagram", "newsletter", "tiktok", "partner"];
const MEDIUMS = ["cpc", "social", "email"];

function eventsSql(start, count) {
  let at = 0;
  const nameCase = `CASE ${NAMES.map(([name, weight]) => `WHEN a < ${(at += weight)} THEN ${q(name)}`).join(" ")} ELSE 'landing_view' END`;
  // Campaign 0..19, smaller campaigns rarer; 40% of events have no UTM at all.
  const campaign = `CAST(((b - 400) * (b - 400)) / 18000 AS INTEGER)`;
  const sourceCase = `CASE ${SOURCES.map((s, i) => `WHEN ${campaign} % ${SOURCES.length} = ${i} THEN ${q(s)}`).join(" ")} END`;
  const mediumCase = `CASE ${MEDIUMS.map((m, i) => `WHEN ${campaign} % ${MEDIUMS.length} = ${i} THEN ${q(m)}`).join(" ")} END`;
  return `
    INSERT INTO analytics_events (name, variant, day, session_id, utm_source, utm_medium, utm_campaign, has_referrer, js, created_at)
    WITH RECURSIVE n(i) AS (SELECT ${start} UNION ALL SELECT i + 1 FROM n WHERE i < ${start + count - 1}),
    r AS MATERIALIZED (SELECT i, abs(random()) % 1000 AS a, abs(random()) % 1000 AS b, abs(random()) % 10 AS c,
                 abs(random()) % 90 AS d, abs(random()) % 10 AS e, abs(random()) % 10 AS f FROM n)
    SELECT ${nameCase},
           CASE WHEN c < 6 THEN 'genius' WHEN c < 8 THEN 'icehockey' ELSE 'tennis' END,
           date('now', '-' || d || ' days'),
           'bench-' || i,
           CASE WHEN b < 400 THEN '' ELSE ${sourceCase} END,
           CASE WHEN b < 400 THEN '' ELSE ${mediumCase} END,
           CASE WHEN b < 400 THEN '' ELSE 'campaign-' || ${campaign} END,
           e = 0,
           CASE WHEN f < 5 THEN 'unknown' WHEN f < 9 THEN 'on' ELSE 'off' END,
           date('now', '-' || d || ' days') || 'T12:00:00.000Z'
      FROM r;`;
}

function leadsSql(table, count) {
  return `
    INSERT INTO ${table} (id, email, normalized_email, step_completed, ref_code, lead_source, risk_flags, created_at)
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count})
    SELECT lower(hex(randomblob(16))), 'bench-${table}-' || i || '@example.com', 'bench-${table}-' || i || '@example.com',
           1 + i % 3, printf('B%07X', i), 'main_funnel',
           CASE WHEN i % 97 = 0 THEN '["fast-referrals"]' ELSE '[]' END,
           strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (i % 120) || ' days', '-' || (i % 24) || ' hours')
      FROM n;`;
}

// Referred leads after the first 5,000 rows, referrers among the first 2,000 (a few very active ones).
function referralsSql(table, variant, count) {
  return `
    INSERT INTO referrals (id, lead_table, referred_id, referrer_id, ref_code, variant, status, reason, created_at, updated_at, credited_at)
    SELECT lower(hex(randomblob(16))), '${table}', l.id,
           (SELECT id FROM ${table} WHERE rowid = 1 + (l.rowid * 7919) % 2000), 'X', '${variant}',
           CASE l.rowid % 5 WHEN 0 THEN 'pending' WHEN 1 THEN 'rejected' ELSE 'credited' END,
           CASE l.rowid % 5 WHEN 1 THEN 'duplicate-email' END,
           l.created_at, l.created_at,
           CASE WHEN l.rowid % 5 >= 2 THEN strftime('%Y-%m-%dT%H:%M:%fZ', l.created_at, '+' || (l.rowid % 300) || ' hours') END
      FROM ${table} l WHERE l.rowid > 5000 AND l.rowid <= ${5000 + count};`;
}

function seed() {
  rmSync(STATE, { recursive: true, force: true });
  mkdirSync(STATE, { recursive: true });
  wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE]);
  const started = performance.now();
  const split = [
    ["leads", "genius", 0.6],
    ["leads_icehockey", "champion-icehockey", 0.2],
    ["leads_tennis", "champion-tennis", 0.2],
  ];
  for (const [table, variant, share] of split) {
    execute(leadsSql(table, Math.round(LEADS * share)));
    execute(referralsSql(table, variant, Math.round(12_000 * share)));
  }
  console.log(`  seeded ${LEADS} leads and their referrals`);
  for (let start = 0; start < EVENTS; start += CHUNK) {
    execute(eventsSql(start, Math.min(CHUNK, EVENTS - start)));
    process.stdout.write(`  seeded ${Math.min(start + CHUNK, EVENTS)} events\n`);
  }
  execute(adminAccountSql(ADMIN));
  const [{ n: rows }] = queryLocal(STATE, "SELECT COUNT(*) AS n FROM analytics_daily");
  console.log(`Seeded in ${((performance.now() - started) / 1000).toFixed(1)} s; the daily rollup has ${rows} rows`);
}

async function main() {
  if (!REUSE) seed();
  const { origin: ORIGIN, stop } = await startSite({ port: PORT, state: STATE });
  try {
    const cookie = await signIn(ORIGIN, ADMIN);
    const ninetyDaysAgo = new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10);
    const cases = [
      ["default (genius, 30 days)", "/admin/analytics"],
      ["one variant (hockey)", "/admin/analytics?domain=champion&sport=icehockey"],
      ["all variants", "/admin/analytics?variants=all"],
      ["all variants, 90 days", `/admin/analytics?variants=all&from=${ninetyDaysAgo}`],
      ["campaign filter", "/admin/analytics?variants=all&campaign=campaign-3"],
      ["source + campaign", "/admin/analytics?source=facebook&campaign=campaign-0"],
    ];
    console.log(`\nGET timings over ${RUNS} runs (after one warm-up), ${EVENTS} events, ${LEADS} leads:`);
    console.log("case                          total min / median / max ms     loader db min / median / max ms");
    for (const [name, path] of cases) {
      await timeGet(ORIGIN, path, cookie);
      const results = [];
      for (let i = 0; i < RUNS; i++) results.push(await timeGet(ORIGIN, path, cookie));
      const [tMin, tMed, tMax] = minMedianMax(results.map((r) => r.ms));
      const [dMin, dMed, dMax] = minMedianMax(results.map((r) => r.db));
      console.log(
        `${name.padEnd(29)} ${tMin.toFixed(0).padStart(6)} ${tMed.toFixed(0).padStart(8)} ${tMax.toFixed(0).padStart(7)}` +
          `          ${dMin.toFixed(0).padStart(6)} ${dMed.toFixed(0).padStart(8)} ${dMax.toFixed(0).padStart(7)}`,
      );
    }
  } finally {
    stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
