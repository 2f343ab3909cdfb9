#!/usr/bin/env node
// The mail queue under a sign-up spike (docs/decisions/024-mail-queue.md): N confirmation mails
// ("Confirm my e-mail": waitlist, guide, tips) made by real no-JS HTTP requests against `wrangler dev`,
// sent through the queue consumer to a fake Resend that allows RATE requests a second. Prints, per
// fault mode, confirmation -> provider acceptance latency, provider requests by status, accepted /
// duplicate / lost / dead mails and the time until the outbox is empty, with the targets beside them.
// It never fails on timing (exit 0 whatever the figures; 1 only when the instrument itself breaks).
//   npm run bench:spike                       (runs `npm run build` first when build/ is missing)
//   N=1000 MODES=healthy,kill CONCURRENCY=32 PORT=8880 npm run bench:spike
// Env: N (mails per mode, 5000), CONCURRENCY (32), MODES (healthy,kill,error500,invalid,hang),
// FUNNEL_EVERY (10: every 10th lead is a whole /form -> /plans funnel, the rest alternate guide and
// tips form posts), RATE (fake's requests/s, 2), DELAY_MIN/DELAY_MAX (fake's answer delay, 50/200 ms),
// ERROR_RATE (error500: share of batch requests answered 500, 0.2), HANGS (hang: how many requests
// are accepted and never answered, 3), DRAIN_MAX_S (600), STALL_S (90: no acceptance for this long in
// the drain moves leases, backoff and stale windows into the past and runs the sweeper).
// How the load enters: every lead is an HTTP request the way a parent makes it (cookie jar, form
// parsed from the page, redirects followed, a made-up CF-Connecting-IP each, LEAD_IP_ALLOWLIST
// 127.0.0.0/8); no route or bench-only entry was added to the app. A lead's "confirmation" moment
// is when its confirm page (/confirm, /guide-confirm, /tips-confirm) was answered.
// Ports: PORT (site), PORT+1 (fake Resend), PORT+2 (wrangler's inspector).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createFakeResend } from "./lib/fake-resend.mjs";
import { Client, decode, formFor, histogram, parseForms, PhaseStats, percentile } from "./lib/no-js.mjs";
import { sqlString, wranglerDev } from "./lib/wrangler-dev.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const env = process.env;
const N = Number(env.N ?? 5000);
const CONCURRENCY = Number(env.CONCURRENCY ?? 32);
const FUNNEL_EVERY = Number(env.FUNNEL_EVERY ?? 10);
const RATE = Number(env.RATE ?? 2);
const DELAY_MIN = Number(env.DELAY_MIN ?? 50);
const DELAY_MAX = Number(env.DELAY_MAX ?? 200);
const ERROR_RATE = Number(env.ERROR_RATE ?? 0.2);
const HANGS = Number(env.HANGS ?? 3);
const DRAIN_MAX_MS = Number(env.DRAIN_MAX_S ?? 600) * 1000;
const STALL_MS = Number(env.STALL_S ?? 90) * 1000; // no mail accepted for this long in the drain: time travel
const ALL_MODES = ["healthy", "kill", "error500", "invalid", "hang"];
const MODES = (env.MODES ?? ALL_MODES.join(","))
  .split(",")
  .map((m) => m.trim())
  .filter(Boolean);
const PORT = Number(env.PORT ?? 8880);
const MAIL_PORT = PORT + 1;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const MAX_BATCH = 100;
const SITE_BATCH_TIMEOUT_MS = 30_000; // app/mail/batch-transport.server.ts RESEND_BATCH_TIMEOUT_MS
const RUN = Date.now().toString(36);
const VARIANTS = [
  { key: "genius", query: "" },
  { key: "hockey", query: "?domain=champion&sport=icehockey" },
  { key: "tennis", query: "?domain=champion&sport=tennis" },
];
const TARGETS = { p95: 60_000, max: 120_000 };

for (const mode of MODES) if (!ALL_MODES.includes(mode)) throw new Error(`MODES: unknown mode ${mode} (${ALL_MODES})`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const started = Date.now();
const seconds = (ms) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : "n/a");

// ---------------------------------------------------------------- the fake Resend (bench/lib/fake-resend.mjs)

// ---------------------------------------------------------------- one lead, as a parent makes it

