// The deploy doctor's rules (`npm run doctor`): a pure function of the configuration a deploy would
// upload, so every rule is unit-tested without Cloudflare (tests/unit/doctor.test.ts).
import { allowEntryProblem, registrableDomain } from "../../app/utils/mail-allow-list.mjs";

/**
 * @typedef {"production" | "preview"} Target
 * @typedef {{ database_name?: string; database_id?: string }} D1
 * @typedef {{
 *   target: Target;
 *   vars: Record<string, string>;
 *   secretNames?: string[];
 *   secretValues?: Record<string, string>;
 *   d1?: D1;
 *   previewD1?: D1;
 *   previewEnvD1?: D1;
 *   card?: { service?: string; worker?: string };
 * }} DeployConfig
 * @typedef {{ refusals: string[]; warnings: string[]; notes: string[]; skipped: string[]; backend: string; usesD1: boolean }} DoctorReport
 */

// Same rule as PIXEL_ID_* in app/utils/env.server.ts (the id is written into an inline script).
const PIXEL_ID = /^\d{5,20}$/;
// Same rule as RESEND_WEBHOOK_SECRET in app/utils/env.server.ts.
const WEBHOOK_SECRET = /^(whsec_)?[A-Za-z0-9+/]+={0,2}$/;
// wrangler.toml's database ids until `wrangler d1 create` gives real ones.
const PLACEHOLDER_D1_ID = /^0{8}-0{4}-0{4}-0{4}-0{11}[0-9a-f]$/i;
const MIN_SESSION_SECRET = 32;
// Settings the Worker reads that must never sit in wrangler.toml, which is committed.
const SECRET_ONLY = [
  "SESSION_SECRET",
  "RESEND_API_KEY",
  "RESEND_WEBHOOK_SECRET",
  "SUPABASE_SERVICE_ROLE_KEY",
  "EMAIL_API_TOKEN",
  "TURNSTILE_SECRET_KEY",
];

/** @param {string | undefined} value */
const list = (value) =>
  (value ?? "")
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);

/** @param {string | undefined} value */
const isOn = (value) => (value ?? "").trim() === "on";

/** @param {string} host */
const isPlaceholderHost = (host) => host === "example" || host.endsWith(".example");

/**
 * The domains a host's site owns: the host and each parent down to its registrable domain
 * (www.aiparenting.com → www.aiparenting.com, aiparenting.com; shop.example.co.uk stops at example.co.uk).
 * @param {string} host
 */
export function siteDomains(host) {
  const labels = host.toLowerCase().replace(/\.$/, "").split(".");
  // Never a public suffix (a parent domain there would let any other registrant's domain pass as ours).
  const registrable = registrableDomain(host)?.split(".").length ?? Infinity;
  const domains = [];
  for (let start = 0; labels.length - start >= registrable; start++) domains.push(labels.slice(start).join("."));
  return domains;
}

/**
 * The address's domain from `Name <addr@domain>` or `addr@domain`; null when there is none.
 * @param {string} from
 */
export function mailFromDomain(from) {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  const match = /@([^\s@>]+)\s*$/.exec(address.trim());
  return match ? match[1].toLowerCase().replace(/\.$/, "") : null;
}

/**
 * @param {D1 | undefined} a
 * @param {D1 | undefined} b
 */
const sameDatabase = (a, b) =>
  Boolean(a && b && ((a.database_id && a.database_id === b.database_id) || (a.database_name && a.database_name === b.database_name)));

/**
 * What `npm run doctor` finds wrong with a deploy of `target`. Each refusal is one line naming the fix.
 * `secretValues` is given only when the secrets were read from a file (offline): Cloudflare lists
 * secret names, never values, so the length of SESSION_SECRET is checked only then. Without
 * `secretNames` (offline with no file: a dry run without Cloudflare) the checks of secrets are
 * skipped and listed in `skipped`; the configuration's own checks still run.
 * @param {DeployConfig} config
 * @returns {DoctorReport}
 */
