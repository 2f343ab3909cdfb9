#!/usr/bin/env node
// The Workers' bundle checks, each on a `wrangler deploy --dry-run --outdir DIR --metafile META` (a
// step of `npm test`): usage `node scripts/bundle-check.mjs site|card LOG META`, where LOG is
// wrangler's output. Each Worker has its own gzip budget, printed beside its size; above it fails.
// The site's Worker (wrangler.toml):
// - one copy of the app: the app's modules reach the Worker only through the server build, and a
//   marker string of the configuration module is bundled once (server.ts importing app/ bundled a
//   second copy, with its own caches);
// - no prettier (@react-email/render imports it for an option the app never uses; wrangler.toml
//   [alias] stubs it);
// - no card renderer: resvg, satori and yoga belong to the card Worker (docs/decisions/047-card-worker.md).
// The card Worker (workers/card/wrangler.toml): none of the site's code beside the renderer.
import { readdirSync, readFileSync } from "node:fs";
import { dirname } from "node:path";
import { pathToFileURL } from "node:url";

/**
 * Gzip KiB the site's Worker may weigh. Without the share card's renderer it measured 630 KiB, and
 * 585 KiB once react-dom's browser renderer was stubbed (wrangler.toml [alias]): 15 KiB of room
 * (the public-suffix list for the catch-all hold, ADR 036, is 47 KiB of it). Cloudflare's limits:
 * 3 MiB gzip on the free plan, 10 MiB on the paid one; a smaller script starts faster.
 */
export const GZIP_BUDGET_KIB = 600;
/**
 * Gzip KiB the card Worker may weigh: its measured 1171 KiB (resvg's wasm 928, satori and its font
 * parser 155, the two Inter fonts 60, yoga's wasm 28) plus 10 %.
 */
export const CARD_GZIP_BUDGET_KIB = Math.ceil(1171 * 1.1);
/** A message of app/utils/env.server.ts: a second copy of the app carries it twice. */
export const MARKER = "No database: bind D1 as DB";

/** The renderer's packages; beside the script, any wasm module (the site has none). */
const CARD_RENDERER = /(^|\/)node_modules\/(@resvg\/|satori\/|yoga-)|resvg|yoga|satori/i;
/** The only modules of the repository the card Worker may bundle besides its own folder. */
const CARD_APP_MODULES = /^(\.\.\/)*app\/card\/(card-image\.server|card-size)\.ts$/;

/** The size line: wrangler's total upload and its gzip, against a budget. */
function checkSize(name, log, budget, lines, problems) {
  const size = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(log);
  if (!size) return problems.push('wrangler printed no "Total Upload" line: no size to check.');
  const gzip = Number(size[2]);
  lines.push(`${name}: ${size[1]} KiB, gzip ${gzip} KiB (budget ${budget} KiB gzip)`);
  if (gzip > budget) problems.push(`gzip ${size[2]} KiB is over the budget of ${budget} KiB: see what grew (--metafile).`);
}

/**
 * @param {{ log: string, inputs: string[], code: string, modules?: string[] }} bundle wrangler's
 *   output, the metafile's input paths of the Worker's output, the bundled code, and the files of
 *   the output folder (wasm and data modules are files beside the script, not inputs).
 * @param {"site" | "card"} worker
 * @returns {{ lines: string[], problems: string[] }}
 */
export function checkBundle({ log, inputs, code, modules = [] }, worker = "site") {
  const lines = [];
  const problems = [];
  if (worker === "card") {
    checkSize("card Worker bundle", log, CARD_GZIP_BUDGET_KIB, lines, problems);
    const site = inputs.filter((path) => /^(\.\.\/)*(app|content|emails)\//.test(path) && !CARD_APP_MODULES.test(path));
    if (site.length)
      problems.push(
        `the card Worker bundles the site's code (it draws what it is sent, from the renderer only): ${site.slice(0, 5).join(", ")}`,
      );
    else lines.push("the renderer only: none of the site's code");
    return { lines, problems };
  }
  checkSize("Worker bundle", log, GZIP_BUDGET_KIB, lines, problems);
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
  const renderer = [
    ...inputs.filter((path) => CARD_RENDERER.test(path)),
    ...modules.filter((file) => CARD_RENDERER.test(file) || file.endsWith(".wasm")),
  ];
  if (renderer.length) problems.push(`the card renderer is in the site's Worker (it belongs to workers/card): ${renderer.join(", ")}`);
  else lines.push("no card renderer (resvg, satori, yoga)");
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
  const [worker, logPath, metaPath] = process.argv.slice(2);
  if ((worker !== "site" && worker !== "card") || !logPath || !metaPath) {
    console.error("usage: node scripts/bundle-check.mjs site|card WRANGLER_LOG METAFILE");
    process.exit(2);
  }
  const metafile = JSON.parse(readFileSync(metaPath, "utf8"));
  const { path, inputs } = workerOutput(metafile);
  // The metafile names outputs relative to the folder of the Worker's configuration.
  const script = worker === "card" ? `workers/card/${path}` : path;
  const code = readFileSync(script, "utf8");
  const modules = readdirSync(dirname(script));
  const { lines, problems } = checkBundle({ log: readFileSync(logPath, "utf8"), inputs, code, modules }, worker);
  for (const line of lines) console.log(`${worker}: ${line}`);
  for (const problem of problems) console.error(`bundle check (${worker}): ${problem}`);
  process.exit(problems.length ? 1 : 0);
}
