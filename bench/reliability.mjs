#!/usr/bin/env node
// Exactly-once behaviour of the no-JS funnels under mail-provider faults. Prints figures and the
// targets beside them; it never fails on timing (exit 0 whatever the figures, 1 only when the
// instrument itself breaks).
//   npm run bench:reliability            (runs `npm run build` first when build/ is missing)
//   N=40 CONCURRENCY=32 MODES=healthy,fail50,hang,close PORT=8860 npm run bench:reliability
// What it does:
// - a fake Resend-like mail API (node:http, 127.0.0.1:PORT+1, POST /emails and /emails/batch) that honours
//   Idempotency-Key (same key + same payload: the first answer again, no second mail; same key +
//   another payload: 409), in four modes: healthy; fail50 (half the calls answer 500, nothing
//   accepted); hang (the mail is accepted and the answer never comes: the site's client times out);
//   close (the socket is destroyed, nothing accepted);
// - `wrangler dev` on 127.0.0.1:PORT (own process group, killed as a group) on a fresh local D1 in
//   .wrangler/bench-reliability with MAIL_TRANSPORT=resend pointed at the fake and LAUNCH_MODE=waitlist
//   (the funnels end on /confirm, the waitlist ending);
// - per mode: N complete no-JS funnels (a cookie jar each, redirects followed like a browser,
//   landing -> /form 1-2-3 -> /roadmap -> /plans -> /confirm), CONCURRENCY at a time, across the
//   three variants; then, with the provider healthy again, the cron is triggered until the outbox has
//   no due rows, moving failed rows' next_attempt_at into the past between runs (time travel);
// - a parallel-loads race on /confirm, /guide-confirm and /tips-confirm (30 GETs, one cookie);
// - a bad-input sweep over every route with an action in app/routes.ts.
// Ports: PORT (site), PORT+1 (fake mail API), PORT+2 (wrangler's inspector; its default 9229 is shared).
// Found with wrangler 3.114: a client-sent CF-Connecting-IP reaches the Worker unchanged (miniflare
// sets it from the socket, 127.0.0.1, only when absent), so each funnel claims its own 127.x.y.z and
// the form limiter (fixed 10 s windows per key) never throttles the bench; the bench checks this at
// start and falls back to a generated wrangler.toml with a raised FORM_LIMITER if that ever changes.
// GET /__scheduled answers before the run's waitUntil work ends: the bench waits for the Worker's
// "mail retry: {...}" log line. On a busy machine wrangler dev can die or answer 503 "Your worker
// restarted mid-request" from its proxy: the bench counts those apart and restarts a dead server.
import { spawnSync } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import os from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  Client as NoJsClient,
  decode,
  formFor as formOn,
  histogram,
  nextAddress,
  parseForms,
  PhaseStats,
  percentile,
  snippet,
} from "./lib/no-js.mjs";
import { sqlString, wranglerDev } from "./lib/wrangler-dev.mjs";
import { seeded } from "./lib/seeded-random.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const env = process.env;
const N = Number(env.N ?? 200);
const CONCURRENCY = Number(env.CONCURRENCY ?? 32);
const ALL_MODES = ["healthy", "fail50", "hang", "close"];
const MODES = (env.MODES ?? ALL_MODES.join(","))
  .split(",")
  .map((m) => m.trim())
  .filter(Boolean);
const PORT = Number(env.PORT ?? 8860);
const MAIL_PORT = PORT + 1;
const INSPECTOR_PORT = PORT + 2;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const STATE = join(root, ".wrangler/bench-reliability");
const REQUEST_TIMEOUT_MS = 30_000; // per request; the site's mail client gives up after 10 s
const SITE_MAIL_TIMEOUT_MS = 30_000; // the site's longest wait: a batch request (app/mail/batch-transport.server.ts RESEND_BATCH_TIMEOUT_MS)
const PHASE_DEADLINE_MS = 10 * 60_000; // funnels not started by then are skipped (and counted)
const MAX_DRAIN_ROUNDS = 40;
const RETRY_BATCH = 1000; // rows one cron run picks at most (app/mail/sweep.server.ts RETRY_DEFAULTS.maxPerRun)
const RACE_GETS = 30;
const EMAIL_API_TOKEN = "bench-email-token"; // so the sweep's bodies reach /api/send-email's parser
const RUN = Date.now().toString(36);
const VARIANTS = [
  { key: "genius", query: "" },
  { key: "hockey", query: "?domain=champion&sport=icehockey" },
  { key: "tennis", query: "?domain=champion&sport=tennis" },
];

