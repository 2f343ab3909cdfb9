// Applies the local D1 migrations for `npm start`, printing one line per migration applied
// (scripts/lib/migrations-summary.mjs), or wrangler's whole output when it fails.
import { spawnSync } from "node:child_process";
import { summarizeMigrations } from "./lib/migrations-summary.mjs";

const run = spawnSync("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", ...process.argv.slice(2)], {
  encoding: "utf8",
  env: { ...process.env, CI: "true" },
});
const output = `${run.stdout ?? ""}${run.stderr ?? ""}`;
if (run.status !== 0) {
  process.stderr.write(output);
  console.error("ERROR: applying the local D1 migrations failed (wrangler's output above).");
  process.exit(run.status ?? 1);
}
for (const line of summarizeMigrations(output)) console.log(line);