const pathOf = (page, variant) => `${page}${variant.query}`;

/** The whole no-JS funnel: landing -> /form 1-2-3 -> /roadmap -> /plans -> /confirm (waitlist). */
async function funnel(client, i, email, variant) {
  const fail = (step, r) => ({ ok: false, reason: `${step}: ${r.status}${r.url ? ` at ${r.url.pathname}` : ""}` });
  const on = (html, path) => formFor(html, path, ORIGIN);
  let r = await client.get(pathOf("/", variant));
  if (r.status !== 200) return fail("landing", r);
  const link = r.text.match(/href="(\/form[^"]*)"/);
  r = await client.get(link ? decode(link[1]) : pathOf("/form", variant));
  let form = r.status === 200 && on(r.text, "/form");
  if (!form) return fail("form step 1", r);
  r = await client.submit(form, { seed: i, button: "continue" });
  form = r.status === 200 && r.url.searchParams.get("step") === "2" && on(r.text, "/form");
  if (!form) return fail("form step 1 -> 2", r);
  r = await client.submit(form, { seed: i });
  form = r.status === 200 && r.url.searchParams.get("step") === "3" && on(r.text, "/form");
  if (!form) return fail("form step 2 -> 3", r);
  r = await client.submit(form, { seed: i, email });
  form = r.status === 200 && r.url.pathname === "/roadmap" && on(r.text, "/roadmap");
  if (!form) return fail("form step 3 -> roadmap", r);
  r = await client.submit(form, { seed: i });
  const plans =
    r.status === 200 && r.url.pathname === "/plans"
      ? parseForms(r.text).filter((f) => new URL(f.action, ORIGIN).pathname === "/plans" && f.buttons.some((b) => !("disabled" in b)))
      : [];
  if (!plans.length) return fail("roadmap -> plans", r);
  r = await client.submit(plans[i % plans.length], { seed: i });
  if (r.status !== 200 || r.url.pathname !== "/confirm") return fail("plans -> confirm", r);
  return { ok: true };
}

/** The guide or tips form: one GET for the form, one POST, the confirm page (which queues the mail). */
async function leadMagnet(client, i, email, variant, kind) {
  const r0 = await client.get(pathOf(`/${kind}-form`, variant));
  const form = r0.status === 200 && formFor(r0.text, `/${kind}-form`, ORIGIN);
  if (!form) return { ok: false, reason: `${kind} form: ${r0.status}` };
  const r = await client.submit(form, { seed: i, email });
  if (r.status !== 200 || r.url.pathname !== `/${kind}-confirm`) {
    return { ok: false, reason: `${kind} post: ${r.status}${r.url ? ` at ${r.url.pathname}` : ""}` };
  }
  return { ok: true };
}

function kindOf(i) {
  if (i % FUNNEL_EVERY === 0) return "funnel";
  return i % 2 ? "guide" : "tips";
}

// ---------------------------------------------------------------- one fault mode