for (const mode of MODES) if (!ALL_MODES.includes(mode)) throw new Error(`MODES: unknown mode ${mode} (${ALL_MODES})`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const started = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

let FAKE_ADDRESSES = true; // false when wrangler dev does not pass CF-Connecting-IP through
const formFor = (html, pathname) => formOn(html, pathname, ORIGIN);
class Client extends NoJsClient {
  constructor(stats, address = FAKE_ADDRESSES ? nextAddress() : null) {
    super(stats, { origin: ORIGIN, address, userAgent: "bench-reliability" });
  }
}

// wrangler: D1 and the dev server (bench/lib/wrangler-dev.mjs)
const configArgs = []; // ["--config", file] when a generated wrangler.toml is used
let generatedConfig = null;
const { Server, d1, wranglerSync } = wranglerDev({
  port: PORT,
  inspectorPort: INSPECTOR_PORT,
  state: STATE,
  configArgs,
  vars: {
    LAUNCH_MODE: "waitlist",
    MAIL_TRANSPORT: "resend",
    RESEND_API_KEY: "bench",
    RESEND_API_URL: `http://127.0.0.1:${MAIL_PORT}`,
    EMAIL_API_TOKEN,
    // The bench posts at machine speed, from 127.0.0.1 when addresses cannot be faked (ADR 011).
    FORM_MIN_FILL_MS: "0",
    LEAD_IP_ALLOWLIST: "127.0.0.1",
  },
});
const LEAD_TABLES = ["leads", "leads_icehockey", "leads_tennis"];
const allLeads = `(${LEAD_TABLES.map((t) => `SELECT email FROM ${t}`).join(" UNION ALL ")})`;

// ---------------------------------------------------------------- the fake mail API

function createMailApi() {
  const random = seeded(0x2545f491); // fixed seed: the same run of 500s every time
  const api = {
    mode: "healthy",
    calls: 0,
    byRecipient: new Map(),
    keys: new Map(), // Idempotency-Key -> { id, hash }
    inFlight: 0,
    held: new Map(), // response -> arrival time (hang mode)
    lastArrival: 0,
    server: null,
  };
  const entry = (recipient) => {
    if (!api.byRecipient.has(recipient)) {
      api.byRecipient.set(recipient, { calls: 0, keys: new Set(), noKey: 0, accepted: 0, status: [] });
    }
    return api.byRecipient.get(recipient);
  };
  const reply = (res, status, json) => {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(json));
  };
  api.server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const batch = url.pathname === "/emails/batch";
    if (req.method !== "POST" || (url.pathname !== "/emails" && !batch)) {
      reply(res, 404, { statusCode: 404, name: "not_found", message: "bench fake: POST /emails or /emails/batch" });
      return;
    }
    api.inFlight += 1;
    api.lastArrival = Date.now();
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      api.inFlight -= 1;
    };
    res.on("finish", finish);
    res.on("close", finish);
    const chunks = [];
    let size = 0;
    req.on("data", (chunk) => {
      size += chunk.length;
      if (size <= 4 * 1024 * 1024) chunks.push(chunk);
    });
    req.on("end", () => {
      const mode = api.mode;
      const raw = Buffer.concat(chunks);
      const key = req.headers["idempotency-key"] ?? null;
      let payload = null;
      try {
        payload = JSON.parse(raw.toString("utf8"));
      } catch {}
      // One request carries one mail (/emails) or up to 100 (/emails/batch, one key for all of them).
      const entries = batch ? (Array.isArray(payload) ? payload : []) : payload ? [payload] : [];
      const recipients = entries.map((entry) => [].concat(entry?.to ?? []).map((value) => String(value).toLowerCase())[0] ?? "(none)");
      const mine = (recipients.length ? recipients : ["(none)"]).map(entry);
      const status = (value) => mine.forEach((e) => e.status.push(value));
      api.calls += 1;
      for (const e of mine) {
        e.calls += 1;
        if (key) e.keys.add(key);
        else e.noKey += 1;
      }
      if (mode === "close") {
        status("closed");
        req.socket.destroy();
        finish();
        return;
      }
      if (mode === "fail50" && random() < 0.5) {
        status(500);
        reply(res, 500, { statusCode: 500, name: "internal_server_error", message: "bench fake: injected failure" });
        return;
      }
      if (!entries.length || entries.length > 100 || entries.some((entry) => !entry?.subject || !entry?.to)) {
        status(422);
        reply(res, 422, { statusCode: 422, name: "validation_error", message: "1 to 100 mails, each with to and subject" });
        return;
      }
      const hash = createHash("sha256").update(raw).digest("hex");
      const previous = key ? api.keys.get(key) : null;
      if (previous && previous.hash !== hash) {
        status(409);
        reply(res, 409, {
          statusCode: 409,
          name: "invalid_idempotent_request",
          message: "Same idempotency key used with a different request payload",
        });
        return;
      }
      let ids;
      if (previous) ids = previous.ids;
      else {
        ids = mine.map((e) => {
          e.accepted += 1;
          return randomUUID();
        });
        if (key) api.keys.set(key, { ids, hash });
      }
      if (mode === "hang") {
        // Accepted, but the answer never comes: the worst case for duplicates.
        status("hung");
        api.held.set(res, Date.now());
        res.on("close", () => api.held.delete(res));
        return;
      }
      status(200);
      reply(res, 200, batch ? { data: ids.map((id) => ({ id })) } : { id: ids[0] });
    });
  });
  api.server.keepAliveTimeout = 5_000;
  api.listen = () =>
    new Promise((resolve, reject) => {
      api.server.once("error", reject);
      api.server.listen(MAIL_PORT, "127.0.0.1", resolve);
    });
  api.setMode = (mode) => {
    api.mode = mode;
    if (mode !== "hang") {
      for (const res of api.held.keys()) res.socket?.destroy();
      api.held.clear();
    }
  };
  /** True once nothing is in flight (held calls count until the site's client has given up). */
  api.quiet = (quietMs) => {
    const now = Date.now();
    const heldActive = [...api.held.values()].filter((t) => now - t < SITE_MAIL_TIMEOUT_MS + 2_000).length;
    return api.inFlight - api.held.size <= 0 && heldActive === 0 && now - api.lastArrival >= quietMs;
  };
  api.waitQuiet = async (quietMs = 2_000, maxMs = 40_000) => {
    const until = Date.now() + maxMs;
    while (Date.now() < until) {
      if (api.quiet(quietMs)) return true;
      await sleep(200);
    }
    return false;
  };
  /** Totals over the recipients whose address starts with `prefix`. */
  api.totals = (prefix) => {
    const t = { calls: 0, keys: 0, noKey: 0, accepted: 0, recipients: 0, duplicated: 0 };
    for (const [recipient, e] of api.byRecipient) {
      if (!recipient.startsWith(prefix)) continue;
      t.recipients += 1;
      t.calls += e.calls;
      t.keys += e.keys.size;
      t.noKey += e.noKey;
      t.accepted += e.accepted;
      if (e.accepted > 1) t.duplicated += 1;
    }
    return t;
  };
  api.close = () =>
    new Promise((resolve) => {
      for (const res of api.held.keys()) res.socket?.destroy();
      api.server.closeAllConnections?.();
      api.server.close(() => resolve());
    });
  return api;
}

