#!/usr/bin/env node
// Fills a D1 with demo data, so the admin console of a local run or a preview looks used in all
// three variants: leads, referrals (credited and rejected), 29 days of funnel analytics, mails in
// the outbox, clubs of the sport editions, a (disabled) webhook endpoint with its delivery log, and a
// confirmed QA admin to sign in with.
//   npm run seed                                  the local D1 of `npm start` (.wrangler/state)
//   npm run seed -- --persist-to DIR              another local state (tests, a checking server)
//   npm run seed -- --remote --env preview        the previews' D1 (needs SEED_ADMIN_PASSWORD)
// SEED_ADMIN_EMAIL (default qa-admin@example.com) and SEED_ADMIN_PASSWORD name the admin. Running it
// again writes nothing (scripts/lib/seed-data.mjs). It never reaches production's database.
// `--now ISO` dates the data as if the run happened then (a re-run days later writes nothing either).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { cliOptions, wrangler } from "./lib/d1.mjs";
import { DEFAULT_ADMIN_EMAIL, DEMO_PASSWORD, VARIANTS, adminPasswordLine, seedStatements } from "./lib/seed-data.mjs";

/** Local D1 files above ~1 MB crash workerd; each file stays well below. */
const MAX_FILE_BYTES = 400_000;
const MIN_PASSWORD = 12;

function fail(message) {
  console.error(message);
  process.exit(2);
}

const { option, flag } = cliOptions();
const remote = flag("remote");
const env = option("env", null);
const persistTo = option("persist-to", null);
const now = Date.parse(option("now", new Date().toISOString()));

if (env === "production") fail("Refused: the seed never writes to production's database.");
if (env !== null && env !== "preview") fail(`Refused: --env ${env}; the seed knows only --env preview (the previews' D1).`);
if (remote && env !== "preview") fail("Refused: --remote needs --env preview (the previews' D1); the seed never writes elsewhere.");
if (remote && persistTo) fail("--persist-to is for a local D1; leave it out with --remote.");
if (flag("local") && remote) fail("Choose --local or --remote, not both.");
if (Number.isNaN(now)) fail("--now must be a date and time, e.g. 2026-03-01T12:00:00Z.");

const adminEmail = (process.env.SEED_ADMIN_EMAIL || DEFAULT_ADMIN_EMAIL).trim().toLowerCase();
if (!/^[^\s@'"\\]+@[^\s@'"\\]+\.[^\s@'"\\]+$/.test(adminEmail)) fail(`SEED_ADMIN_EMAIL is not an e-mail address: ${adminEmail}`);
const givenPassword = process.env.SEED_ADMIN_PASSWORD || undefined;
if (remote && !givenPassword)
  fail(`A remote seed needs SEED_ADMIN_PASSWORD (at least ${MIN_PASSWORD} characters): a preview is on the internet.`);
if (givenPassword !== undefined && givenPassword.length < MIN_PASSWORD)
  fail(`SEED_ADMIN_PASSWORD must have at least ${MIN_PASSWORD} characters.`);
const adminPassword = givenPassword || DEMO_PASSWORD;

const target = [
  remote ? "--remote" : "--local",
  ...(env ? ["--env", env] : []),
  ...(persistTo ? ["--persist-to", resolve(persistTo)] : []),
];
const where = remote ? "the previews' D1 (remote)" : `the local D1 in ${persistTo ? resolve(persistTo) : ".wrangler/state"}`;

// Migrations: a local state may be new. The previews' D1 is migrated by its deploy, which knows
// which branch's schema it serves.
if (!remote) {
  console.log(`Applying migrations to ${where}...`);
  wrangler(["d1", "migrations", "apply", "DB", ...target]);
}

// Local mails link to `npm start`'s address; a preview's to the variants' public hosts.
const statements = seedStatements({ now, adminEmail, adminPassword, mailOrigin: remote ? null : "http://127.0.0.1:8787" });
const files = [];
let current = [];
let size = 0;
for (const statement of statements) {
  if (size + statement.length > MAX_FILE_BYTES && current.length) {
    files.push(current.join("\n"));
    current = [];
    size = 0;
  }
  current.push(statement);
  size += statement.length + 1;
}
if (current.length) files.push(current.join("\n"));

const dir = mkdtempSync(join(tmpdir(), "seed-"));
try {
  console.log(`Seeding ${where}: ${statements.length} statements in ${files.length} files...`);
  files.forEach((sql, i) => {
    const file = join(dir, `seed-${i}.sql`);
    writeFileSync(file, sql);
    wrangler(["d1", "execute", "DB", ...target, "--file", file], { interactive: remote });
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  if (remote) console.error("Has the previews' D1 been migrated? npx wrangler d1 migrations apply DB --remote --env preview");
  process.exit(1);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

// What the console now shows, per variant (whatever else the database held is counted too).
const figures = VARIANTS.map(
  (v) => `SELECT '${v.key}' AS variant,
     (SELECT COUNT(*) FROM ${v.table} WHERE email <> 'pending@placeholder.invalid') AS leads,
     (SELECT COUNT(*) FROM ${v.table} WHERE confirm_seq IS NOT NULL) AS confirmed,
     (SELECT COUNT(*) FROM referrals WHERE lead_table = '${v.table}' AND status = 'credited') AS credited,
     (SELECT COUNT(*) FROM referrals WHERE lead_table = '${v.table}' AND status = 'rejected') AS rejected,
     (SELECT COUNT(*) FROM analytics_events WHERE variant = '${v.contentKey}') AS events,
     (SELECT COUNT(*) FROM outbox WHERE variant = '${v.key}') AS mails`,
).join(" UNION ALL ");
try {
  const out = wrangler(["d1", "execute", "DB", ...target, "--json", "--command", figures]);
  console.table(JSON.parse(out.slice(out.indexOf("[")))[0].results);
} catch {
  console.log("(could not read the figures back)");
}

console.log(`\nQA admin: ${adminEmail} (sign in at /signup?mode=signin, then /admin/leads)`);
console.log(adminPasswordLine(givenPassword));