export function checkDeployConfig({ target, vars, secretNames, secretValues, d1, previewD1, previewEnvD1, card }) {
  const production = target === "production";
  const where = production ? "[env.production.vars]" : "[env.production.previews.vars]";
  const secretPut = production
    ? "npx wrangler secret put NAME --env production"
    : "npx wrangler preview base-config secret put NAME --env production";
  const secretsKnown = secretNames !== undefined;
  const secrets = new Set(secretNames ?? []);
  /** @param {string} name */
  const has = (name) => secrets.has(name) || Boolean((vars[name] ?? "").trim());
  /** A secret's absence counts only when the secret names were read. @param {string} name */
  const lacks = (name) => secretsKnown && !has(name);
  /** @param {string} name */
  const put = (name) => secretPut.replace("NAME", name);
  /** @type {string[]} */
  const refusals = [];
  /** @type {string[]} */
  const warnings = [];
  /** @type {string[]} */
  const notes = [];
  /** @type {string[]} */
  const skipped = [];
  if (!secretsKnown) {
    skipped.push(
      "remote secrets (not read: no Cloudflare credentials or --secrets-file): whether SESSION_SECRET, RESEND_API_KEY, RESEND_WEBHOOK_SECRET and the SUPABASE_* keys are set",
    );
  }

  for (const name of SECRET_ONLY) {
    if ((vars[name] ?? "").trim()) refusals.push(`${name} is a plain var in ${where}: delete it there and \`${put(name)}\``);
  }

  if (has("E2E_D1_TOKEN")) {
    refusals.push(`E2E_D1_TOKEN is the Playwright suite's key to SQL over HTTP on a local server: delete it from ${where} and its secrets`);
  }

  // Loopback receivers would let an endpoint reach the Worker's own host: local servers only.
  if (isOn(vars.WEBHOOK_LOOPBACK)) {
    refusals.push(`WEBHOOK_LOOPBACK is on: webhook receivers on 127.0.0.1 are for local servers only; delete it from ${where}`);
  }

  const transport = (vars.MAIL_TRANSPORT ?? "outbox").trim();
  if (production && transport === "outbox") {
    refusals.push(`MAIL_TRANSPORT=outbox in production sends no mail: set MAIL_TRANSPORT = "resend" in ${where}`);
  }
  if (transport === "resend" && lacks("RESEND_API_KEY")) {
    refusals.push(`MAIL_TRANSPORT=resend without RESEND_API_KEY: \`${put("RESEND_API_KEY")}\``);
  }
  if (production && transport === "resend" && lacks("RESEND_WEBHOOK_SECRET")) {
    refusals.push(`RESEND_WEBHOOK_SECRET is missing, so bounces and complaints are never suppressed: \`${put("RESEND_WEBHOOK_SECRET")}\``);
  }
  const webhookSecret = secretValues?.RESEND_WEBHOOK_SECRET?.trim();
  if (webhookSecret && !WEBHOOK_SECRET.test(webhookSecret)) {
    refusals.push(`RESEND_WEBHOOK_SECRET is not Resend's signing secret (whsec_ + base64): copy it again from Resend > Webhooks`);
  }

  // Unset means on (the Worker's default), so production must say "off".
  if (production && (vars.QA_PAGES ?? "").trim() !== "off") {
    refusals.push(`QA_PAGES is on in production: set QA_PAGES = "off" in ${where}`);
  }
  if (production && isOn(vars.PREVIEW_MODE)) refusals.push(`PREVIEW_MODE is on in production: set PREVIEW_MODE = "off" in ${where}`);
  if (!production && !isOn(vars.PREVIEW_MODE)) refusals.push(`PREVIEW_MODE is not on in the previews: set PREVIEW_MODE = "on" in ${where}`);

  if (lacks("SESSION_SECRET")) {
    refusals.push(`SESSION_SECRET is missing: \`${put("SESSION_SECRET")}\` (at least ${MIN_SESSION_SECRET} random characters)`);
  } else if (secretValues && "SESSION_SECRET" in secretValues) {
    const first = (secretValues.SESSION_SECRET.split(",")[0] ?? "").trim();
    if (first.length < MIN_SESSION_SECRET) {
      refusals.push(
        `SESSION_SECRET (its first entry) has ${first.length} characters: put one of at least ${MIN_SESSION_SECRET}, e.g. \`openssl rand -base64 48\``,
      );
    }
  } else if (secretsKnown) {
    notes.push("SESSION_SECRET is set; its length cannot be read back from Cloudflare (run with --offline --secrets-file to check it)");
  }

  const ownD1 = production ? d1 : previewD1;
  const ownD1Section = production ? "[[env.production.d1_databases]]" : "[[env.production.previews.d1_databases]]";
  if (!ownD1?.database_id || PLACEHOLDER_D1_ID.test(ownD1.database_id)) {
    refusals.push(
      `D1 database_id in ${ownD1Section} is a placeholder: \`npx wrangler d1 create ${ownD1?.database_name ?? "NAME"}\` and paste its id`,
    );
  }
  if (sameDatabase(d1, previewD1)) {
    refusals.push("the previews' D1 is production's: give [[env.production.previews.d1_databases]] its own database_name and database_id");
  }
  if (!production && (previewEnvD1?.database_id !== previewD1?.database_id || previewEnvD1?.database_name !== previewD1?.database_name)) {
    refusals.push(
      "[[env.preview.d1_databases]] differs from [[env.production.previews.d1_databases]]: copy the previews' database_name and database_id there",
    );
  }

  // The share card is drawn by the card Worker (workers/card); a wrong name leaves every card the brand's picture.
  const cardSection = production ? "[[env.production.services]]" : "[[env.production.previews.services]]";
  if (card && !card.service)
    refusals.push(`the site binds no CARD service: bind the card Worker ${card.worker} in ${cardSection} (binding = "CARD")`);
  else if (card && card.service !== card.worker)
    refusals.push(
      `the CARD binding names ${card.service}, not the card Worker ${card.worker} (workers/card/wrangler.toml): fix service in ${cardSection}`,
    );

  const genius = list(vars.GENIUS_HOSTS);
  const champion = list(vars.CHAMPION_HOSTS);
  if (production) {
    for (const [name, hosts] of /** @type {const} */ ([
      ["GENIUS_HOSTS", genius],
      ["CHAMPION_HOSTS", champion],
    ])) {
      if (hosts.length === 0 || hosts.some(isPlaceholderHost)) {
        refusals.push(`${name} is empty or a .example placeholder: set the real hosts in ${where}`);
      }
    }
    if (/^https?:\/\/[^/]*\.example(?::\d+)?(?:\/|$)/i.test(vars.APP_SIGNIN_URL ?? "")) {
      refusals.push(`APP_SIGNIN_URL is a .example placeholder: set the app's sign-in page in ${where}`);
    }
  }

  for (const name of ["PIXEL_ID_GENIUS", "PIXEL_ID_CHAMPION"]) {
    const id = (vars[name] ?? "").trim();
    if (id && !PIXEL_ID.test(id)) refusals.push(`${name} must be the pixel's numeric id (5-20 digits) or empty: fix it in ${where}`);
  }

  const fromDomain = mailFromDomain(vars.MAIL_FROM ?? "");
  const domains = new Set([...genius, ...champion].flatMap(siteDomains));
  if (!fromDomain) {
    refusals.push(`MAIL_FROM has no address: set MAIL_FROM = "Name <no-reply@your-domain>" in ${where}`);
  } else if (![...domains].some((domain) => fromDomain === domain || fromDomain.endsWith(`.${domain}`))) {
    refusals.push(
      `MAIL_FROM's domain ${fromDomain} is not one of the site's domains (GENIUS_HOSTS, CHAMPION_HOSTS): send from one of them in ${where}`,
    );
  } else if ((production || transport === "resend") && isPlaceholderHost(fromDomain)) {
    refusals.push(`MAIL_FROM's domain ${fromDomain} is a .example placeholder Resend cannot verify: set MAIL_FROM in ${where}`);
  }

  for (const name of ["CONTROLLER_NAME", "CONTROLLER_ADDRESS", "CONTROLLER_EMAIL"]) {
    if (!(vars[name] ?? "").trim()) refusals.push(`${name} is missing: set the data controller's in ${where}`);
  }
  const controllerDomain = mailFromDomain(vars.CONTROLLER_EMAIL ?? "");
  if (production && controllerDomain && isPlaceholderHost(controllerDomain)) {
    refusals.push(`CONTROLLER_EMAIL is a .example placeholder: set the data controller's address in ${where}`);
  }

  // The Worker refuses the same entries at every request (app/utils/env.server.ts), production's too.
  const allow = list(vars.PREVIEW_MAIL_ALLOW);
  for (const entry of allow) {
    const problem = allowEntryProblem(entry);
    if (problem) refusals.push(`PREVIEW_MAIL_ALLOW ${problem}, in ${where}`);
  }
  if (!production) {
    if (transport === "resend" && allow.length === 0) {
      warnings.push(
        `PREVIEW_MAIL_ALLOW is empty: every preview mail stays in the outbox (add your team's @domain in ${where} to receive them)`,
      );
    }
  }

  // Mirrors app/data/backend.server.ts: Supabase data needs the URL and the service-role key; Supabase
  // Auth needs the anon key too, else accounts stay local in D1, which then still needs its schema.
  const supabase = has("SUPABASE_URL") && has("SUPABASE_SERVICE_ROLE_KEY");
  const supabaseAuth = supabase && has("SUPABASE_ANON_KEY");
  const usesD1 = !supabaseAuth;
  let backend = supabaseAuth ? "Supabase with Supabase Auth" : supabase ? "Supabase, with local accounts in D1" : "D1 with local accounts";
  if (!secretsKnown && !supabaseAuth) {
    // The SUPABASE_* keys are secrets: without them the backend is a guess, and D1 is the safe one to prepare.
    backend = "unknown (secrets not read)";
    skipped.push("the backend: the SUPABASE_* keys are secrets; D1's migrations are listed as if it were D1");
  }
  if (has("SUPABASE_URL") && lacks("SUPABASE_SERVICE_ROLE_KEY")) {
    refusals.push(`SUPABASE_URL is set without SUPABASE_SERVICE_ROLE_KEY: \`${put("SUPABASE_SERVICE_ROLE_KEY")}\` or remove SUPABASE_URL`);
  }

  return { refusals, warnings, notes, skipped, backend, usesD1 };
}