// ---------------------------------------------------------------- one funnel

const pathOf = (page, variant) => `${page}${variant.query}`;

async function funnel(stats, i, email) {
  const variant = VARIANTS[i % VARIANTS.length];
  const client = new Client(stats);
  const fail = (step, r) => ({ ok: false, reason: `${step}: ${r.status}${r.url ? ` at ${r.url.pathname}` : ""}` });

  let r = await client.get(pathOf("/", variant));
  if (r.status !== 200) return fail("landing", r);
  const link = r.text.match(/href="(\/form[^"]*)"/);
  r = await client.get(link ? decode(link[1]) : pathOf("/form", variant));
  let form = r.status === 200 && formFor(r.text, "/form");
  if (!form) return fail("form step 1", r);
  if (i % 5 === 4) {
    // A second child, without JavaScript: the add button re-renders the step with two entries.
    r = await client.submit(form, { seed: i, button: "add" });
    form = r.status === 200 && formFor(r.text, "/form");
    if (!form) return fail("form step 1 (add)", r);
  }
  r = await client.submit(form, { seed: i, button: "continue" });
  form = r.status === 200 && r.url.searchParams.get("step") === "2" && formFor(r.text, "/form");
  if (!form) return fail("form step 1 -> 2", r);
  r = await client.submit(form, { seed: i });
  form = r.status === 200 && r.url.searchParams.get("step") === "3" && formFor(r.text, "/form");
  if (!form) return fail("form step 2 -> 3", r);
  r = await client.submit(form, { seed: i, email });
  form = r.status === 200 && r.url.pathname === "/roadmap" && formFor(r.text, "/roadmap");
  if (!form) return fail("form step 3 -> roadmap", r);
  r = await client.submit(form, { seed: i });
  const plans =
    r.status === 200 && r.url.pathname === "/plans"
      ? parseForms(r.text).filter((f) => new URL(f.action, ORIGIN).pathname === "/plans")
      : [];
  const bookable = plans.filter((f) => f.buttons.some((b) => !("disabled" in b)));
  if (!bookable.length) return fail("roadmap -> plans", r);
  r = await client.submit(bookable[i % bookable.length], { seed: i });
  if (r.status !== 200 || r.url.pathname !== "/confirm") return fail("plans -> confirm", r);
  return { ok: true };
}

// ---------------------------------------------------------------- a fault mode

