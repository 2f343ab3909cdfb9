#!/usr/bin/env node
// Lighthouse (mobile) for the three variants' landing pages against a RUNNING server; builds nothing.
// Usage: npm run bench:lighthouse            (server at http://127.0.0.1:8787)
//        BASE_URL=http://127.0.0.1:8801 npm run bench:lighthouse
// Targets (exit code 1 when missed): Performance >= 95, Accessibility 100, Best Practices >= 95, SEO 100.
// RUNS=3 runs each page three times and keeps the median run by Performance (Lighthouse's advice
// for noisy machines). Raw reports go to bench/results/ (git-ignored). About 15 s per run.
import { execFile } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { promisify } from "node:util";

const run = promisify(execFile);
const base = (process.env.BASE_URL || "http://127.0.0.1:8787").replace(/\/+$/, "");
const chrome = process.env.CHROME_PATH || "/usr/bin/chromium";
const runs = Math.max(1, Number(process.env.RUNS) || 1);
const resultsDir = new URL("./results/", import.meta.url).pathname;

const pages = [
  ["genius", "/"],
  ["icehockey", "/?domain=champion&sport=icehockey"],
  ["tennis", "/?domain=champion&sport=tennis"],
];
const categories = [
  ["performance", "Performance", 95],
  ["accessibility", "Accessibility", 100],
  ["best-practices", "Best Practices", 95],
  ["seo", "SEO", 100],
];

async function lighthouse(url) {
  const { stdout } = await run(
    "npx",
    [
      "-y",
      "lighthouse@12.8.2",
      url,
      "--quiet",
      "--output=json",
      "--output-path=stdout",
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
    ],
    { env: { ...process.env, CHROME_PATH: chrome }, maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(stdout);
}

/** Audits that cost points in a category, to say what to fix. */
function failingAudits(report, categoryId) {
  return report.categories[categoryId].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => report.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 1)
    .map((audit) => audit.id);
}

const probe = await fetch(base).catch((error) => error);
if (!(probe instanceof Response)) {
  console.error(`No server at ${base} (${probe.message}). Start one first (npm start), or set BASE_URL.`);
  process.exit(2);
}

mkdirSync(resultsDir, { recursive: true });
const rows = [];
const misses = [];
for (const [name, path] of pages) {
  const url = `${base}${path}`;
  const reports = [];
  for (let i = 1; i <= runs; i++) {
    process.stderr.write(`Lighthouse ${name} (${i}/${runs}): ${url}\n`);
    reports.push(await lighthouse(url));
  }
  reports.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
  const report = reports[Math.floor((reports.length - 1) / 2)];
  writeFileSync(`${resultsDir}lighthouse-${name}.json`, JSON.stringify(report));
  const row = { variant: name };
  for (const [id, label, target] of categories) {
    const score = Math.round((report.categories[id]?.score ?? 0) * 100);
    row[label] = score;
    if (score < target) {
      const failing = failingAudits(report, id).join(", ") || "none";
      misses.push(`${name} ${label} ${score} < ${target} (failing audits: ${failing})`);
    }
  }
  const metric = (id) => report.audits[id]?.displayValue ?? "-";
  row.FCP = metric("first-contentful-paint");
  row.LCP = metric("largest-contentful-paint");
  row.TBT = metric("total-blocking-time");
  row.CLS = metric("cumulative-layout-shift");
  rows.push(row);
}

console.table(rows);
if (misses.length) {
  console.error(`Below target:\n  ${misses.join("\n  ")}`);
  process.exit(1);
}
console.log("All targets met: Performance >= 95, Accessibility 100, Best Practices >= 95, SEO 100.");
