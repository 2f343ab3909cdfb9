#!/usr/bin/env node
// D1 statements per invocation of the heaviest routes and queue handlers measured so far
// (docs/decisions/046-facts-and-reactions.md): runs tests/unit/wave-budgets.test.ts and
// tests/unit/referral-budgets.test.ts, which drive them on a
// local D1 through a wrapper that counts statements as D1 does, and prints them heaviest first beside the
// budget (500 for an admin request or a queue message; Workers Paid allows 1,000 queries per invocation)
// and the figure main's code path had before facts (measured the same way; a queue run did not exist then:
// the invites were sent in the admin's request). Never asserts: the test does.
//   npm run bench:budgets
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const BUDGET = 500;
/** A parent's or visitor's request: 50, so it runs on Workers Free too. */
const PARENT_BUDGET = 50;
const PARENT_REQUESTS = new Set(["POST /verify-email (confirm, with a credit)"]);

/** Measured on main before facts (7324398) with the same wrapper and sizes. */
const BEFORE = {
  "GET /admin/waves?n=1000 (review)": 2008,
  "POST /admin/waves admit 1000": 6011,
  "GET /admin/waves?club= (club of 500)": 1011,
  "POST /admin/waves club wave of 500": 3012,
  // Measured on b5c6656 (the approval's and the confirmation's consequences still in the request).
  "POST /admin/referrals/review approve 100 (the form's most)": 2603,
  "POST /verify-email (confirm, with a credit)": 33,
};

const dir = mkdtempSync(join(os.tmpdir(), "budgets-"));
const out = join(dir, "budgets.json");
const run = spawnSync("npx", ["vitest", "run", "tests/unit/wave-budgets.test.ts", "tests/unit/referral-budgets.test.ts"], {
  cwd: root,
  stdio: ["ignore", "inherit", "inherit"],
  env: { ...process.env, BUDGETS_OUT: out },
});
let after = {};
// Each test file writes its own figures (referral-budgets beside the waves').
for (const file of [out, out.replace(/\.json$/, ".referrals.json")]) {
  try {
    after = { ...after, ...JSON.parse(readFileSync(file, "utf8")) };
  } catch {
    console.error(`No figures in ${file}: its test did not finish.`);
  }
}
rmSync(dir, { recursive: true, force: true });

const rows = Object.entries(after)
  .map(([name, count]) => ({ name, before: BEFORE[name] ?? null, after: count }))
  .sort((a, b) => Math.max(b.before ?? 0, b.after) - Math.max(a.before ?? 0, a.after))
  .slice(0, 10);
const width = Math.max(...rows.map((row) => row.name.length), 20);
console.log(`\n${"route or handler".padEnd(width)}  ${"before".padStart(7)}  ${"after".padStart(6)}  budget`);
for (const row of rows) {
  const before = row.before === null ? "—" : String(row.before);
  console.log(
    `${row.name.padEnd(width)}  ${before.padStart(7)}  ${String(row.after).padStart(6)}  ${PARENT_REQUESTS.has(row.name) ? PARENT_BUDGET : BUDGET}`,
  );
}
process.exit(run.status ?? 1);