async function phase(server, mail, mode, modeIndex) {
  await server.ensure(`before the ${mode} phase`);
  const restartsBefore = server.restarts;
  const stats = new PhaseStats();
  const prefix = `rel-${RUN}-${mode}-`;
  const before = (await d1(`SELECT count(*) AS n FROM ${allLeads}`))[0][0].n;
  mail.setMode(mode);
  const t0 = Date.now();
  const deadline = t0 + PHASE_DEADLINE_MS;
  const results = [];
  let next = 0;
  let skipped = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, N) }, async () => {
      while (next < N) {
        // wrangler dev crashed (workers-sdk #15317): restart it and go on, at most twice a phase.
        if (server.unusable && server.restarts - restartsBefore < 2) await server.recover(`during the ${mode} funnels`);
        const i = next++;
        if (Date.now() > deadline || server.unusable) {
          skipped += 1;
          continue;
        }
        try {
          results[i] = await funnel(stats, modeIndex * N + i, `${prefix}${i}@example.com`);
        } catch (error) {
          results[i] = { ok: false, reason: `exception: ${error.message}` };
        }
        if (!results[i].ok && /network-error/.test(results[i].reason)) await server.check();
      }
    }),
  );
  const funnelMs = Date.now() - t0;
  const completions = results.filter((r) => r?.ok).length;
  const failures = results.filter((r) => r && !r.ok).map((r) => r.reason);

  await server.ensure(`during the ${mode} funnels`);
  // The outage is over: the provider answers again, and the outbox catches up.
  mail.setMode("healthy");
  const settled = await mail.waitQuiet(2_000, SITE_MAIL_TIMEOUT_MS + 30_000);
  const drain = { rounds: 0, cronRuns: 0, timeTravelled: 0, stalePending: 0, left: 0, unseen: 0 };
  const t1 = Date.now();
  for (let round = 1; round <= MAX_DRAIN_ROUNDS; round++) {
    // Time travel: failed rows become due now; pending rows nobody is sending (all quiet) become stale.
    const past = new Date(Date.now() - 1_000).toISOString();
    const stale = new Date(Date.now() - 11 * 60_000).toISOString();
    // And a queue message lease nobody will use (its message was lost with a killed consumer) runs out.
    const leaseGone = new Date(Date.now() - 31 * 60_000).toISOString();
    const [, , , counts] = await d1(
      `UPDATE outbox SET next_attempt_at = ${sqlString(past)} WHERE status = 'failed';
       UPDATE outbox SET updated_at = ${sqlString(stale)} WHERE status = 'pending';
       UPDATE outbox SET enqueued_at = ${sqlString(leaseGone)} WHERE enqueued_at IS NOT NULL AND status IN ('pending', 'failed');
       SELECT status, count(*) AS n FROM outbox GROUP BY status`,
    );
    const byStatus = Object.fromEntries(counts.map((row) => [row.status, row.n]));
    const due = (byStatus.failed ?? 0) + (byStatus.pending ?? 0);
    drain.left = due;
    if (!due) break;
    drain.rounds = round;
    drain.timeTravelled += byStatus.failed ?? 0;
    drain.stalePending += byStatus.pending ?? 0;
    for (let k = 0; k < Math.ceil(due / RETRY_BATCH); k++) {
      await server.ensure(`during the ${mode} drain`);
      if (!(await server.cron())) drain.unseen += 1;
      drain.cronRuns += 1;
      await mail.waitQuiet(drain.unseen ? 2_000 : 300, SITE_MAIL_TIMEOUT_MS + 5_000);
    }
  }
  if (drain.rounds === MAX_DRAIN_ROUNDS) {
    const [[row]] = await d1(`SELECT count(*) AS n FROM outbox WHERE status IN ('failed', 'pending')`);
    drain.left = row.n;
  }
  const drainMs = Date.now() - t1;

  const [[leads], outboxRows, [total]] = await d1(
    `SELECT count(*) AS n, count(DISTINCT email) AS emails FROM ${allLeads} WHERE email LIKE ${sqlString(`${prefix}%`)};
     SELECT status, count(*) AS n FROM outbox WHERE recipient LIKE ${sqlString(`${prefix}%`)} GROUP BY status;
     SELECT count(*) AS n FROM ${allLeads}`,
  );
  const outbox = Object.fromEntries(outboxRows.map((row) => [row.status, row.n]));
  const provider = mail.totals(prefix);
  const confirm = stats.timings.get("GET /confirm") ?? [];
  const roadmap = stats.timings.get("GET /roadmap") ?? [];
  const result = {
    mode,
    funnels: N,
    skipped,
    completions,
    failures,
    serverErrors: stats.serverErrors,
    restart503: stats.restart503,
    serverRestarts: server.restarts - restartsBefore,
    statuses: histogram(stats.statuses),
    leadRows: leads.n,
    duplicateRows: leads.n - leads.emails,
    otherRows: total.n - before - leads.n,
    outbox,
    outboxRows: Object.values(outbox).reduce((a, b) => a + b, 0),
    provider,
    expected: completions,
    dead: outbox.dead ?? 0,
    confirmP50: percentile(confirm, 50),
    confirmP95: percentile(confirm, 95),
    roadmapP95: percentile(roadmap, 95),
    drain,
    settled,
    funnelMs,
    drainMs,
  };
  result.ratio = result.confirmP95 / result.roadmapP95;
  console.log(
    `[${mode}] ${completions}/${N} funnels in ${seconds(funnelMs)}; statuses ${result.statuses}` +
      (failures.length ? `\n[${mode}] failures: ${histogram(failures)}` : "") +
      (stats.errorSamples.length ? `\n[${mode}] 5xx bodies: ${histogram(stats.errorSamples)}` : "") +
      (result.serverRestarts ? `\n[${mode}] wrangler dev died and was restarted ${result.serverRestarts}× in this phase` : "") +
      `\n[${mode}] drain (provider healthy): ${drain.cronRuns} cron runs in ${drain.rounds} rounds, ` +
      `${drain.timeTravelled} failed rows time-travelled, ${drain.stalePending} stale pending rows, ` +
      `${drain.left} still due, ${seconds(drainMs)}` +
      (drain.unseen ? `, ${drain.unseen} cron runs not confirmed by the Worker log` : "") +
      (settled ? "" : "; the mail API was still busy when the drain began"),
  );
  return result;
}

