#!/usr/bin/env node
// Grants the admin role to an existing account (D1, embedded auth):
//   npm run admin:grant -- parent@example.com                                 (the local database)
//   npm run admin:grant -- parent@example.com --remote --env production|preview (Cloudflare's D1)
// Locally it works on the database that `wrangler dev` and Vite dev use; ADMIN_GRANT_PERSIST_TO=DIR
// points it at another local state directory (tests). --dry-run prints the wrangler command instead
// of running it. With Supabase Auth, set app_metadata.role = 'admin' on the user in Supabase instead.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const root = fileURLToPath(new URL("..", import.meta.url));
const usage = "Usage: npm run admin:grant -- <email of an existing account> [--remote --env production|preview] [--dry-run]";

/** @type {{ values: { remote?: boolean; env?: string; "dry-run"?: boolean }; positionals: string[] }} */
let args;
try {
  args = parseArgs({
    allowPositionals: true,
    options: { remote: { type: "boolean" }, env: { type: "string" }, "dry-run": { type: "boolean" } },
  });
} catch (error) {
  console.error(`${/** @type {Error} */ (error).message}\n${usage}`);
  process.exit(2);
}
const { remote = false, env, "dry-run": dryRun = false } = args.values;
const email = (args.positionals[0] ?? "").trim().toLowerCase();

if (!/^[^\s@'"\\]+@[^\s@'"\\]+\.[^\s@'"\\]+$/.test(email) || args.positionals.length > 1) {
  console.error(usage);
  process.exit(2);
}
// The top level's D1 is the local one; a remote grant names the Worker whose accounts it changes.
if (remote && env !== "production" && env !== "preview") {
  console.error(`--remote needs --env production or --env preview\n${usage}`);
  process.exit(2);
}

function d1(sql) {
  const where = remote ? ["--remote", "--env", /** @type {string} */ (env)] : ["--local"];
  const command = ["wrangler", "d1", "execute", "DB", ...where, "--json", "--command", sql];
  if (!remote && process.env.ADMIN_GRANT_PERSIST_TO) command.push("--persist-to", process.env.ADMIN_GRANT_PERSIST_TO);
  if (dryRun) {
    console.log(`dry run: npx ${command.map((arg) => (/^[\w./:=-]+$/.test(arg) ? arg : `"${arg}"`)).join(" ")}`);
    process.exit(0);
  }
  // A local database that `wrangler dev` is writing to answers "database is locked" now and then;
  // the grant is idempotent, so it is simply tried again (each try takes a wrangler start).
  const execute = () => spawnSync("npx", command, { cwd: root, encoding: "utf8" });
  let run = execute();
  for (let tries = 1; tries < 5 && run.status !== 0 && /SQLITE_BUSY|database is locked/.test(`${run.stdout}${run.stderr}`); tries++)
    run = execute();
  if (run.status !== 0) {
    console.error(`wrangler d1 execute failed:\n${run.stderr || run.stdout}`);
    console.error(
      remote
        ? `Have the migrations been applied? npx wrangler d1 migrations apply DB --remote --env ${env}`
        : "Have the migrations been applied? npm run db:migrate",
    );
    process.exit(1);
  }
  // --json prints an array with one result per statement.
  const start = run.stdout.indexOf("[");
  try {
    return JSON.parse(run.stdout.slice(start < 0 ? run.stdout.length : start))[0]?.results ?? [];
  } catch {
    console.error(`wrangler d1 execute answered without a result:\n${run.stdout}${run.stderr}`);
    process.exit(1);
  }
}

// The e-mail is checked above to hold no quotes or backslashes, so it is safe inside '...'.
const rows = d1(`UPDATE accounts SET role = 'admin' WHERE email = '${email}' RETURNING id, email, role`);
if (rows.length === 0) {
  console.error(`No account with the e-mail ${email}. Sign up at /signup first, then run this again.`);
  process.exit(1);
}
console.log(`${rows[0].email} is now an admin.`);
