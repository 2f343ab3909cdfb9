#!/usr/bin/env node
// The Worker bundle's checks, on a `wrangler deploy --dry-run --outdir DIR --metafile META` (a step
// of `npm test`): usage `node scripts/bundle-check.mjs LOG META`, where LOG is wrangler's output.
// - one copy of the app: the app's modules reach the Worker only through the server build, and a
//   marker string of the configuration module is bundled once (server.ts importing app/ bundled a
//   second copy, with its own caches);
// - no prettier (@react-email/render imports it for an option the app never uses; wrangler.toml
//   [alias] stubs it);
// - the gzip size, printed beside its budget, fails above it.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

/**
 * Gzip KiB the production Worker may weigh: what issue 33 reached (517 KiB), plus the share card
 * (docs/decisions/037-share-card.md), measured at 1693 KiB with it (+1170 KiB: resvg's wasm 928,
 * satori and its font parser 155, the two Inter fonts 60, yoga's wasm 28), plus room for features;
 * then the public-suffix list for the catch-all hold (tldts, about 47 KiB gzip; ADR 036), which took
 * the Worker from about 1739 to 1786 KiB. Cloudflare's limits: 3 MiB gzip on the free plan, 10 MiB on the paid one.
 */
export const GZIP_BUDGET_KIB = 1800;
/** A message of app/utils/env.server.ts: a second copy of the app carries it twice. */
export const MARKER = "No database: bind D1 as DB";

/**
 * @param {{ log: string, inputs: string[], code: string }} bundle wrangler's output, the metafile's
 *   input paths of the Worker's output, and the bundled code.
 * @returns {{ lines: string[], problems: string[] }}
 */
export function checkBundle({ log, inputs, code }) {
  const lines = [];
  const problems = [];
  const size = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(log);
  if (!size) problems.push('wrangler printed no "Total Upload" line: no size to check.');
  else {
    const gzip = Number(size[2]);
    lines.push(`Worker bundle: ${size[1]} KiB, gzip ${gzip} KiB (budget ${GZIP_BUDGET_KIB} KiB gzip)`);
    if (gzip > GZIP_BUDGET_KIB) problems.push(`gzip ${gzip} KiB is over the budget of ${GZIP_BUDGET_KIB} KiB: see what grew (--metafile).`);
  }
  const appOutsideBuild = inputs.filter((path) => /^(\.\/)?(app|content|emails)\//.test(path));
  if (appOutsideBuild.length)
    problems.push(
      `the app is bundled beside the server build (import it through the build's entry module): ${appOutsideBuild.slice(0, 5).join(", ")}`,
    );
  const markers = code.split(MARKER).length - 1;
  if (markers !== 1)
    problems.push(`"${MARKER}" is bundled ${markers} times, not once: a module of the app is in the Worker twice, or not at all.`);
  if (!appOutsideBuild.length && markers === 1) lines.push("one copy of the app: only through the server build, its marker once");
  const prettier = inputs.filter((path) => /(^|\/)node_modules\/prettier\//.test(path));
  if (prettier.length) problems.push(`prettier is bundled (${prettier.length} modules): wrangler.toml [alias] should stub it.`);
  else lines.push("no prettier");
  return { lines, problems };
}

/** The metafile's largest JavaScript output (the Worker) and its input paths. */
export function workerOutput(metafile) {
  const [path, output] = Object.entries(metafile.outputs)
    .filter(([name]) => !name.endsWith(".map"))
    .sort((a, b) => b[1].bytes - a[1].bytes)[0];
  return { path, inputs: Object.keys(output.inputs) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const [logPath, metaPath] = process.argv.slice(2);
  if (!logPath || !metaPath) {
    console.error("usage: node scripts/bundle-check.mjs WRANGLER_LOG METAFILE");
    process.exit(2);
  }
  const metafile = JSON.parse(readFileSync(metaPath, "utf8"));
  const { path, inputs } = workerOutput(metafile);
  // The metafile names outputs relative to the working directory.
  const code = readFileSync(path, "utf8");
  const { lines, problems } = checkBundle({ log: readFileSync(logPath, "utf8"), inputs, code });
  for (const line of lines) console.log(line);
  for (const problem of problems) console.error(`bundle check: ${problem}`);
  process.exit(problems.length ? 1 : 0);
}