async function phase(mode, mail) {
  const state = join(root, `.wrangler/bench-spike/${mode}`);
  rmSync(state, { recursive: true, force: true });
  mkdirSync(state, { recursive: true });
  const { Server, d1, wranglerSync } = wranglerDev({
    port: PORT,
    inspectorPort: PORT + 2,
    state,
    vars: {
      LAUNCH_MODE: "waitlist",
      MAIL_TRANSPORT: "resend",
      RESEND_API_KEY: "bench",
      RESEND_API_URL: `http://127.0.0.1:${MAIL_PORT}`,
      RESEND_MAX_PER_SECOND: String(RATE),
      SESSION_SECRET: "bench-spike-session-secret-0123456789abcdef",
      FORM_MIN_FILL_MS: "0",
      LEAD_IP_ALLOWLIST: "127.0.0.0/8",
    },
  });
  wranglerSync(["d1", "migrations", "apply", "DB", "--local", "--persist-to", state]);
  const server = new Server();
  await server.start();
  mail.reset(mode);

  const prefix = `spike-${RUN}-${mode}-`;
  const invalidAt = mode === "invalid" ? Math.floor(N / 2) | 1 : -1; // a guide lead in the middle
  const emailOf = (i) => (i === invalidAt ? `${prefix}${i}@invalid.test` : `${prefix}${i}@example.com`);
  const confirmedAt = new Map(); // recipient -> when its confirm page was answered
  const stats = new PhaseStats();
  const failures = [];
  const kill = { done: false, at: null, restartedAt: null, inFlight: 0 };
  let next = 0;
  let done = 0;

  if (mode === "kill") {
    // The consumer's process is killed while a batch request is in flight: the first batch request
    // once half the leads are in is held, the wrangler process group is killed (the answer never
    // reaches the consumer), and wrangler dev starts again on the same --persist-to state.
    mail.onBatch = async (res) => {
      if (kill.done || done < N / 2) return false;
      kill.done = true;
      kill.at = Date.now();
      kill.inFlight = 1;
      await server.stop();
      res.socket?.destroy();
      await server.start();
      kill.restartedAt = Date.now();
      return true;
    };
  }

  const t0 = Date.now();
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, N) }, async () => {
      while (next < N) {
        const i = next++;
        const variant = VARIANTS[Math.floor(i / 2) % VARIANTS.length];
        const kind = kindOf(i);
        const email = emailOf(i);
        const client = new Client(stats, { origin: ORIGIN, userAgent: "bench-spike" });
        let result;
        try {
          result = kind === "funnel" ? await funnel(client, i, email, variant) : await leadMagnet(client, i, email, variant, kind);
        } catch (error) {
          result = { ok: false, reason: `exception: ${error.message}` };
        }
        done += 1;
        if (result.ok) confirmedAt.set(email.toLowerCase(), Date.now());
        else {
          failures.push(result.reason);
          if (/network-error|timeout/.test(result.reason) || server.unusable) {
            if (kill.done && !kill.restartedAt) while (!kill.restartedAt) await sleep(200);
            else await server.recover(`during the ${mode} load`);
          }
        }
      }
    }),
  );
  const loadMs = Date.now() - t0;
  const firstConfirm = Math.min(...confirmedAt.values());
  const lastConfirm = Math.max(...confirmedAt.values());
  console.log(
    `[${mode}] ${confirmedAt.size}/${N} leads confirmed over HTTP in ${seconds(loadMs)} (${(confirmedAt.size / (loadMs / 1000)).toFixed(1)}/s)` +
      (failures.length ? `; failures: ${histogram(failures)}` : "") +
      (kill.at ? `; wrangler dev killed at +${seconds(kill.at - t0)}, answering again after ${seconds(kill.restartedAt - kill.at)}` : ""),
  );

  // ---- drain: wait for the queue; the sweeper (GET /__scheduled) every 30 s, as a 5-minute cron
  // would eventually; when nothing moves for STALL_S (90 s: longer than the first 60 s backoff), time travel (leases, backoff and stale windows
  // moved into the past) so rows a lost message left behind are swept now instead of in 30 minutes.
  const drain = { cronRuns: 0, timeTravels: 0, emptyAt: null, left: null };
  const counts = async () => {
    const [rows] = await d1(`SELECT status, count(*) AS n FROM outbox WHERE recipient LIKE ${sqlString(`${prefix}%`)} GROUP BY status`);
    return Object.fromEntries(rows.map((row) => [row.status, row.n]));
  };
  let lastCron = Date.now();
  let lastProgress = Date.now();
  let lastAccepted = mail.accepted.length;
  let byStatus = {};
  const drainStart = Date.now();
  while (Date.now() - drainStart < DRAIN_MAX_MS) {
    await server.ensure(`during the ${mode} drain`);
    if (mail.accepted.length !== lastAccepted) {
      lastAccepted = mail.accepted.length;
      lastProgress = Date.now();
    }
    const caughtUp = mail.firstAccept.size + 1 >= confirmedAt.size || Date.now() - mail.lastArrival > 5_000;
    if (caughtUp) {
      const polledAt = Date.now();
      byStatus = await counts();
      drain.left = (byStatus.pending ?? 0) + (byStatus.failed ?? 0);
      if (!drain.left) {
        drain.emptyAt = polledAt;
        break;
      }
    }
    if (Date.now() - lastProgress > STALL_MS) {
      const past = new Date(Date.now() - 1_000).toISOString();
      const stale = new Date(Date.now() - 11 * 60_000).toISOString();
      const leaseGone = new Date(Date.now() - 31 * 60_000).toISOString();
      await d1(
        `UPDATE outbox SET next_attempt_at = ${sqlString(past)} WHERE status = 'failed';
         UPDATE outbox SET updated_at = ${sqlString(stale)} WHERE status = 'pending';
         UPDATE outbox SET enqueued_at = ${sqlString(leaseGone)} WHERE enqueued_at IS NOT NULL AND status IN ('pending', 'failed')`,
      );
      drain.timeTravels += 1;
      lastProgress = Date.now();
      lastCron = 0;
    }
    if (Date.now() - lastCron > 30_000) {
      await server.cron();
      drain.cronRuns += 1;
      lastCron = Date.now();
    }
    await sleep(caughtUp ? 3_000 : 1_000);
  }
  if (!drain.emptyAt) byStatus = await counts();
  // Dead letters: the DLQ consumer runs on its own batch timeout; give it a moment, then read again.
  await sleep(6_000);
  byStatus = await counts();
  const [deadRows] = await d1(
    `SELECT recipient, last_error FROM outbox WHERE status = 'dead' AND recipient LIKE ${sqlString(`${prefix}%`)}`,
  );
  const [outboxRecipients] = await d1(`SELECT DISTINCT recipient FROM outbox WHERE recipient LIKE ${sqlString(`${prefix}%`)}`);
  await server.stop();

  const dead = new Set(deadRows.map((row) => row.recipient.toLowerCase()));
  const expected = new Set([...confirmedAt.keys(), ...outboxRecipients.map((row) => row.recipient.toLowerCase())]);
  const lost = [...expected].filter((to) => !mail.firstAccept.has(to) && !dead.has(to));
  const latencies = [];
  for (const [to, at] of confirmedAt) if (mail.firstAccept.has(to)) latencies.push(mail.firstAccept.get(to) - at);
  const duplicates = [...mail.counts.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0);
  const acceptTimes = mail.accepted.map((a) => a.at);
  const span = (Math.max(...acceptTimes) - Math.min(...acceptTimes)) / 1000;
  const requests = histogram(mail.requests.map((r) => r.status));
  const batchSizes = mail.requests.filter((r) => r.status === 200).map((r) => r.size);
  const result = {
    mode,
    confirmed: confirmedAt.size,
    failures: failures.length,
    loadMs,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    max: Math.max(...latencies),
    requests,
    requestsTotal: mail.requests.length,
    byStatus: (
      (snapshot) => (s) =>
        snapshot.filter((q) => String(q.status) === s).length
    )([...mail.requests]),
    batchMean: batchSizes.reduce((a, b) => a + b, 0) / (batchSizes.length || 1),
    accepted: mail.accepted.length,
    duplicates,
    lost: lost.length,
    lostSample: lost.slice(0, 3),
    dead: dead.size,
    deadRows,
    outbox: byStatus,
    emptyAfterFirst: drain.emptyAt ? drain.emptyAt - firstConfirm : NaN,
    emptyAfterLast: drain.emptyAt ? drain.emptyAt - lastConfirm : NaN,
    mailsPerSecond: span > 0 ? mail.accepted.length / span : NaN,
    drain,
    kill,
  };
  console.log(
    `[${mode}] provider requests ${requests}; mean accepted batch ${result.batchMean.toFixed(1)}; outbox ${JSON.stringify(byStatus)}; ` +
      `drain: ${drain.cronRuns} sweeper runs, ${drain.timeTravels} time travels` +
      (deadRows.length
        ? `; dead by last error: ${histogram(deadRows.map((r) => String(r.last_error).replace(/\d+/g, "#").slice(0, 90)))}` +
          `; e.g. ${deadRows
            .slice(0, 2)
            .map((r) => r.recipient)
            .join(", ")}`
        : "") +
      (lost.length ? `; lost e.g. ${result.lostSample.join(", ")}` : ""),
  );
  return result;
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
        : value.toFixed(1)
      : "n/a"
    : String(value);

