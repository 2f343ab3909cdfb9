#!/usr/bin/env node
// The share card's render time (docs/decisions/037-share-card.md), one run on one machine: on a
// `wrangler dev` of the built Worker, LEADS parents with different answers (each a new hash), and
// for each its card's first GET (cold: drawn, the first one also loads the wasm) and a second one
// (cached: from caches.default). The cards are drawn by the card Worker (workers/card) behind the
// site's CARD binding, both in the one workerd of `wrangler dev`. Prints p50/p95 of both and the
// first card of the isolate apart, then draws the largest card (every age band, three focus areas)
// and prints workerd's peak memory (Linux: VmHWM; both Workers' isolates and the runtime together,
// so an upper bound of the card Worker's). It never fails on timing.
//   npm run bench:card                 (builds first when build/ is missing)
//   node bench/card.mjs --leads 30 --port 8931
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { cliOptions, root, sqlString, startSite, wrangler } from "./lib/local-site.mjs";

const { option } = cliOptions();
const LEADS = Math.min(42, Number(option("leads", 30)));
const PORT = Number(option("port", 8931));
// genius's age bands and focus areas (content/genius/options.ts): each lead a different pair of answers.
const AGES = ["expecting", "0-12m", "1-2y", "3-4y", "5-6y", "6-9", "10+"];
const FOCUS = ["language-literacy", "early-math", "creativity-art", "fine-motor", "social-emotional", "problem-solving"];

if (!existsSync(join(root, "build/server/index.js"))) spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
const STATE = mkdtempSync(join(tmpdir(), "bench-card-"));
wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE]);
const code = (i) => `BENCH${String(i).padStart(3, "0")}`;
const LARGEST = LEADS;
const rows = Array.from({ length: LEADS }, (_, i) => {
  // One age band and a pair of focus areas per lead: distinct for up to 42 leads.
  const round = Math.floor(i / AGES.length);
  const ages = JSON.stringify([AGES[i % AGES.length]]);
  const focus = JSON.stringify([FOCUS[round % FOCUS.length], FOCUS[(round + 1) % FOCUS.length]]);
  return `(${sqlString(`bench-card-${i}`)}, ${sqlString(`bench${i}@example.com`)}, ${sqlString(code(i))}, ${sqlString(ages)}, ${sqlString(focus)}, 3, datetime('now'))`;
});
// The largest card: every age band in the headline, three focus areas (the card's most).
rows.push(
  `(${sqlString("bench-card-largest")}, ${sqlString("largest@example.com")}, ${sqlString(code(LARGEST))}, ${sqlString(JSON.stringify(AGES))}, ${sqlString(JSON.stringify(FOCUS))}, 3, datetime('now'))`,
);
wrangler([
  "d1",
  "execute",
  "DB",
  "--local",
  "--persist-to",
  STATE,
  "--command",
  `INSERT INTO leads (id, email, ref_code, age_bands, focus_areas, step_completed, created_at) VALUES ${rows.join(", ")}`,
]);
const { origin, stop, pid } = await startSite({ port: PORT, state: STATE });

/** workerd's peak resident memory in MiB (Linux), or null where it cannot be read. */
function workerdPeakMiB() {
  try {
    const pids = execFileSync("ps", ["-o", "pid=,comm=", "-g", String(pid)], { encoding: "utf8" })
      .split("\n")
      .filter((line) => /workerd/.test(line))
      .map((line) => line.trim().split(/\s+/)[0]);
    const peaks = pids.map((p) => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0));
    return peaks.length ? Math.max(...peaks) / 1024 : null;
  } catch {
    return null;
  }
}

/** One timed GET of a card: ms to the last byte, the cache's answer and the PNG's size. */
async function timeCard(path) {
  const started = performance.now();
  const response = await fetch(origin + path);
  const bytes = (await response.arrayBuffer()).byteLength;
  const ms = performance.now() - started;
  if (response.status !== 200 || response.headers.get("content-type") !== "image/png") throw new Error(`GET ${path}: ${response.status}`);
  return { ms, bytes, cache: response.headers.get("x-card-cache") };
}

const percentile = (samples, q) => [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor(q * samples.length))];
const line = (name, samples) =>
  `  ${name.padEnd(28)} p50 ${percentile(samples, 0.5).toFixed(1).padStart(7)} ms   p95 ${percentile(samples, 0.95).toFixed(1).padStart(7)} ms   (${samples.length})`;

try {
  const cold = [];
  const cached = [];
  const states = new Set();
  let first = null;
  let size = 0;
  for (let i = 0; i < LEADS; i++) {
    // A stale hash answers the current card's address (not timed).
    const moved = await fetch(`${origin}/card/${code(i)}/0000000000000000.png`, { redirect: "manual" });
    const path = moved.headers.get("location");
    if (moved.status !== 302 || !path) throw new Error(`no card for ${code(i)}: ${moved.status}`);
    const drawn = await timeCard(path);
    const again = await timeCard(path);
    states.add(`${drawn.cache}/${again.cache}`);
    size = Math.max(size, drawn.bytes);
    if (i === 0) first = drawn.ms;
    else cold.push(drawn.ms);
    cached.push(again.ms);
  }
  console.log(`Share card bench: wrangler dev on ${origin}, ${LEADS} parents with different answers, one GET at a time`);
  console.log(`  first card of the isolate     ${first.toFixed(1)} ms (wasm loaded and initialised)`);
  console.log(line("cold (a new hash, drawn)", cold));
  console.log(line("cached (caches.default)", cached));
  console.log(`  X-Card-Cache first/second: ${[...states].join(", ")}; largest PNG ${(size / 1024).toFixed(1)} KiB`);
  const before = workerdPeakMiB();
  const moved = await fetch(`${origin}/card/${code(LARGEST)}/0000000000000000.png`, { redirect: "manual" });
  const largest = await timeCard(moved.headers.get("location") ?? "");
  const peak = workerdPeakMiB();
  console.log(
    `  largest card (every age band, three focus areas): ${largest.ms.toFixed(1)} ms, ${(largest.bytes / 1024).toFixed(1)} KiB; ` +
      (peak === null
        ? "workerd's peak memory not readable here"
        : `workerd's peak memory ${peak.toFixed(0)} MiB (${before?.toFixed(0)} MiB before it)`),
  );
} finally {
  stop();
  rmSync(STATE, { recursive: true, force: true });
}
