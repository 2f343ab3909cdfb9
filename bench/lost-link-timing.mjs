#!/usr/bin/env node
// Whether /lost-link's answer takes longer for a listed address than for one that is not on the list
// (docs/decisions/034-lost-my-link.md, 041): on a `wrangler dev` of the built Worker with a fresh local
// D1 holding N listed parents, it posts the form N times for a listed address and N times for an
// unlisted one, alternately, one at a time (each post after a GET of the form, as a browser without
// JavaScript does), and times each POST to its answer (the 303, not followed). Prints p50/p95 of both
// and the mails written, which shows the listed posts did their work. It never fails on timing.
//   npm run bench:lost-link            (builds first when build/ is missing)
//   node bench/lost-link-timing.mjs --n 40 --port 8932
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { cliOptions, root } from "./lib/local-site.mjs";
import { fill, formFor, percentile } from "./lib/no-js.mjs";
import { sqlString, wranglerDev } from "./lib/wrangler-dev.mjs";

const { option } = cliOptions();
const N = Number(option("n", 40));
const WARMUP = 5;
const PORT = Number(option("port", 8932));
const RUN = Date.now().toString(36);

if (!existsSync(join(root, "build/server/index.js"))) spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
const STATE = mkdtempSync(join(tmpdir(), "bench-lost-link-"));
const { Server, d1, wranglerSync } = wranglerDev({
  port: PORT,
  inspectorPort: PORT + 1,
  state: STATE,
  // Posts at machine speed from 127.0.0.1: the bot guard's fill time and the per-IP form limit stay out of the way.
  vars: { FORM_MIN_FILL_MS: "0", LEAD_IP_ALLOWLIST: "127.0.0.1,::1" },
});
const ORIGIN = `http://127.0.0.1:${PORT}`;

const listed = Array.from({ length: N + WARMUP }, (_, i) => `listed-${RUN}-${i}@example.com`);
const unlisted = Array.from({ length: N + WARMUP }, (_, i) => `unlisted-${RUN}-${i}@example.com`);

/** GETs the form (its bot stamp), then times the POST of `email` to its answer. */
async function timedPost(email) {
  const page = await fetch(`${ORIGIN}/lost-link`);
  const form = formFor(await page.text(), "/lost-link", ORIGIN);
  if (!form) throw new Error(`GET /lost-link: ${page.status}, no form`);
  const body = fill(form, { email });
  const started = performance.now();
  const response = await fetch(`${ORIGIN}/lost-link`, { method: "POST", body, redirect: "manual", headers: { Origin: ORIGIN } });
  await response.arrayBuffer();
  const ms = performance.now() - started;
  if (response.status !== 303 || response.headers.get("location") !== "/lost-link?sent=1") {
    throw new Error(`POST /lost-link for ${email}: ${response.status} ${response.headers.get("location")}`);
  }
  return ms;
}

const server = new Server();
try {
  wranglerSync(["d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE]);
  const rows = listed.map((email, i) => `(${sqlString(`bench-lost-${i}`)}, ${sqlString(email)}, ${sqlString(email)}, 3, datetime('now'))`);
  await d1(`INSERT INTO leads (id, email, normalized_email, step_completed, created_at) VALUES ${rows.join(", ")}`);
  await server.start();
  const times = { listed: [], unlisted: [] };
  for (let i = 0; i < N + WARMUP; i++) {
    // Alternately, each kind first every other round: neither always follows the other's after-response work.
    const order = i % 2 === 0 ? ["listed", "unlisted"] : ["unlisted", "listed"];
    for (const kind of order) {
      const ms = await timedPost(kind === "listed" ? listed[i] : unlisted[i]);
      if (i >= WARMUP) times[kind].push(ms);
    }
  }
  // The after-response work of the last posts: wait until every listed address has its mail row.
  let written = 0;
  for (let i = 0; i < 60 && written < N + WARMUP; i++) {
    const [[row]] = await d1("SELECT count(*) AS n FROM outbox WHERE template = 'lost-link'");
    written = Number(row.n);
    if (written < N + WARMUP) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const line = (name, samples) =>
    `  ${name.padEnd(10)} p50 ${percentile(samples, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(samples, 95).toFixed(1).padStart(7)} ms   (${samples.length} posts)`;
  console.log(
    `/lost-link timing: wrangler dev on ${ORIGIN}, ${N} listed and ${N} unlisted posts alternately (after ${WARMUP} of each unmeasured)`,
  );
  console.log(line("listed", times.listed));
  console.log(line("unlisted", times.unlisted));
  const gap = percentile(times.listed, 50) - percentile(times.unlisted, 50);
  console.log(
    `  p50 listed - unlisted: ${gap.toFixed(1)} ms;  mails written: ${written} of ${N + WARMUP} listed posts (0 expected for unlisted)`,
  );
} finally {
  await server.stop();
  rmSync(STATE, { recursive: true, force: true });
}
