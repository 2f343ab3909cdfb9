// Fails when the e2e suite leaves a hole in the rule that decides where a check runs:
// - a form or a flow that posts is walked in a browser with JavaScript on and with it off (a form
//   posts and redirects without JavaScript and is enhanced with it), in at least one variant: the
//   code path of a post is the same in every variant, so each spec with browser tests runs some of
//   them in each mode, unless ONE_MODE names it with why;
// - copy, links and prices differ per variant, and the server's HTML already holds them: they are
//   checked by @http tests (`request`, no browser), and a per-variant @http test runs in all three
//   (a check of a sport's page in both sports).
// Why not every variant in both modes in a browser: that matrix was the suite's largest cost (six
// page loads where one HTML fetch per variant sees the same words), and a browser adds nothing to
// a check of what the server wrote.
// Reads `playwright test --list --reporter=json`, or a saved one given as its argument.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

const VARIANTS = ["genius", "icehockey", "tennis"];
// Specs whose browser tests run in one mode only, with why.
const ONE_MODE = {
  // axe audits the DOM; without JavaScript that is the server's HTML, which the hydrated page starts from.
  "a11y-public.spec.ts": "on",
  // QA pages and the outbox that only show mail: no form of a parent's, and no script of the site's runs in a mail.
  "mail.spec.ts": "on",
  "email-width.spec.ts": "on",
  // The landing has no form and ships no JavaScript of ours but the screenshot's fallback, a script.
  "landing.spec.ts": "on",
};
// The variants with a sport: a check of a sport's page runs in these two.
const SPORTS = ["icehockey", "tennis"];
const report = JSON.parse(
  process.argv[2]
    ? readFileSync(process.argv[2], "utf8")
    : execFileSync("npx", ["playwright", "test", "--list", "--reporter=json"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 }),
);

const modesByFile = new Map(); // spec file → Set of "on" | "off"
const variantsByHttpTest = new Map(); // "file:line:col › title" → Set of variants its runs name
function walk(suite, titles) {
  for (const spec of suite.specs ?? []) {
    const path = [...titles, spec.title].join(" › ");
    for (const run of spec.tests ?? []) {
      const mode = /^(?:preview-)?js-(on|off)$/.exec(run.projectName)?.[1];
      if (mode) modesByFile.set(spec.file, (modesByFile.get(spec.file) ?? new Set()).add(mode));
      if (run.projectName !== "http") continue;
      const named = VARIANTS.filter((variant) => new RegExp(`\\b${variant}\\b`).test(path));
      if (named.length !== 1) continue;
      // The test's place and its title without the variant: the same check in another variant.
      const key = `${spec.file}:${spec.line}:${spec.column} › ${path.replace(new RegExp(`\\b${named[0]}\\b`, "g"), "…")}`;
      variantsByHttpTest.set(key, (variantsByHttpTest.get(key) ?? new Set()).add(named[0]));
    }
  }
  for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
}
for (const file of report.suites ?? []) walk(file, []);

const holes = [];
for (const [file, modes] of modesByFile) {
  for (const mode of ["on", "off"]) {
    if (modes.has(mode) || ONE_MODE[file]) continue;
    holes.push(`${file}: no browser test runs with JavaScript ${mode}`);
  }
}
for (const [test, seen] of variantsByHttpTest) {
  // One variant named is a single check that happens to name it; more is a loop over variants.
  if (seen.size < 2) continue;
  const owed = [...seen].every((variant) => SPORTS.includes(variant)) ? SPORTS : VARIANTS;
  const missing = owed.filter((variant) => !seen.has(variant));
  if (missing.length) holes.push(`${test}: an @http check per variant never runs for ${missing.join(", ")}`);
}
if (modesByFile.size === 0) holes.push("no browser test found: did the listing format change?");
if (holes.length) {
  console.error(holes.join("\n"));
  process.exit(1);
}
const perVariant = [...variantsByHttpTest.values()].filter((seen) => seen.size > 1).length;
console.log(
  `${modesByFile.size} spec files run browser tests with JavaScript on and off; ${perVariant} per-variant @http checks cover their variants.`,
);
