#!/usr/bin/env node
// The share card's render time (docs/decisions/037-share-card.md), one run on one machine: on a
// `wrangler dev` of the built Worker, LEADS parents with different answers (each a new hash), and
// for each its card's first GET (cold: drawn, the first one also loads the wasm) and a second one
// (cached: from caches.default). Prints p50/p95 of both and the first card of the isolate apart.
// It never fails on timing.
//   npm run bench:card                 (builds first when build/ is missing)
//   node bench/card.mjs --leads 30 --port 8931
import { existsSync, mkdtempSync, rmSync } from "node:fs";
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
const rows = Array.from({ length: LEADS }, (_, i) => {
  // One age band and a pair of focus areas per lead: distinct for up to 42 leads.
  const round = Math.floor(i / AGES.length);
  const ages = JSON.stringify([AGES[i % AGES.length]]);
  const focus = JSON.stringify([FOCUS[round % FOCUS.length], FOCUS[(round + 1) % FOCUS.length]]);
  return `(${sqlString(`bench-card-${i}`)}, ${sqlString(`bench${i}@example.com`)}, ${sqlString(code(i))}, ${sqlString(ages)}, ${sqlString(focus)}, 3, datetime('now'))`;
});
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
const { origin, stop } = await startSite({ port: PORT, state: STATE });

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
} finally {
  stop();
  rmSync(STATE, { recursive: true, force: true });
}
