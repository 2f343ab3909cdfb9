#!/usr/bin/env node
// Grants the admin role to an existing local account (D1, embedded auth):
//   npm run admin:grant -- parent@example.com
// Works on the local database that `wrangler dev` and Vite dev use. ADMIN_GRANT_PERSIST_TO=DIR
// points it at another local state directory (tests). With Supabase Auth, set
// app_metadata.role = 'admin' on the user in Supabase instead.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const email = (process.argv[2] ?? "").trim().toLowerCase();

if (!/^[^\s@'"\\]+@[^\s@'"\\]+\.[^\s@'"\\]+$/.test(email)) {
  console.error("Usage: npm run admin:grant -- <email of an existing account>");
  process.exit(2);
}

function d1(sql) {
  const args = ["wrangler", "d1", "execute", "DB", "--local", "--json", "--command", sql];
  if (process.env.ADMIN_GRANT_PERSIST_TO) args.push("--persist-to", process.env.ADMIN_GRANT_PERSIST_TO);
  const run = spawnSync("npx", args, { cwd: root, encoding: "utf8" });
  if (run.status !== 0) {
    console.error(`wrangler d1 execute failed:\n${run.stderr || run.stdout}`);
    console.error("Have the migrations been applied? npm run db:migrate");
    process.exit(1);
  }
  // --json prints an array with one result per statement.
  const json = run.stdout.slice(run.stdout.indexOf("["));
  return JSON.parse(json)[0]?.results ?? [];
}

// The e-mail is checked above to hold no quotes or backslashes, so it is safe inside '...'.
const rows = d1(`UPDATE accounts SET role = 'admin' WHERE email = '${email}' RETURNING id, email, role`);
if (rows.length === 0) {
  console.error(`No account with the e-mail ${email}. Sign up at /signup first, then run this again.`);
  process.exit(1);
}
console.log(`${rows[0].email} is now an admin.`);
