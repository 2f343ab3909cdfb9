#!/usr/bin/env node
// A launch-day announcement to 10,000 parents (docs/decisions/026-announcements.md): N confirmed
// waitlist parents seeded straight into the local D1 (SQL), a seeded admin signs in and sends the
// announcement through /admin/launch's own no-JS POSTs (the send, then its confirmation), the
// campaign's steps write its rows through the queue and the consumer sends them to the fake Resend
// (bench/lib/fake-resend.mjs) at RATE requests a second. Once KILL_AT of the mails are accepted, the
// wrangler dev process group is killed while a batch request is in flight and started again on the
// same state. Prints the time to finish (target <= 2 min), duplicates, lost, the outbox and campaign
// figures; never asserts timing.
//   npm run bench:campaign              (runs `npm run build` first when build/ is missing)
//   N=2000 KILL_AT=0.5 PORT=8920 npm run bench:campaign
// Env: N (10000), RATE (fake's requests/s, 2), KILL_AT (share of N accepted before the kill, 0.5; 0 = no
// kill), DRAIN_MAX_S (600), CRON_EVERY_S (15: the cron, every 5 minutes in production, is fired this
// often after the restart), STALL_S (0 = off; N: no acceptance for N s moves the leases and stale windows
// a killed Worker left 3 minutes into the past instead of waiting them out), REPORT_EVERY_S (10: a timeline
// line this often), PORT (8920; +1 fake Resend, +2 inspector).
import { pbkdf2Sync, randomBytes, randomUUID } from "node:crypto";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createFakeResend } from "./lib/fake-resend.mjs";
import { Client, fill, formFor, histogram, parseForms } from "./lib/no-js.mjs";
import { sqlString, wranglerDev } from "./lib/wrangler-dev.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const env = process.env;
const N = Number(env.N ?? 10_000);
const RATE = Number(env.RATE ?? 2);
const KILL_AT = Number(env.KILL_AT ?? 0.5);
const DRAIN_MAX_MS = Number(env.DRAIN_MAX_S ?? 600) * 1000;
const CRON_EVERY_MS = Number(env.CRON_EVERY_S ?? 15) * 1000;
const STALL_MS = Number(env.STALL_S ?? 0) * 1000; // 0: never; the app's own windows are waited out
const PORT = Number(env.PORT ?? 8920);
const REPORT_EVERY_MS = Number(env.REPORT_EVERY_S ?? 10) * 1000;
const MAIL_PORT = PORT + 1;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const TARGET_MS = 120_000;
const ADMIN = "bench-admin@example.com";
const PASSWORD = "bench-campaign-admin-password";
const PREFIX = "bench-campaign-";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : "n/a");
const started = Date.now();

function git(args) {
  const run = spawnSync("git", args, { cwd: root, encoding: "utf8" });
  return run.status === 0 ? run.stdout.trim() : "?";
}

