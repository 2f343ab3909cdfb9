#!/usr/bin/env node
// Fails when package-lock.json lacks an entry that `npm ci` will ask for on some platform.
//
// npm drops an optional package it cannot fetch (another platform's native build of rollup,
// tailwind's oxide, esbuild, workerd, lightningcss, sharp, unrs-resolver...) and still writes the
// lockfile; `npm ci` then refuses it ("Missing: @rollup/rollup-darwin-arm64@ from lock file").
// This walks every locked package's dependencies and optionalDependencies the way Node resolves
// them (nearest node_modules upwards) and lists each one with no lock entry.
// Usage: node scripts/check-lockfile.mjs [path/to/package-lock.json]
import { readFileSync } from "node:fs";

const file = process.argv[2] ?? new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(file, "utf8"));
const packages = lock.packages ?? {};

/** The lock key Node would load `name` from when required by the package at `from`. */
function resolve(from, name) {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ""}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return undefined;
    const parent = base.lastIndexOf("/node_modules/");
    base = parent < 0 ? "" : base.slice(0, parent);
  }
}

const missing = [];
for (const [key, entry] of Object.entries(packages)) {
  // Links point at the workspace folder, which carries the dependencies itself.
  if (entry.link) continue;
  const wanted = { ...entry.dependencies, ...entry.optionalDependencies };
  if (key === "") Object.assign(wanted, entry.devDependencies);
  for (const [name, range] of Object.entries(wanted)) {
    if (!resolve(key, name)) missing.push(`${name}@${range} (needed by ${key || "the root package"})`);
  }
}

if (missing.length) {
  console.error(`package-lock.json lacks ${missing.length} entries that npm ci will ask for:`);
  for (const line of missing) console.error(`  ${line}`);
  console.error(
    "Pick versions whose every platform package the registry serves (pin them with `overrides`), " +
      "then regenerate with `npm install --package-lock-only`.",
  );
  process.exit(1);
}
console.log(`package-lock.json: ${Object.keys(packages).length} entries, none missing.`);