function table(results) {
  const expectDead = (r) => (r.mode === "invalid" ? 1 : 0);
  const rows = [
    ["leads confirmed over HTTP", (r) => r.confirmed, ""],
    ["lead requests failed", (r) => r.failures, ""],
    ["load wall time s", (r) => Math.round(r.loadMs / 1000), ""],
    ["confirm -> accepted p50 s", (r) => r.p50 / 1000, ""],
    ["confirm -> accepted p95 s", (r) => r.p95 / 1000, `<= ${TARGETS.p95 / 1000}`],
    ["confirm -> accepted max s", (r) => r.max / 1000, `<= ${TARGETS.max / 1000}`],
    ["provider requests", (r) => r.requestsTotal, ""],
    ["  200", (r) => r.byStatus("200"), ""],
    ["  200 replayed (same key)", (r) => r.byStatus("200 (replayed)"), ""],
    ["  429", (r) => r.byStatus("429"), ""],
    ["  422", (r) => r.byStatus("422"), ""],
    ["  500", (r) => r.byStatus("500"), ""],
    ["  hung / killed in flight", (r) => r.byStatus("hung") + r.byStatus("killed"), ""],
    ["mean mails per accepted batch", (r) => r.batchMean, "<= 100"],
    ["mails accepted", (r) => r.accepted, ""],
    ["duplicates (recipient x subject)", (r) => r.duplicates, "0"],
    ["lost (never accepted, not dead)", (r) => r.lost, "0"],
    ["dead-lettered", (r) => r.dead, "0 (invalid: 1, the bad address)"],
    ["  as expected", (r) => (r.dead === expectDead(r) ? "yes" : "NO"), ""],
    ["outbox empty, s after 1st confirm", (r) => r.emptyAfterFirst / 1000, ""],
    ["outbox empty, s after last confirm", (r) => r.emptyAfterLast / 1000, ""],
    ["sweeper runs / time travels", (r) => `${r.drain.cronRuns}/${r.drain.timeTravels}`, ""],
    ["achieved mails/s (accept span)", (r) => r.mailsPerSecond, `ceiling ${RATE * MAX_BATCH}`],
  ];
  const width = 36;
  const col = 10;
  const lines = [`${"".padEnd(width)}${results.map((r) => r.mode.padStart(col)).join("")}   target`];
  for (const [label, get, target] of rows)
    lines.push(`${label.padEnd(width)}${results.map((r) => fmt(get(r)).padStart(col)).join("")}   ${target}`);
  return lines.join("\n");
}

