// Reads what a deploy would upload, for the doctor: the vars and D1 of a target from wrangler.toml
// (through wrangler's own reader, so its env and previews rules apply) and secret names or values.
import { spawnSync } from "node:child_process";

/**
 * @typedef {import("./doctor-checks.mjs").D1} D1
 * @typedef {import("./doctor-checks.mjs").Target} Target
 */

/**
 * @param {{ d1_databases?: { binding: string; database_name?: string; database_id?: string }[] } | undefined} section
 * @returns {D1 | undefined}
 */
function dbBinding(section) {
  const db = section?.d1_databases?.find((binding) => binding.binding === "DB");
  return db ? { database_name: db.database_name, database_id: db.database_id } : undefined;
}

/** @param {Record<string, unknown> | undefined} vars */
function stringVars(vars) {
  return Object.fromEntries(
    Object.entries(vars ?? {}).map(([name, value]) => [name, typeof value === "string" ? value : JSON.stringify(value)]),
  );
}

/**
 * The vars and D1 databases a deploy of `target` would use: production is [env.production], a
 * preview is its [env.production.previews] block; [env.preview] holds the previews' D1 for d1 commands.
 * Also the Worker the site's CARD binding names, and the card Worker's production name.
 * @param {Target} target
 * @param {string} [configPath]
 * @param {string} [cardConfigPath]
 */
export async function readDeployConfig(target, configPath = "wrangler.toml", cardConfigPath = "workers/card/wrangler.toml") {
  // wrangler warns on every read that the rate-limit bindings are "unsafe"; only its errors matter here.
  process.env.WRANGLER_LOG ??= "error";
  const { unstable_readConfig } = await import("wrangler");
  const production = unstable_readConfig({ config: configPath, env: "production" });
  const previewEnv = unstable_readConfig({ config: configPath, env: "preview" });
  if (!("previews" in production)) {
    throw new Error("this wrangler does not read the previews block: install wrangler >= 4.135 (npm ci)");
  }
  const previews = production.previews;
  const cardWorker = unstable_readConfig({ config: cardConfigPath, env: "production" });
  /** @param {{ services?: { binding: string; service?: string }[] } | undefined} section */
  const cardService = (section) => section?.services?.find((binding) => binding.binding === "CARD")?.service;
  return {
    card: { service: cardService(target === "production" ? production : previews), worker: cardWorker.name },
    vars: stringVars(target === "production" ? production.vars : previews?.vars),
    d1: dbBinding(production),
    previewD1: dbBinding(previews),
    previewEnvD1: dbBinding(previewEnv),
  };
}

/**
 * Secret names (and values, when the file has them) from a .env-style file or JSON: an object of
 * name → value, an array of names, or `wrangler secret list`'s array of { name }.
 * @param {string} text
 * @returns {{ names: string[]; values?: Record<string, string> }}
 */
export function parseSecretsFile(text) {
  const trimmed = text.trim();
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
    const json = JSON.parse(trimmed);
    if (Array.isArray(json)) {
      return { names: json.map((entry) => (typeof entry === "string" ? entry : String(entry?.name ?? ""))).filter(Boolean) };
    }
    const values = Object.fromEntries(Object.entries(json).map(([name, value]) => [name, String(value ?? "")]));
    return { names: Object.keys(values), values };
  }
  /** @type {Record<string, string>} */
  const values = {};
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match) continue;
    const raw = match[2];
    const quoted = /^(["'])(.*)\1$/.exec(raw);
    values[match[1]] = quoted ? quoted[2] : raw.replace(/\s+#.*$/, "");
  }
  return { names: Object.keys(values), values };
}

/**
 * A wrangler command's JSON answer: the output from the first [ or { on (wrangler may print a
 * warning before it).
 * @param {string} stdout
 */
function jsonFromWrangler(stdout) {
  const start = stdout.search(/^\s*[[{]/m);
  if (start < 0) throw new Error(`no JSON in wrangler's output: ${stdout.slice(0, 200)}`);
  return JSON.parse(stdout.slice(start));
}

/**
 * @param {string[]} args
 * @param {{ optional?: boolean }} [options]
 * @returns {string[]}
 */
function wranglerSecretNames(args, { optional = false } = {}) {
  const run = spawnSync("npx", ["wrangler", ...args], { encoding: "utf8" });
  if (run.status !== 0) {
    if (optional) return [];
    // eslint-disable-next-line no-control-regex -- wrangler colours its messages
    const output = `${run.stderr}\n${run.stdout}`.replace(/\x1b\[[0-9;]*m/g, "");
    const error = /\[ERROR\]\s*(.*)/.exec(output)?.[1] ?? output.trim().split("\n")[0];
    throw new Error(`\`wrangler ${args.join(" ")}\` failed: ${error}`);
  }
  const list = jsonFromWrangler(run.stdout);
  return Array.isArray(list) ? list.map((entry) => String(entry.name)) : [];
}

/**
 * The secret names Cloudflare holds for `target` (names only: wrangler never prints values). A
 * preview gets the shared base-config secrets and its own; a preview not created yet has none of its own.
 * @param {Target} target
 * @param {string} [previewName]
 */
export function listSecretNames(target, previewName) {
  if (target === "production") return wranglerSecretNames(["secret", "list", "--env", "production", "--format", "json"]);
  const name = previewName ? ["--name", previewName] : [];
  return [
    ...wranglerSecretNames(["preview", "base-config", "secret", "list", "--env", "production", "--json"]),
    ...wranglerSecretNames(["preview", "secret", "list", "--env", "production", "--json", ...name], { optional: true }),
  ];
}

/**
 * The preview's URL from `wrangler preview --json`'s answer ({ preview: { urls }, deployment: { urls } }):
 * the preview's own (stable across pushes) first, else the deployment's.
 * @param {string} stdout
 */
export function previewUrlFromJson(stdout) {
  const json = jsonFromWrangler(stdout);
  const url = json?.preview?.urls?.[0] ?? json?.deployment?.urls?.[0];
  if (!url) throw new Error("wrangler preview answered without a URL (is workers.dev enabled for the Worker?)");
  return String(url);
}