// ---------------------------------------------------------------- parallel loads of a confirm page

async function race(server, mail) {
  await server.ensure("before the parallel loads");
  mail.setMode("healthy");
  const cases = [
    { page: "/confirm", variant: VARIANTS[0] },
    { page: "/guide-confirm", variant: VARIANTS[1] },
    { page: "/tips-confirm", variant: VARIANTS[2] },
  ];
  const rows = [];
  for (const { page, variant } of cases) {
    const stats = new PhaseStats();
    const client = new Client(stats);
    const email = `race-${RUN}-${page.slice(1)}@example.com`;
    let location = null;
    let problem = null;
    if (page === "/confirm") {
      let r = await client.get(pathOf("/form", variant));
      for (const [step, path, extra] of [
        [1, "/form", { button: "continue" }],
        [2, "/form", {}],
        [3, "/form", { email }],
        [4, "/roadmap", {}],
      ]) {
        const form = r.status === 200 && formFor(r.text, path);
        if (!form) {
          problem = `step ${step}: ${r.status} at ${r.url?.pathname}`;
          break;
        }
        r = await client.submit(form, { seed: step, ...extra });
      }
      if (!problem) {
        const plan = parseForms(r.text).find(
          (f) => new URL(f.action, ORIGIN).pathname === "/plans" && f.buttons.some((b) => !("disabled" in b)),
        );
        if (!plan) problem = `plans: ${r.status} at ${r.url?.pathname}`;
        else {
          r = await client.submit(plan, {}, { follow: false });
          location = r.location;
        }
      }
    } else {
      const formPage = page.replace("-confirm", "-form");
      const r0 = await client.get(pathOf(formPage, variant));
      const form = r0.status === 200 && formFor(r0.text, formPage);
      if (!form) problem = `${formPage}: ${r0.status}`;
      else {
        const r = await client.submit(form, { seed: 1, email }, { follow: false });
        location = r.location;
        if (!location) problem = `${formPage} POST: ${r.status}`;
      }
    }
    if (!problem && (!location || new URL(location, ORIGIN).pathname !== page)) {
      problem = `the form did not redirect to ${page} (${location})`;
    }
    let statuses = "";
    if (!problem) {
      // 30 tabs at once with the same cookie (the jar is not updated between them).
      const cookie = client.cookie();
      const loads = await Promise.all(
        Array.from({ length: RACE_GETS }, async () => {
          try {
            const response = await fetch(new URL(location, ORIGIN), {
              redirect: "manual",
              headers: { Cookie: cookie, Accept: "text/html", ...(client.address ? { "CF-Connecting-IP": client.address } : {}) },
              signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
            });
            await response.text();
            return response.status;
          } catch (error) {
            return error?.name === "TimeoutError" ? "timeout" : "network-error";
          }
        }),
      );
      statuses = histogram(loads);
      await mail.waitQuiet(2_000, 30_000);
    }
    const [[outbox]] = await d1(`SELECT count(*) AS n FROM outbox WHERE recipient = ${sqlString(email)}`);
    const provider = mail.totals(email);
    rows.push({ page, variant: variant.key, problem, statuses, outboxRows: outbox.n, calls: provider.calls, accepted: provider.accepted });
  }
  return rows;
}

// ---------------------------------------------------------------- bad input on every POST route

