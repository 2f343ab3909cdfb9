// Fails when a spec that runs per variant leaves a variant without a browser test with JavaScript on,
// or without one with it off. A test that runs once per variant may run each variant in one mode
// only (tests/e2e/site.ts alternatingModes); this check keeps the family as a whole covering both.
// Reads `playwright test --list` ("[project] › file:line:col › describe › title"), or a saved
// listing given as its argument.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

const VARIANTS = ["genius", "icehockey", "tennis"];
// Specs exempt from the rule, with why.
const ONE_MODE = {
  // axe audits the DOM; without JavaScript that is the server's HTML, which the hydrated page starts from.
  "a11y-public.spec.ts": "on",
};
const listing = process.argv[2]
  ? readFileSync(process.argv[2], "utf8")
  : execFileSync("npx", ["playwright", "test", "--list"], { encoding: "utf8" });
const seen = new Map(); // file → variant → Set of modes
for (const line of listing.split("\n")) {
  const match = /^\s*\[(?:preview-)?js-(on|off)\] › ([^:]+):\d+:\d+ › (.*)$/.exec(line);
  if (!match) continue;
  const [, mode, file, path] = match;
  for (const variant of VARIANTS) {
    if (!new RegExp(`\\b${variant}\\b`).test(path)) continue;
    const byVariant = seen.get(file) ?? new Map();
    seen.set(file, byVariant);
    byVariant.set(variant, (byVariant.get(variant) ?? new Set()).add(mode));
  }
}
const holes = [];
for (const [file, byVariant] of seen) {
  for (const [variant, modes] of byVariant) {
    if (ONE_MODE[file] && modes.has(ONE_MODE[file])) continue;
    for (const mode of ["on", "off"]) if (!modes.has(mode)) holes.push(`${file}: ${variant} never runs with JavaScript ${mode}`);
  }
}
if (seen.size === 0) holes.push("no per-variant browser test found: did the listing format change?");
if (holes.length) {
  console.error(holes.join("\n"));
  process.exit(1);
}
console.log(`${seen.size} spec files run each of their variants with JavaScript on and off.`);
