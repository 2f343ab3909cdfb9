#!/usr/bin/env node
// D1 statements per invocation of the heaviest routes and handlers measured (docs/decisions/046-facts-and-reactions.md):
// runs the budget tests (tests/unit/wave-budgets.test.ts: the waves; tests/unit/referral-budgets.test.ts: the
// approval of held credits, their facts' queue batches and a parent's confirmation; tests/unit/budgets.test.ts: the parents' pages,
// the admin's exports, launch and merge, the queue batches and the cron), which drive them on a local D1 through a
// wrapper that counts statements as D1 does; each test file writes its figures to the out folder (BUDGETS_OUT).
// Prints the ten heaviest beside the figure before they were made set-based (measured the same way) and the budget:
// 50 for a parent's or visitor's request (Workers Free allows 50 queries per invocation), 500 for an admin request,
// a queue message or a cron run (half of Workers Paid's 1,000). Never asserts: the tests do.
//   npm run bench:budgets
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const FILES = ["tests/unit/wave-budgets.test.ts", "tests/unit/referral-budgets.test.ts", "tests/unit/budgets.test.ts"];

/** An admin request, a queue message or a cron run may make 500; any other request is a parent's or visitor's: 50. */
const budgetOf = (name) => (/\/admin\/|^queue:|^cron:/.test(name) ? 500 : 50);

/**
 * Measured with the same wrapper and sizes before: the waves on main before facts (7324398); the rest on
 * b5c6656, before the outbox's one-statement writes (an invite chunk wrote its 200 rows in 200), the launch page's 1,000-parent reads, the CSV's
 * 1,000-row pages and the erasure's statements across the lead tables. A figure not listed was the same before.
 */
const BEFORE = {
  "GET /admin/waves?n=1000 (review)": 2008,
  "POST /admin/waves admit 1000": 6011,
  "GET /admin/waves?club= (club of 500)": 1011,
  "POST /admin/waves club wave of 500": 3012,
  "queue: wave.admitted run (wave of 1000)": 210,
  "queue: wave.admitted run (club wave of 500)": 211,
  "queue: campaign step (1000 parents)": 1135,
  "GET /admin/launch (10000 parents)": 604,
  "GET /admin/launch (1000 parents)": 64,
  "POST /admin/launch send (1000 parents)": 67,
  "GET /admin/leads.csv (10000 leads)": 53,
  "GET /admin/leads.csv (1000 leads)": 8,
  "POST /my-data erase (3 waitlists, 2 club ties, 1000 referrals)": 68,
  "POST /my-data erase (club contact, 1000 referrals)": 45,
  "POST /my-data erase (1000 referrals)": 38,
  // Measured on b5c6656 (the approval's and the confirmation's consequences still in the request).
  "POST /admin/referrals/review approve 100 (the form's most)": 2603,
  "POST /verify-email (confirm, with a credit)": 33,
};

const dir = mkdtempSync(join(os.tmpdir(), "budgets-"));
const run = spawnSync("npx", ["vitest", "run", ...FILES], {
  cwd: root,
  stdio: ["ignore", "inherit", "inherit"],
  env: { ...process.env, BUDGETS_OUT: dir },
});
const after = {};
for (const file of existsSync(dir) ? readdirSync(dir) : []) Object.assign(after, JSON.parse(readFileSync(join(dir, file), "utf8")));
rmSync(dir, { recursive: true, force: true });
if (Object.keys(after).length === 0) console.error("No figures were written: the tests did not finish.");

const rows = Object.entries(after)
  .map(([name, count]) => ({ name, before: BEFORE[name] ?? count, after: count, budget: budgetOf(name) }))
  .sort((a, b) => Math.max(b.before, b.after) - Math.max(a.before, a.after))
  .slice(0, 10);
const width = Math.max(...rows.map((row) => row.name.length), 20);
console.log(`\n${"route or handler".padEnd(width)}  ${"before".padStart(7)}  ${"after".padStart(6)}  budget`);
for (const row of rows) {
  console.log(
    `${row.name.padEnd(width)}  ${String(row.before).padStart(7)}  ${String(row.after).padStart(6)}  ${String(row.budget).padStart(6)}`,
  );
}
process.exit(run.status ?? 1);