function postRoutes() {
  const config = readFileSync(join(root, "app/routes.ts"), "utf8");
  const routes = [];
  // route("path", "file") and index("file"), the site's "/".
  for (const match of config.matchAll(/\b(?:route\(\s*"([^"]*)"\s*,|index\()\s*"([^"]+)"/g)) {
    const [, path = "", file] = match;
    if (path === "*") continue;
    const source = readFileSync(join(root, "app", file), "utf8");
    if (!/export\s+(async\s+)?(function|const)\s+action\b/.test(source)) continue;
    const url = `/${path.replace(/^\/+/, "")}`.replace(/:[A-Za-z_]+/g, () => randomUUID());
    routes.push({ path: `/${path.replace(/^\/+/, "")}`, url: url === "/" ? "/?index" : url });
  }
  return routes;
}

const BOUNDARY = "----benchReliabilityBoundary";
const multipartPart = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="step"\r\n\r\n1\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="email"\r\n\r\nsweep@example.com\r\n--${BOUNDARY}--\r\n`;
const PROTO_FORM = [
  "__proto__=x",
  "constructor=x",
  "__proto__%5Bpolluted%5D=yes",
  "constructor%5Bprototype%5D%5Bpolluted%5D=yes",
  "__proto__.polluted=yes",
  "toString=x",
  "hasOwnProperty=x",
  "step=__proto__",
  "intent=constructor",
  "plan=__proto__",
  "cycle=constructor",
  "mode=__proto__",
  "choice=constructor",
  "redirectTo=__proto__",
  "children%5B0%5D.ageBand=__proto__",
  "children%5B0%5D.time=constructor",
  "children%5B__proto__%5D.ageBand=x",
  "email=__proto__%40example.com",
  "ageBand=__proto__",
  "goals=constructor",
  "focus=__proto__",
  "concern=constructor",
].join("&");
const PROTO_JSON = '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},"step":"1","email":"sweep@example.com"}';
const HUGE = `step=3&email=${"a".repeat(2_000_000 - "@example.com".length)}%40example.com`;

const SWEEP_CLASSES = [
  { name: "JSON body", type: "application/json", body: '{"step":"1","intent":"continue","email":"sweep@example.com","plan":"starter"}' },
  { name: "text/plain body", type: "text/plain;charset=UTF-8", body: "step=1&intent=continue&email=sweep%40example.com" },
  { name: "no body/no Content-Type", type: null, body: null },
  { name: "multipart: no boundary", type: "multipart/form-data", body: multipartPart },
  { name: "multipart: empty body", type: `multipart/form-data; boundary=${BOUNDARY}`, body: "" },
  { name: "multipart: truncated", type: `multipart/form-data; boundary=${BOUNDARY}`, body: multipartPart.slice(0, 70) },
  { name: "__proto__/constructor form", type: "application/x-www-form-urlencoded", body: PROTO_FORM },
  { name: "__proto__/constructor JSON", type: "application/json", body: PROTO_JSON },
  { name: "forged __session=x.y", type: "application/x-www-form-urlencoded", body: "step=1&intent=continue", cookie: "__session=x.y" },
  { name: "DELETE", method: "DELETE", type: "application/x-www-form-urlencoded", body: "step=1&intent=continue" },
  { name: "PUT", method: "PUT", type: "application/x-www-form-urlencoded", body: "step=1&intent=continue" },
  {
    name: "oversized (100 KB) body",
    type: "application/x-www-form-urlencoded",
    body: `step=1&intent=continue&filler=${"x".repeat(100 * 1024)}`,
  },
  { name: "2,000,000-char field", type: "application/x-www-form-urlencoded", body: HUGE },
];

async function sweep() {
  const routes = postRoutes();
  // A session in the middle of the funnel (a lead and an e-mail), so actions get past their guards.
  const setup = new Client(null);
  let r = await setup.get("/form");
  for (const [path, extra] of [
    ["/form", { button: "continue" }],
    ["/form", {}],
    ["/form", { email: `sweep-${RUN}@example.com` }],
  ]) {
    const form = r.status === 200 && formFor(r.text, path);
    if (!form) break;
    r = await setup.submit(form, { seed: 3, ...extra });
  }
  const sessionCookie = setup.cookie();
  const jobs = [];
  for (const kind of SWEEP_CLASSES) for (const route of routes) jobs.push({ kind, route });
  const results = new Map(SWEEP_CLASSES.map((kind) => [kind.name, []]));
  const errors = [];
  const bodies = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < jobs.length) {
        const { kind, route } = jobs[next++];
        const headers = { "User-Agent": "bench-reliability", Origin: ORIGIN, Accept: "text/html" };
        if (kind.type) headers["Content-Type"] = kind.type;
        if (FAKE_ADDRESSES) headers["CF-Connecting-IP"] = nextAddress();
        const cookie = kind.cookie ?? sessionCookie;
        if (cookie) headers.Cookie = cookie;
        if (route.path === "/api/send-email") headers.Authorization = `Bearer ${EMAIL_API_TOKEN}`;
        let status;
        try {
          const response = await fetch(new URL(route.url, ORIGIN), {
            method: kind.method ?? "POST",
            headers,
            body: kind.body ?? undefined,
            redirect: "manual",
            signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
          });
          const text = await response.text();
          status = response.status;
          if (status >= 500) bodies.push(`${status} "${snippet(text, 80)}"`);
        } catch (error) {
          status = error?.name === "TimeoutError" ? "timeout" : "network-error";
        }
        results.get(kind.name).push(status);
        if (typeof status !== "number" || status >= 500) errors.push({ route: route.path, kind: kind.name, status });
      }
    }),
  );
  return { routes, results, errors, bodies };
}

// ---------------------------------------------------------------- CF-Connecting-IP under wrangler dev

/**
 * The form limiter counts per key in fixed 10 s windows (miniflare: floor(now / 10 s)). Right after a
 * window starts, 40 parallel posts to /guide-form claim one address, then one post claims another.
 * A 429 for the first address and none for the second means the client's header reached the Worker
 * unchanged and keys the limiter. Up to three tries, in case a burst straddles a window edge.
 */
async function probeConnectingIp(server) {
  const post = async (address) => {
    try {
      const response = await fetch(`${ORIGIN}/guide-form`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, "CF-Connecting-IP": address },
        body: "",
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      await response.text();
      return response.status;
    } catch (error) {
      return error?.name === "TimeoutError" ? "timeout" : "network-error";
    }
  };
  let result;
  for (let attempt = 1; attempt <= 3; attempt++) {
    await server.ensure("before the CF-Connecting-IP probe");
    await sleep(10_000 - (Date.now() % 10_000) + 100);
    const a = `127.255.${attempt}.1`;
    const b = `127.255.${attempt}.2`;
    const first = await Promise.all(Array.from({ length: 40 }, () => post(a)));
    const second = await post(b);
    const limited = first.includes(429);
    result = { first: histogram(first), second, limited, passedThrough: limited && second !== 429, attempt };
    if (limited) break;
    if (first.every((status) => typeof status !== "number")) await server.check();
  }
  return result;
}

function writeRaisedLimitConfig() {
  const text = readFileSync(join(root, "wrangler.toml"), "utf8");
  const raised = text.replace(/(name = "FORM_LIMITER"[\s\S]*?simple = \{ limit = )\d+/g, "$1100000");
  // Next to wrangler.toml: main, assets and migrations_dir are relative to the config file.
  generatedConfig = join(root, `wrangler.bench-reliability-${process.pid}.toml`);
  writeFileSync(generatedConfig, raised);
  configArgs.push("--config", generatedConfig);
}

// ---------------------------------------------------------------- output

function git(args) {
  const run = spawnSync("git", args, { cwd: root, encoding: "utf8" });
  return run.status === 0 ? run.stdout.trim() : "?";
}

const fmt = (value) =>
  typeof value === "number"
    ? Number.isFinite(value)
      ? Number.isInteger(value)
        ? String(value)
        : value.toFixed(2)
      : "n/a"
    : String(value);
const verdict = (ok) => (ok ? "PASS" : "FAIL");

function table(results) {
  const rows = [
    ["funnels completed / run", (r) => `${r.completions}/${r.funnels - r.skipped}`, ""],
    ["funnels not run (deadline, crash)", (r) => r.skipped, ""],
    ["5xx responses", (r) => r.serverErrors, "0"],
    ["  verdict", (r) => verdict(r.serverErrors === 0), ""],
    ["  of which wrangler proxy 503s", (r) => r.restart503, "body: Your worker restarted mid-request"],
    ["wrangler dev crashes (restarted)", (r) => r.serverRestarts, ""],
    ["lead rows with the funnel e-mail", (r) => r.leadRows, "= completions"],
    ["  verdict", (r) => verdict(r.leadRows === r.completions), ""],
    ["duplicate lead rows (same e-mail)", (r) => r.duplicateRows, "0"],
    ["other new lead rows (no e-mail)", (r) => r.otherRows, ""],
    ["outbox rows", (r) => r.outboxRows, ""],
    ["  sent/failed/pending/dead", (r) => ["sent", "failed", "pending", "dead"].map((s) => r.outbox[s] ?? 0).join("/"), ""],
    ["provider calls", (r) => r.provider.calls, ""],
    ["distinct idempotency keys", (r) => r.provider.keys + (r.provider.noKey ? ` (+${r.provider.noKey} no key)` : ""), ""],
    ["mails accepted by the provider", (r) => r.provider.accepted, "= expected"],
    ["mails expected (1 per completion)", (r) => r.expected, ""],
    ["  verdict", (r) => verdict(r.provider.accepted === r.expected), ""],
    ["recipients with >1 mail", (r) => r.provider.duplicated, "0"],
    ["mails dead", (r) => r.dead, ""],
    ["wall time funnels / drain s", (r) => `${Math.round(r.funnelMs / 1000)}/${Math.round(r.drainMs / 1000)}`, ""],
    ["/confirm p50 ms", (r) => Math.round(r.confirmP50), ""],
    ["/confirm p95 ms", (r) => Math.round(r.confirmP95), ""],
    ["/roadmap p95 ms", (r) => Math.round(r.roadmapP95), ""],
    ["confirm p95 / roadmap p95", (r) => r.ratio, "<= 1.5"],
    ["  verdict", (r) => verdict(r.ratio <= 1.5), ""],
  ];
  const width = 36;
  const col = 10;
  const lines = [`${"".padEnd(width)}${results.map((r) => r.mode.padStart(col)).join("")}   target`];
  for (const [label, get, target] of rows) {
    lines.push(`${label.padEnd(width)}${results.map((r) => fmt(get(r)).padStart(col)).join("")}   ${target}`);
  }
  return lines.join("\n");
}

// ---------------------------------------------------------------- main

async function main() {
  const commit = git(["rev-parse", "HEAD"]);
  const dirty = git(["status", "--porcelain"]) ? " (uncommitted changes)" : "";
  const cpus = os.cpus();
  console.log("bench:reliability: exactly-once under mail-provider faults");
  console.log(`commit ${commit}${dirty} on ${git(["rev-parse", "--abbrev-ref", "HEAD"])}`);
  console.log(
    `machine: ${cpus.length} cores (${cpus[0]?.model ?? "?"}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GB, ` +
      `load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}, Node ${process.version}`,
  );
  console.log(
    `N=${N} funnels per mode, CONCURRENCY=${CONCURRENCY}, MODES=${MODES.join(",")}, site ${ORIGIN}, mail API 127.0.0.1:${MAIL_PORT}`,
  );

  if (!existsSync(join(root, "build/server/index.js"))) {
    console.log("build/ is missing: npm run build");
    const build = spawnSync("npm", ["run", "build"], { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}\n${build.stderr}`);
  }
  rmSync(STATE, { recursive: true, force: true });
  mkdirSync(STATE, { recursive: true });
  wranglerSync(["d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE]);

  const mail = createMailApi();
  await mail.listen();
  let server = new Server();
  const cleanup = async () => {
    await server.stop();
    await mail.close();
    if (generatedConfig) rmSync(generatedConfig, { force: true });
  };
  const interrupted = async () => {
    await cleanup();
    process.exit(130);
  };
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);

  try {
    await server.start();
    const probe = await probeConnectingIp(server);
    if (probe.passedThrough) {
      console.log(
        `CF-Connecting-IP: wrangler dev passes a client-sent value through (40 parallel posts claiming one address: ${probe.first}; ` +
          `then one claiming another: ${probe.second}). Each funnel sends its own made-up 127.x.y.z (a header value only).`,
      );
    } else if (!probe.limited) {
      console.log(
        `CF-Connecting-IP: the form limiter never answered 429 in 3 bursts of 40 posts (last: ${probe.first}); ` +
          "it does not seem active locally, so nothing needs working around. Funnels still send made-up addresses.",
      );
    } else {
      FAKE_ADDRESSES = false;
      console.log(
        `CF-Connecting-IP: wrangler dev does not pass a client-sent value through (40 posts claiming one address: ${probe.first}; ` +
          `one claiming another: ${probe.second}).`,
      );
      await server.stop();
      writeRaisedLimitConfig();
      console.log(
        `Restarting wrangler dev with a generated copy of wrangler.toml (${generatedConfig}) whose FORM_LIMITER limit is 100000.`,
      );
      server = new Server();
      await server.start();
    }
    console.log(
      "Time travel: between cron runs the bench sets next_attempt_at of failed outbox rows to the past " +
        "(and updated_at of pending rows nobody is sending to 11 minutes ago) with `wrangler d1 execute`; " +
        `the real backoff is minutes long. At most ${MAX_DRAIN_ROUNDS} rounds per mode.`,
    );
    console.log(
      "Fake mail API modes (during the funnels only; healthy again for the drain): healthy = 200 with an id; " +
        "fail50 = half the calls answer 500, nothing accepted; hang = the mail is accepted and no answer ever comes " +
        `(the site gives up after ${SITE_MAIL_TIMEOUT_MS / 1000} s); close = the socket is destroyed, nothing accepted. ` +
        "A repeated Idempotency-Key with the same payload gets the first id and no second mail.\n",
    );

    const results = [];
    for (const [index, mode] of MODES.entries()) results.push(await phase(server, mail, mode, index));

    console.log(`\nPer mode (${N} funnels each, ${CONCURRENCY} at a time, variants genius/hockey/tennis in turn):`);
    console.log(table(results));

    console.log(
      `\nParallel loads: one completed form, then ${RACE_GETS} GETs of the confirm page at once with its cookie (provider healthy):`,
    );
    console.log("page             variant   GET statuses          outbox rows  provider calls  accepted   target 1 / 1");
    for (const row of await race(server, mail)) {
      console.log(
        `${row.page.padEnd(17)}${row.variant.padEnd(10)}${(row.problem ?? row.statuses).padEnd(22)}` +
          `${String(row.outboxRows).padStart(11)}${String(row.calls).padStart(16)}${String(row.accepted).padStart(10)}   ` +
          verdict(!row.problem && row.outboxRows === 1 && row.calls === 1),
      );
    }

    await server.ensure("before the sweep");
    const { routes, results: sweepResults, errors, bodies } = await sweep();
    console.log(
      `\nBad-input sweep over the ${routes.length} routes with an action in app/routes.ts (a mid-funnel session cookie, a made-up address each, the bearer token on /api/send-email):`,
    );
    console.log(`  ${routes.map((r) => r.path).join(" ")}`);
    for (const [name, statuses] of sweepResults) console.log(`  ${name.padEnd(30)} ${histogram(statuses)}`);
    console.log(`  5xx (and timeouts): ${errors.length}   target 0   ${verdict(errors.length === 0)}`);
    const byRoute = new Map();
    for (const e of errors) byRoute.set(e.route, [...(byRoute.get(e.route) ?? []), `${e.kind} (${e.status})`]);
    for (const [route, kinds] of byRoute) console.log(`    ${route}: ${kinds.join("; ")}`);
    if (bodies.length) console.log(`  5xx bodies: ${histogram(bodies)}`);

    await server.ensure("during the sweep");
    if (server.restarts) console.log(`\nwrangler dev crashed and was restarted ${server.restarts}× during the run.`);
    console.log(
      `\nDone in ${seconds(Date.now() - started)}; load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}. ` + `Worker log: ${join(".wrangler/bench-reliability", "wrangler-dev.log")}. Targets are printed, never enforced.`,
    );
  } finally {
    await cleanup();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