// ---------------------------------------------------------------- main

async function main() {
  const cpus = os.cpus();
  console.log("bench:spike: the mail queue under a sign-up spike");
  console.log(
    `commit ${git(["rev-parse", "HEAD"])}${git(["status", "--porcelain"]) ? " (uncommitted changes)" : ""} on ${git(["rev-parse", "--abbrev-ref", "HEAD"])}`,
  );
  console.log(
    `machine: ${cpus.length} cores (${cpus[0]?.model ?? "?"}), load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}, Node ${process.version}`,
  );
  console.log(
    `N=${N} per mode (every ${FUNNEL_EVERY}th a whole /form funnel, the rest guide/tips posts; variants genius/hockey/tennis in turn), ` +
      `CONCURRENCY=${CONCURRENCY}, MODES=${MODES.join(",")}; fake Resend ${RATE} req/s, ${DELAY_MIN}-${DELAY_MAX} ms, ` +
      `error500 ${ERROR_RATE * 100}% of requests, hang ${HANGS} requests (site gives up after ${SITE_BATCH_TIMEOUT_MS / 1000} s)`,
  );
  if (!existsSync(join(root, "build/server/index.js"))) {
    console.log("build/ is missing: npm run build");
    const build = spawnSync("npm", ["run", "build"], { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}\n${build.stderr}`);
  }
  const mail = createFakeResend({
    port: MAIL_PORT,
    rate: RATE,
    delayMin: DELAY_MIN,
    delayMax: DELAY_MAX,
    errorRate: ERROR_RATE,
    hangs: HANGS,
    maxBatch: MAX_BATCH,
  });
  await mail.listen();
  const results = [];
  try {
    for (const mode of MODES) results.push(await phase(mode, mail));
  } finally {
    await mail.close();
  }
  console.log(`\nPer mode (N=${N}):`);
  console.log(table(results));
  console.log(
    `\nDone in ${seconds(Date.now() - started)}; load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}. Worker logs: .wrangler/bench-spike/<mode>/wrangler-dev.log. Targets are printed, never enforced.`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