async function main() {
  const cpus = os.cpus();
  console.log("bench:campaign: a launch announcement to the waitlist through the mail queue");
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
    `N=${N} confirmed parents (genius), fake Resend ${RATE} req/s, 100 a batch; kill at ${KILL_AT ? `${KILL_AT * 100}% accepted` : "never"}`,
  );
  if (!existsSync(join(root, "build/server/index.js"))) {
    console.log("build/ is missing: npm run build");
    const build = spawnSync("npm", ["run", "build"], { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}\n${build.stderr}`);
  }

  const mail = createFakeResend({ port: MAIL_PORT, rate: RATE });
  await mail.listen();
  const state = join(root, ".wrangler/bench-campaign");
  rmSync(state, { recursive: true, force: true });
  mkdirSync(state, { recursive: true });
  const { Server, d1, wranglerSync } = wranglerDev({
    port: PORT,
    inspectorPort: PORT + 2,
    state,
    vars: {
      MAIL_TRANSPORT: "resend",
      RESEND_API_KEY: "bench",
      RESEND_API_URL: `http://127.0.0.1:${MAIL_PORT}`,
      RESEND_MAX_PER_SECOND: String(RATE),
      SESSION_SECRET: "bench-campaign-session-secret-0123456789abcdef",
      FORM_MIN_FILL_MS: "0",
    },
  });
  const server = new Server();
  try {
    wranglerSync(["d1", "migrations", "apply", "DB", "--local", "--persist-to", state]);

    // ---- seed: N confirmed parents and a confirmed admin, straight into D1
    const t0 = Date.now();
    const now = new Date().toISOString();
    await d1(
      `WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${N})
       INSERT INTO leads (id, email, normalized_email, step_completed, email_verified, confirmed_at, confirm_seq, place_score, created_at)
       SELECT printf('%08x-0000-4000-8000-%012x', n, n), '${PREFIX}' || n || '@example.com', '${PREFIX}' || n || '@example.com',
              3, 1, ${sqlString(now)}, n, n, ${sqlString(now)} FROM seq`,
    );
    const salt = randomBytes(16);
    const hash = pbkdf2Sync(PASSWORD, salt, 100_000, 32, "sha256");
    await d1(
      `INSERT INTO accounts (id, email, name, password_hash, password_salt, password_iterations, role, email_confirmed_at)
       VALUES (${sqlString(randomUUID())}, ${sqlString(ADMIN)}, 'Bench admin', ${sqlString(hash.toString("base64"))},
               ${sqlString(salt.toString("base64"))}, 100000, 'admin', ${sqlString(now)})`,
    );
    const [[{ n: seeded }]] = await d1("SELECT COUNT(*) AS n FROM leads WHERE confirm_seq IS NOT NULL");
    console.log(`seeded ${seeded} confirmed parents and the admin in ${seconds(Date.now() - t0)}`);

    await server.start();

    // ---- the admin: sign in, open /admin/launch, send (the page's own no-JS forms)
    const admin = new Client(null, { origin: ORIGIN, address: null, userAgent: "bench-campaign" });
    let r = await admin.get("/signup?mode=signin");
    const signin = parseForms(r.text).find((form) => form.inputs.some((input) => input.name === "password"));
    if (!signin) throw new Error(`no sign-in form (${r.status})`);
    const credentials = fill(signin, { email: ADMIN });
    credentials.set("password", PASSWORD);
    r = await admin.request("POST", signin.action || "/signup?mode=signin", { body: credentials.toString() });
    if (r.url.pathname !== "/signup-confirm") throw new Error(`sign-in ended at ${r.url.pathname} (${r.status})`);
    const tPage = Date.now();
    r = await admin.get("/admin/launch");
    if (r.status !== 200) throw new Error(`/admin/launch answered ${r.status}`);
    const pageMs = Date.now() - tPage;
    const summary = /data-testid="audience-summary"[^>]*>([^<]*)</.exec(r.text)?.[1] ?? "?";
    console.log(`/admin/launch (audience of ${N}) answered in ${seconds(pageMs)}: "${summary}"`);
    const form = formFor(r.text, "/admin/launch", ORIGIN);
    if (!form) throw new Error("no launch form");
    const draft = fill(form, { button: "review" });
    draft.set("date", "2026-05-04");
    draft.set("message", "Early access opens on 4 May. Thank you for waiting with us!");
    draft.set("ctaLabel", "See the plans");
    draft.set("ctaUrl", "/pricing");
    draft.set("when", "now");
    // "Send to the waitlist" answers the one confirmation (ADR 028); its own form sends.
    r = await admin.request("POST", form.action, { body: draft.toString(), follow: false });
    const confirm = parseForms(r.text).find((candidate) => candidate.inputs.some((input) => input.name === "confirm"));
    if (r.status !== 200 || !confirm) throw new Error(`the send's confirmation answered ${r.status}: ${r.text.slice(0, 300)}`);
    const body = fill(confirm, { button: "send" });
    const tSend = Date.now();
    r = await admin.request("POST", confirm.action, { body: body.toString(), follow: false });
    const sendMs = Date.now() - tSend;
    const campaignId = r.location ? new URL(r.location, ORIGIN).searchParams.get("campaign") : null;
    if (r.status !== 303 || !campaignId) throw new Error(`send answered ${r.status} ${r.location ?? ""}: ${r.text.slice(0, 300)}`);
    // The same confirmation POST again (a resubmitted form): the same campaign.
    const again = await admin.request("POST", confirm.action, { body: body.toString(), follow: false });
    const againId = again.location ? new URL(again.location, ORIGIN).searchParams.get("campaign") : null;
    console.log(
      `send POST answered 303 in ${seconds(sendMs)}; campaign ${campaignId}; the resubmitted POST → ${againId === campaignId ? "the same campaign" : `ANOTHER (${againId})`}`,
    );

    // ---- the kill: while a batch request is in flight once KILL_AT of the mails were accepted
    const kill = { at: null, restartedAt: null, acceptedBefore: 0 };
    if (KILL_AT > 0) {
      mail.onBatch = async (res) => {
        if (kill.at || mail.accepted.length < N * KILL_AT) return false;
        kill.at = Date.now();
        kill.acceptedBefore = mail.accepted.length;
        await server.stop();
        res.socket?.destroy();
        await server.start();
        kill.restartedAt = Date.now();
        console.log(
          `killed wrangler dev (process group) at +${seconds(kill.at - tSend)} with ${kill.acceptedBefore} accepted and a batch in flight; answering again after ${seconds(kill.restartedAt - kill.at)}`,
        );
        return true;
      };
    }

    // ---- drain: until every recipient's mail was accepted and the campaign has nothing queued
    const counts = async () => {
      const [rows] = await d1(
        `SELECT status, COUNT(*) AS n FROM outbox WHERE dedupe_key >= ${sqlString(`campaign:${campaignId}:`)} AND dedupe_key < ${sqlString(`campaign:${campaignId};`)} GROUP BY status`,
      );
      return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
    };
    const drain = { cronRuns: 0, timeTravels: 0, doneAt: null };
    let lastAccepted = 0;
    let lastProgress = Date.now();
    let lastCron = Date.now();
    let lastReport = Date.now();
    let byStatus = {};
    while (Date.now() - tSend < DRAIN_MAX_MS) {
      await sleep(2_000);
      if (server.unusable) await server.ensure("during the drain");
      if (mail.accepted.length !== lastAccepted) {
        lastAccepted = mail.accepted.length;
        lastProgress = Date.now();
      }
      if (Date.now() - lastReport >= REPORT_EVERY_MS) {
        // The timeline: where the time goes (writing rows, or sending them).
        lastReport = Date.now();
        const [[row]] = await d1(`SELECT status, written FROM campaigns WHERE id = ${sqlString(campaignId)}`).catch(() => [[{}]]);
        console.log(
          `  +${seconds(Date.now() - tSend)}: campaign ${row?.status ?? "?"}, ${row?.written ?? "?"} rows written; ${mail.firstAccept.size} accepted, ${mail.requests.length} requests`,
        );
      }
      if (mail.firstAccept.size >= N || Date.now() - mail.lastArrival > 5_000) {
        byStatus = await counts().catch(() => byStatus);
        const rows = Object.values(byStatus).reduce((a, b) => a + b, 0);
        if (rows >= N && !(byStatus.pending ?? 0) && !(byStatus.failed ?? 0)) {
          drain.doneAt = Date.now();
          break;
        }
      }
      if (STALL_MS > 0 && kill.restartedAt && Date.now() - lastProgress > STALL_MS) {
        // What the killed Worker left (message leases, a step's lease, rows claimed in flight) is
        // waited out in production (2 minutes, then the next cron); here it is moved into the past.
        const past = (minutes) => sqlString(new Date(Date.now() - minutes * 60_000).toISOString());
        await d1(
          `UPDATE outbox SET enqueued_at = ${past(3)} WHERE enqueued_at IS NOT NULL AND status IN ('pending', 'failed');
           UPDATE outbox SET updated_at = ${past(3)} WHERE status = 'pending';
           UPDATE outbox SET next_attempt_at = ${past(3)} WHERE status = 'failed';
           UPDATE campaigns SET lease_until = ${past(1)} WHERE lease_until IS NOT NULL`,
        ).catch((error) => console.log(`time travel failed: ${error.message}`));
        drain.timeTravels += 1;
        lastProgress = Date.now();
        lastCron = 0;
      }
      if (kill.restartedAt && Date.now() - lastCron > CRON_EVERY_MS) {
        await server.cron();
        drain.cronRuns += 1;
        lastCron = Date.now();
      }
    }
    const finishMs = (drain.doneAt ?? Date.now()) - tSend;
    byStatus = await counts();
    const [[campaign]] = await d1(`SELECT status, audience, written, excluded FROM campaigns WHERE id = ${sqlString(campaignId)}`);
    const [[{ n: campaigns }]] = await d1("SELECT COUNT(*) AS n FROM campaigns");
    const [[{ n: rowsTotal, recipients }]] = await d1(
      `SELECT COUNT(*) AS n, COUNT(DISTINCT recipient) AS recipients FROM outbox WHERE dedupe_key LIKE ${sqlString(`campaign:${campaignId}:%`)}`,
    );

    // ---- figures
    const expected = Array.from({ length: N }, (_, i) => `${PREFIX}${i + 1}@example.com`);
    const duplicates = [...mail.counts.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0);
    const lost = expected.filter((to) => !mail.firstAccept.has(to));
    const requests = histogram(mail.requests.map((q) => q.status));
    const lines = [
      ["recipients (confirmed parents)", N, ""],
      ["time to finish (send POST -> every mail accepted)", seconds(finishMs), `<= ${TARGET_MS / 1000} s`],
      ["send POST answered in", seconds(sendMs), ""],
      ["/admin/launch with the audience", seconds(pageMs), ""],
      ["the campaign's mails accepted by the provider", mail.accepted.filter((m) => m.to.startsWith(PREFIX)).length, String(N)],
      ["other mails accepted (the admin's welcome)", mail.accepted.filter((m) => !m.to.startsWith(PREFIX)).length, ""],
      ["duplicates (recipient x subject)", duplicates, "0"],
      ["lost (never accepted)", lost.length, "0"],
      ["campaigns made (2 POSTs)", campaigns, "1"],
      ["outbox rows / distinct recipients", `${rowsTotal} / ${recipients}`, `${N} / ${N}`],
      ["outbox by status", JSON.stringify(byStatus), ""],
      ["campaign row", JSON.stringify(campaign), ""],
      ["provider requests", `${mail.requests.length} (${requests})`, ""],
      ["kill", kill.at ? `at ${kill.acceptedBefore} accepted, back after ${seconds(kill.restartedAt - kill.at)}` : "none", ""],
      ["cron runs / time travels after the restart", `${drain.cronRuns} / ${drain.timeTravels}`, ""],
      ["finished", drain.doneAt ? "yes" : `NO (stopped after ${seconds(DRAIN_MAX_MS)})`, ""],
    ];
    console.log("\nFigures:");
    for (const [label, value, target] of lines) console.log(`${label.padEnd(52)}${String(value).padStart(24)}   ${target}`);
    if (lost.length) console.log(`lost e.g. ${lost.slice(0, 3).join(", ")}`);
    console.log(
      `\nDone in ${seconds(Date.now() - started)}; load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}. Worker log: .wrangler/bench-campaign/wrangler-dev.log. Targets are printed, never enforced.`,
    );
  } finally {
    await server.stop();
    await mail.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
