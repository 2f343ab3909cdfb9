// A 10,000-parent launch (docs/decisions/046-facts-and-reactions.md), run by `npm run bench:waves`
// (bench/waves.mjs), never by `npm test`: ten waves of 1,000 admitted through /admin/waves' own action
// on a local D1, their `wave.admitted` facts and the invites' mail messages consumed by the Worker's queue
// handler from a simulated mail queue (wrangler.toml's batch size, retries and consumers; a message a run
// sends goes to the back), the mail handed to a fake Resend (bench/lib/fake-resend.mjs). One consumer run
// is killed mid-way: some of its work done, then its database calls never answer, and its batch's messages
// are neither acked nor retried. The cron (its clock moved past the facts' sweep delay and the mail lease)
// recovers what it left. Prints the figures; fails only if an invite is lost or handed over twice.
// Env: WAVES (10), WAVE_SIZE (1000), RATE (fake Resend's requests/s and RESEND_MAX_PER_SECOND, 2),
// KILL_AT (share of the invites accepted before the kill, 0.5; 0 = no kill), KILL_AFTER (statements of the
// killed run before it dies, 150: past a chunk's outbox batch, before its "sent" mark), D1_ENGINE (sqlite: the
// unit tests' node:sqlite stand-in, in process; workerd: a miniflare D1, every statement a round trip to it,
// which on a busy 2-core machine costs about 25 ms and makes the time mostly the proxy's).
import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, expect, it, vi } from "vitest";
import { referralRules } from "#content/referrals";
import { MESSAGE_LEASE_MINUTES } from "~/mail/mail-queue.server";
import { action } from "~/routes/admin/waves";
import { createWorker } from "~/worker.server";
import { insertParents } from "../tests/unit/helpers/bulk-parents";
import { testContext } from "../tests/unit/helpers/context";
import { countD1 } from "../tests/unit/helpers/count-d1";
import { startLocalD1 } from "../tests/unit/helpers/local-d1";
import { signedIn } from "../tests/unit/helpers/signed-in";
import { createFakeResend } from "./lib/fake-resend.mjs";

const env = process.env;
const WAVES = Number(env.WAVES ?? 10);
const WAVE_SIZE = Number(env.WAVE_SIZE ?? 1000);
const N = WAVES * WAVE_SIZE;
const RATE = Number(env.RATE ?? 2);
const KILL_AT = Number(env.KILL_AT ?? 0.5);
const KILL_AFTER = Number(env.KILL_AFTER ?? 150);
const ENGINE = env.D1_ENGINE === "workerd" ? "workerd" : "sqlite";
const ORIGIN = "http://127.0.0.1:8845";
const WAVES_URL = `${ORIGIN}/admin/waves`;
const TARGET_MS = 120_000;
/** Past the facts' sweep delay (2 minutes) and the mail messages' lease, after which the cron enqueues a row again. */
const CRON_SHIFT_MS = (MESSAGE_LEASE_MINUTES + 1) * 60_000;

