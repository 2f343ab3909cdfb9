#!/usr/bin/env node
// Public pages from the edge cache (docs/decisions/033-edge-cache.md), one run on one machine: for `/`
// in each variant, requests a second and p50/p95 latency when the page comes from the cache (HIT),
// when it is rendered (an unknown parameter makes every request a render), and for a static asset
// served by the same `wrangler dev`; then the `landed` image, and whether every one of its requests
// was counted as a page view (analytics lost: the target is 0). It never fails on timing.
//   npm run bench:edge                 (builds first when build/ is missing)
//   node bench/edge.mjs --seconds 10 --connections 16 --port 8930
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import http from "node:http";
import { cliOptions, queryLocal, root, sqlString, startSite, wrangler } from "./lib/local-site.mjs";

const { option } = cliOptions();
const SECONDS = Number(option("seconds", 8));
const CONNECTIONS = Number(option("connections", 16));
const PORT = Number(option("port", 8930));
// An ordinary browser: known bots are not counted, and a bot's ?r= link is rendered fresh.
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const VARIANTS = [
  ["genius", ""],
  ["icehockey", "domain=champion&sport=icehockey"],
  ["tennis", "domain=champion&sport=tennis"],
];

if (!existsSync(join(root, "build/server/index.js"))) spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
const STATE = mkdtempSync(join(tmpdir(), "bench-edge-"));
wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE]);
const { origin, stop } = await startSite({ port: PORT, state: STATE });

// node:http with kept-alive sockets: a light client, so the figures are the server's more than fetch's.
const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
function get(path) {
  return new Promise((resolve, reject) => {
    const request = http.get(origin + path, { agent, headers: { "User-Agent": BROWSER } }, (response) => {
      response.on("data", () => {});
      response.on("end", () => resolve({ status: response.statusCode, state: response.headers["x-edge-cache"] }));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/** CONNECTIONS loops asking for `path(i)` for SECONDS; requests/s, p50 and p95 (ms), and the X-Edge-Cache seen. */
async function load(path) {
  const latencies = [];
  const states = new Set();
  let errors = 0;
  let i = 0;
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        try {
          const { status, state } = await get(path(i++));
          if (status !== 200) errors++;
          states.add(state ?? "none");
          latencies.push(performance.now() - started);
        } catch {
          errors++;
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { rps: latencies.length / SECONDS, p50: at(0.5), p95: at(0.95), errors, states: [...states].join("/") };
}

const row = (name, r) =>
  `  ${name.padEnd(34)} ${r.rps.toFixed(0).padStart(6)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p95 ${r.p95.toFixed(1).padStart(6)} ms   ${r.errors} errors   (${r.states})`;

try {
  console.log(`Edge cache bench: wrangler dev on ${origin}, ${CONNECTIONS} connections, ${SECONDS} s each`);
  const asset = await load(() => "/favicon.ico");
  console.log(row("static asset /favicon.ico", asset));
  for (const [key, query] of VARIANTS) {
    const page = query ? `/?${query}` : "/";
    const sep = query ? "&" : "?";
    await fetch(origin + page, { headers: { "User-Agent": BROWSER } }); // the first render fills the cache
    const cached = await load(() => `${page}${sep}utm_source=bench`);
    const rendered = await load((i) => `${page}${sep}bench=${i}`);
    console.log(`${key}:`);
    console.log(row("/ from the cache", cached));
    console.log(row("/ rendered (no cache)", rendered));
    console.log(
      `  cached / static asset: ${((100 * cached.rps) / asset.rps).toFixed(0)}% (goal >= 90%); cached / rendered: ${(cached.rps / rendered.rps).toFixed(1)}x`,
    );
  }
  // The landed image: each request a new visitor from a campaign, each counted once.
  const campaign = `bench-${Date.now().toString(36)}`;
  const landed = await load(() => `/landed?page=home&utm_campaign=${campaign}`);
  console.log(row("/landed (the visit image)", landed));
  await new Promise((resolve) => setTimeout(resolve, 3_000)); // the writes run after each response
  const [{ n: counted }] = queryLocal(
    STATE,
    `SELECT COUNT(*) AS n FROM analytics_events WHERE name = 'landing_view' AND utm_campaign = ${sqlString(campaign)}`,
  );
  const sent = Math.round(landed.rps * SECONDS) - landed.errors;
  console.log(`  page views: ${sent} answered visit images, ${counted} counted, ${sent - counted} lost (goal 0)`);
} finally {
  stop();
  rmSync(STATE, { recursive: true, force: true });
}