/** The mail queue's consumer settings in wrangler.toml. */
function mailConsumer() {
  const toml = readFileSync(new URL("../wrangler.toml", import.meta.url), "utf8");
  const block =
    toml
      .split("[[queues.consumers]]")
      .slice(1)
      .map((part) => part.split(/^\[/m)[0])
      .find((part) => /^\s*queue\s*=\s*"mail"\s*$/m.test(part)) ?? "";
  const read = (key: string, fallback: number) => Number(new RegExp(`^\\s*${key}\\s*=\\s*(\\d+)`, "m").exec(block)?.[1] ?? fallback);
  return { batchSize: read("max_batch_size", 100), maxRetries: read("max_retries", 3), concurrency: read("max_concurrency", 1) };
}
const consumer = mailConsumer();

type Queued = { id: string; body: Record<string, unknown>; attempts: number; visibleAt: number };

/** The mail queue as the platform runs it: batches in order, a retried message back after its delay, a message a run sends at the back. */
function simulatedQueue() {
  const items: Queued[] = [];
  const push = (body: Record<string, unknown>, attempts = 1, delayMs = 0) =>
    items.push({ id: crypto.randomUUID(), body, attempts, visibleAt: performance.now() + delayMs });
  const queue = {
    async send(body: Record<string, unknown>) {
      push(body);
    },
    async sendBatch(batch: Iterable<{ body: Record<string, unknown> }>) {
      for (const message of batch) push(message.body);
    },
  } as unknown as Queue<Record<string, unknown>>;
  return {
    queue,
    push,
    get size() {
      return items.length;
    },
    /** The next batch of visible messages, or the ms until one is visible (null: empty). */
    take(max: number): Queued[] | number | null {
      // The monotonic clock: the cron's moved Date must not hide what it enqueues.
      const now = performance.now();
      const batch: Queued[] = [];
      for (let i = 0; i < items.length && batch.length < max;) {
        if (items[i].visibleAt <= now) batch.push(...items.splice(i, 1));
        else i += 1;
      }
      if (batch.length) return batch;
      if (!items.length) return null;
      return Math.max(1, Math.min(...items.map((item) => item.visibleAt)) - now);
    },
  };
}

const never = new Promise<never>(() => {});
const RAW = Symbol("counted statement");

/**
 * One invocation's database: counts its statements (as D1 does) and, from `killAfter` on, never
 * answers again, as a Worker that died mid-way; `onKill` is told once.
 */
function invocationDb(db: D1Database, killAfter: number | null, onKill: () => void) {
  const counter = countD1(db);
  let killed = false;
  const gate = <T>(work: () => Promise<T>): Promise<T> => {
    if (killed || (killAfter !== null && counter.statements >= killAfter)) {
      if (!killed) onKill();
      killed = true;
      return never;
    }
    return work();
  };
  const statement = (inner: D1PreparedStatement): D1PreparedStatement =>
    ({
      [RAW]: inner,
      bind: (...values: unknown[]) => statement(inner.bind(...values)),
      first: (column?: string) => gate(() => (column === undefined ? inner.first() : inner.first(column))),
      run: () => gate(() => inner.run()),
      all: () => gate(() => inner.all()),
      raw: (options?: { columnNames?: boolean }) => gate(() => inner.raw(options as never)),
    }) as unknown as D1PreparedStatement;
  const wrapped = {
    prepare: (sql: string) => statement(counter.db.prepare(sql)),
    batch: (list: D1PreparedStatement[]) =>
      gate(() => counter.db.batch(list.map((s) => (s as unknown as { [RAW]?: D1PreparedStatement })[RAW] ?? s))),
    exec: (sql: string) => gate(() => counter.db.exec(sql)),
    dump: () => counter.db.dump(),
    withSession: () => wrapped,
  } as unknown as D1Database;
  return { db: wrapped, counter };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : "n/a");

const d1 = await startLocalD1({ engine: ENGINE });
/** What the bench reads of the fake Resend (a JavaScript module). */
type FakeMailApi = {
  listen(): Promise<void>;
  close(): Promise<void>;
  server: Server;
  accepted: { to: string; at: number }[];
  firstAccept: Map<string, number>;
  requests: { status: number | string }[];
};
const mail = (createFakeResend as (options: Record<string, unknown>) => unknown)({ port: 0, rate: RATE }) as FakeMailApi;
await mail.listen();
afterAll(async () => {
  await mail.close();
  await d1.dispose();
});

it(`launches ${N} parents in ${WAVES} waves with the consumer killed once: every invite handed to the mail API once`, async () => {
  const mailApi = `http://127.0.0.1:${(mail.server.address() as AddressInfo).port}`;
  const mailQueue = simulatedQueue();
  const hooks = simulatedQueue();
  const base = {
    ...d1.bindings,
    MAIL_TRANSPORT: "resend",
    RESEND_API_KEY: "bench",
    RESEND_API_URL: mailApi,
    RESEND_MAX_PER_SECOND: String(RATE),
    MAIL_QUEUE: mailQueue.queue,
    WEBHOOK_QUEUE: hooks.queue,
  };
  const worker = createWorker(async () => new Response(null));

  console.log(
    `bench:waves: ${WAVES} waves of ${WAVE_SIZE} on a local D1 (${ENGINE}); mail queue batches of ${consumer.batchSize}, ` +
      `${consumer.concurrency} consumers, ${consumer.maxRetries} retries; fake Resend ${RATE} req/s; ` +
      (KILL_AT > 0 ? `a consumer run killed after ${KILL_AFTER} statements once ${KILL_AT * 100}% are accepted` : "no kill"),
  );
  const seedStarted = Date.now();
  const at = Date.now() - N * 1000;
  const parents = Array.from({ length: N }, (_, i) => ({
    email: `launch${i}@example.com`,
    step_completed: 3,
    ref_code: `LAUNCH${i}`,
    confirmedAt: new Date(at + i * 1000).toISOString(),
  }));
  // A wave's worth a statement: the helper's confirmation joins its list, so one list of N would take minutes.
  for (let start = 0; start < N; start += WAVE_SIZE)
    await insertParents(d1.db, "leads", parents.slice(start, start + WAVE_SIZE), referralRules.placesPerCredit);
  const { cookie } = await signedIn(d1, WAVES_URL, "admin");
  console.log(`seeded ${N} confirmed parents in ${seconds(Date.now() - seedStarted)}`);

  // ---- the invocations: the admin's POSTs and the consumer's runs, each with its statements counted
  type Run = { kind: "admission" | "consumer" | "cron"; statements: number; facts: number; mails: number; ms: number };
  const runs: Run[] = [];
  const byKind = (kind: Run["kind"]) => runs.filter((run) => run.kind === kind);
  let admissionsDone = false;
  const t0 = Date.now();

  async function admit(seq: number) {
    const { db, counter } = invocationDb(d1.db, null, () => {});
    const { load, settle } = testContext(WAVES_URL, { ...base, DB: db });
    const started = Date.now();
    const request = new Request(WAVES_URL, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "admit", n: String(WAVE_SIZE), seq: String(seq) }).toString(),
    });
    const result = await action({ request, context: load, params: {} } as never);
    await settle();
    const status = result instanceof Response ? result.status : (result as unknown as { init: { status: number } }).init.status;
    if (status !== 303) throw new Error(`wave ${seq}: the admission answered ${status}`);
    runs.push({ kind: "admission", statements: counter.statements, facts: 0, mails: 0, ms: Date.now() - started });
  }

  const kill = { armed: KILL_AT > 0, at: 0, statements: 0, facts: 0, mails: 0, acceptedBefore: 0 };
  let deadLettered = 0;

  /** One run of the Worker's queue handler on a batch; a killed run loses its batch's messages. */
  async function consume(batch: Queued[], queueName = "mail") {
    const facts = batch.filter((item) => typeof item.body.fact === "string").length;
    const killHere = kill.armed && facts > 0 && mail.firstAccept.size >= N * KILL_AT && queueName === "mail";
    if (killHere) kill.armed = false;
    let died: () => void = () => {};
    const death = new Promise<"killed">((resolve) => (died = () => resolve("killed")));
    const { db, counter } = invocationDb(d1.db, killHere ? KILL_AFTER : null, () => died());
    const outcome = new Map<string, { retry?: number }>();
    const messages = batch.map((item) => ({
      id: item.id,
      timestamp: new Date(),
      attempts: item.attempts,
      body: item.body,
      ack: () => outcome.set(item.id, {}),
      retry: (options?: { delaySeconds?: number }) => outcome.set(item.id, { retry: options?.delaySeconds ?? 30 }),
    }));
    const background: Promise<unknown>[] = [];
    const executionCtx = { waitUntil: (p: Promise<unknown>) => void background.push(p), passThroughOnException() {} };
    const started = Date.now();
    const work = Promise.resolve(
      worker.queue!(
        { queue: queueName, messages, ackAll() {}, retryAll() {} } as unknown as MessageBatch,
        { ...base, DB: db } as unknown as Env,
        executionCtx as unknown as ExecutionContext,
      ),
    ).then(async () => {
      await Promise.allSettled(background);
      return "done" as const;
    });
    const ended = await Promise.race([work, death]);
    const ms = Date.now() - started;
    if (ended === "killed") {
      Object.assign(kill, {
        at: Date.now(),
        statements: counter.statements,
        facts,
        mails: batch.length - facts,
        acceptedBefore: mail.firstAccept.size,
      });
      console.log(
        `  killed a consumer run at +${seconds(kill.at - t0)} after ${counter.statements} statements: its batch of ${facts} fact and ` +
          `${batch.length - facts} mail messages is neither acked nor retried (${kill.acceptedBefore} invites accepted so far)`,
      );
      runs.push({ kind: "consumer", statements: counter.statements, facts, mails: batch.length - facts, ms });
      return;
    }
    runs.push({ kind: "consumer", statements: counter.statements, facts, mails: batch.length - facts, ms });
    for (const item of batch) {
      const retry = outcome.get(item.id)?.retry;
      if (retry === undefined) continue;
      if (item.attempts >= consumer.maxRetries) {
        // Its retries are spent: the platform hands it to the dead-letter queue's consumer.
        deadLettered += 1;
        await consume([{ ...item, attempts: 1 }], "mail-dlq");
      } else mailQueue.push(item.body, item.attempts + 1, retry * 1000);
    }
  }

  /** The consumers (wrangler.toml's max_concurrency) until the queue is empty and the admin is done. */
  async function drain() {
    let busy = 0;
    const loop = async () => {
      for (;;) {
        const next = mailQueue.take(consumer.batchSize);
        if (Array.isArray(next)) {
          busy += 1;
          try {
            await consume(next);
          } finally {
            busy -= 1;
          }
          continue;
        }
        if (next === null && admissionsDone && busy === 0) return;
        await sleep(next === null ? 20 : Math.min(next, 200));
      }
    };
    await Promise.all(Array.from({ length: consumer.concurrency }, loop));
  }

  /** The Cron Trigger with the clock moved past the sweep delays: the sweeps enqueue what the killed run left. */
  async function cron() {
    const { db, counter } = invocationDb(d1.db, null, () => {});
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + CRON_SHIFT_MS });
    try {
      await worker.scheduled!(
        { cron: "*/5 * * * *", scheduledTime: Date.now() } as ScheduledController,
        { ...base, DB: db } as unknown as Env,
        {
          waitUntil() {},
          passThroughOnException() {},
        } as unknown as ExecutionContext,
      );
    } finally {
      vi.useRealTimers();
    }
    runs.push({ kind: "cron", statements: counter.statements, facts: 0, mails: 0, ms: 0 });
  }

  const admissions = (async () => {
    try {
      for (let seq = 1; seq <= WAVES; seq += 1) await admit(seq);
    } finally {
      admissionsDone = true;
    }
  })();
  // A timeline line every 10 s: where the time goes.
  const timeline = setInterval(
    () =>
      console.log(
        `  +${seconds(Date.now() - t0)}: ${byKind("admission").length} waves admitted, ${mail.firstAccept.size} invites accepted, ` +
          `${mailQueue.size} messages queued, ${byKind("consumer").length} consumer runs`,
      ),
    10_000,
  );
  await Promise.all([admissions, drain()]);
  const drainedAt = Date.now();
  let crons = 0;
  const count = async (sql: string) => Number((await d1.db.prepare(sql).first<{ n: number }>())?.n ?? 0);
  const unhandled = () => count("SELECT COUNT(*) AS n FROM facts WHERE handled_at IS NULL");
  const unsent = () => count("SELECT COUNT(*) AS n FROM outbox WHERE template = 'invite' AND status <> 'sent'");
  console.log(
    `  the queue ran dry at +${seconds(drainedAt - t0)}: ${await unhandled()} facts not handled, ${await unsent()} invite rows not sent, ` +
      `${N - mail.firstAccept.size} invites not handed over`,
  );
  while (crons < 5 && ((await unhandled()) > 0 || (await unsent()) > 0 || mail.firstAccept.size < N)) {
    crons += 1;
    await cron();
    await drain();
  }

  clearInterval(timeline);

  // ---- the figures
  const members = await d1.db
    .prepare(
      `SELECT l.email AS email,
              (SELECT COUNT(*) FROM outbox o WHERE o.dedupe_key = 'invite:' || m.wave_id || ':' || m.lead_id) AS rows
       FROM wave_members m JOIN leads l ON l.id = m.lead_id`,
    )
    .all<{ email: string; rows: number }>();
  const admitted = members.results.length;
  const accepted = new Map<string, number>();
  for (const entry of mail.accepted) accepted.set(entry.to, (accepted.get(entry.to) ?? 0) + 1);
  const rowsMissing = members.results.filter((m) => m.rows === 0).length;
  const rowsDoubled = members.results.filter((m) => m.rows > 1).length;
  const lost = members.results.filter((m) => !accepted.has(m.email.toLowerCase())).length;
  const doubled = members.results.filter((m) => (accepted.get(m.email.toLowerCase()) ?? 0) > 1).length;
  const lastAccepted = Math.max(...mail.accepted.map((entry) => entry.at));
  const heaviest = (kind: Run["kind"]) => byKind(kind).reduce((a, b) => (b.statements > a.statements ? b : a), byKind(kind)[0]);
  const consumerMax = heaviest("consumer");
  const admissionMax = heaviest("admission");
  const cronMax = heaviest("cron");
  const requests = mail.requests;

  console.log(`
admitted ${admitted} parents in ${byKind("admission").length} waves; invite outbox rows: ${admitted - rowsMissing} (missing ${rowsMissing}, doubled ${rowsDoubled})
handed to the mail API: ${accepted.size} addresses, lost ${lost}, more than once ${doubled}; ${mail.accepted.length} mails in ${requests.length} requests (${requests.filter((r) => r.status === 429).length} answered 429)
first admission to last invite handed over: ${seconds(lastAccepted - t0)} (goal <= ${seconds(TARGET_MS)}); the queue first ran dry at +${seconds(drainedAt - t0)}, then ${crons} cron run(s) with the clock moved ${CRON_SHIFT_MS / 60_000} min
  (in production the facts' sweep waits 2 minutes and a lost mail message's lease ${MESSAGE_LEASE_MINUTES}; the bench moves the cron's clock instead of waiting)
D1 statements per invocation (max): admission ${admissionMax?.statements ?? "n/a"}; consumer run ${consumerMax?.statements ?? "n/a"} (${consumerMax?.facts ?? 0} fact and ${consumerMax?.mails ?? 0} mail messages); cron ${cronMax?.statements ?? "n/a"}
consumer runs: ${byKind("consumer").length}, over 500 statements: ${byKind("consumer").filter((r) => r.statements > 500).length}, over 1,000: ${byKind("consumer").filter((r) => r.statements > 1000).length}; dead-lettered messages: ${deadLettered}
kill: ${kill.at ? `at +${seconds(kill.at - t0)} after ${kill.statements} statements; its batch held ${kill.facts} fact and ${kill.mails} mail messages` : "none"}`);

  expect({ admitted, rowsMissing, rowsDoubled, lost, doubled }).toEqual({
    admitted: N,
    rowsMissing: 0,
    rowsDoubled: 0,
    lost: 0,
    doubled: 0,
  });
});
