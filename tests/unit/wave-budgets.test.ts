import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { beforeEach, describe, expect, it } from "vitest";
import { referralRules } from "#content/referrals";
import { action, loader } from "~/routes/admin/waves";
import { createWorker } from "~/worker.server";
import { budgetFigures } from "./helpers/budget-figures";
import { confirmedParents, countRows, insertParents, insertHockeyClub } from "./helpers/bulk-parents";
import { testContext } from "./helpers/context";
import { countedBindings } from "./helpers/count-d1";
import { emptyTables, FACT_TABLES, useLocalD1, WAVE_TABLES, WEBHOOK_TABLES } from "./helpers/local-d1";
import { signedIn } from "./helpers/signed-in";

/**
 * Waves within D1's budget: the admin's request (its page, the review and the admission) makes at
 * most 500 statements (half of Workers Paid's 1,000 per invocation) for a wave of 1,000 or a club
 * wave of 500, and so does each queue message that sends its invites; every invite is written once,
 * and a club wave tells the webhooks as a wave of the line does.
 */

const ADMIN_BUDGET = 500;
const MESSAGE_BUDGET = 500;
const ORIGIN = "http://127.0.0.1:8845";
const GENIUS = `${ORIGIN}/admin/waves`;
const HOCKEY = `${ORIGIN}/admin/waves?domain=champion&sport=icehockey`;

/** What each test measured, by route or handler: `npm run bench:budgets` prints it (bench/budgets.mjs). */
const measured = budgetFigures("wave-budgets");

const d1 = useLocalD1();
beforeEach(async () => {
  await emptyTables(d1.db, [
    ...WAVE_TABLES,
    "leads",
    "leads_icehockey",
    "outbox",
    "referrals",
    "club_members",
    "clubs",
    ...WEBHOOK_TABLES,
    ...FACT_TABLES,
  ]);
});

const counted = () => countedBindings(d1.bindings, d1.db);

async function load(bindings: Record<string, unknown>, cookie: string, url: string) {
  const { load: context, settle } = testContext(url, bindings);
  const result = await loader({ request: new Request(url, { headers: { Cookie: cookie } }), context, params: {} } as LoaderFunctionArgs);
  await settle();
  return (result as unknown as { data: Record<string, unknown> }).data;
}

async function post(bindings: Record<string, unknown>, cookie: string, url: string, fields: Record<string, string>) {
  const { load: context, settle } = testContext(url, bindings);
  const request = new Request(url, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  const result = await action({ request, context, params: {} } as ActionFunctionArgs);
  // The work left after the response runs in the same invocation: it counts too.
  await settle();
  return result instanceof Response ? result.status : (result as unknown as { init: { status: number } }).init.status;
}

/**
 * Hands every queued fact message to the Worker's queue handler, one message per run, until none is
 * left, and answers the statements each run made. Mail messages stay queued (their rows are the record).
 */
async function drainFacts(setup: ReturnType<typeof counted>): Promise<number[]> {
  const worker = createWorker(async () => new Response(null));
  const runs: number[] = [];
  const executionCtx = { waitUntil() {}, passThroughOnException() {} } as unknown as ExecutionContext;
  for (let round = 0; round < 100; round++) {
    const facts = setup.mail.taken().filter((body) => typeof body.fact === "string");
    if (!facts.length) return runs;
    for (const body of facts) {
      setup.counter.reset();
      const message = { id: crypto.randomUUID(), timestamp: new Date(), attempts: 1, body, ack() {}, retry() {} };
      const batch = { queue: "mail", messages: [message], ackAll() {}, retryAll() {} } as unknown as MessageBatch;
      await worker.queue!(batch, setup.bindings as unknown as Env, executionCtx);
      runs.push(setup.counter.statements);
    }
  }
  throw new Error("The fact messages never ran out");
}

const count = (sql: string, ...params: unknown[]) => countRows(d1.db, sql, ...params);

async function hookEndpoint() {
  const at = new Date().toISOString();
  await d1.db
    .prepare("INSERT INTO webhook_endpoints (id, url, events, secret, enabled, created_at, updated_at) VALUES (?, ?, ?, ?, 1, ?, ?)")
    .bind(
      crypto.randomUUID(),
      "https://hooks.example.com/in",
      JSON.stringify(["wave.admitted"]),
      "whsec_dGVzdHNlY3JldHRlc3RzZWNyZXQ=",
      at,
      at,
    )
    .run();
}

describe("wave budgets", () => {
  it("admits a wave of 1,000 in one admin request within 500 statements, and its invites in queue messages within 500 each", async () => {
    const { cookie } = await signedIn(d1, GENIUS, "admin");
    await insertParents(d1.db, "leads", confirmedParents(1000, "p"), referralRules.placesPerCredit);
    await hookEndpoint();
    const setup = counted();

    await load(setup.bindings, cookie, `${GENIUS}?n=1000`);
    measured["GET /admin/waves?n=1000 (review)"] = setup.counter.statements;
    expect(setup.counter.statements, "the review of 1,000").toBeLessThanOrEqual(ADMIN_BUDGET);

    setup.counter.reset();
    expect(await post(setup.bindings, cookie, GENIUS, { intent: "admit", n: "1000", seq: "1" })).toBe(303);
    measured["POST /admin/waves admit 1000"] = setup.counter.statements;
    expect(setup.counter.statements, "the admission of 1,000").toBeLessThanOrEqual(ADMIN_BUDGET);
    expect(await count("SELECT COUNT(*) AS n FROM wave_members")).toBe(1000);

    const runs = await drainFacts(setup);
    measured["queue: wave.admitted run (wave of 1000)"] = Math.max(...runs);
    expect(Math.max(...runs), `statements per message: ${runs.join(", ")}`).toBeLessThanOrEqual(MESSAGE_BUDGET);
    expect(await count("SELECT COUNT(DISTINCT dedupe_key) AS n FROM outbox WHERE template = 'invite'")).toBe(1000);
    expect(await count("SELECT COUNT(*) AS n FROM wave_members WHERE invite_sent_at IS NOT NULL")).toBe(1000);
    expect(await count("SELECT COUNT(*) AS n FROM webhook_deliveries WHERE event_type = 'wave.admitted'")).toBe(1);
  });

  it("keeps one queue invocation within 500 statements when its batch carries the facts of several waves", async () => {
    const { cookie } = await signedIn(d1, GENIUS, "admin");
    await insertParents(d1.db, "leads", confirmedParents(750, "b"), referralRules.placesPerCredit);
    const setup = counted();
    for (const seq of [1, 2, 3])
      expect(await post(setup.bindings, cookie, GENIUS, { intent: "admit", n: "250", seq: String(seq) })).toBe(303);

    // The platform hands a consumer up to max_batch_size messages at once: the three waves' facts in one batch.
    const worker = createWorker(async () => new Response(null));
    const executionCtx = { waitUntil() {}, passThroughOnException() {} } as unknown as ExecutionContext;
    const bodies = setup.mail.taken().filter((body) => typeof body.fact === "string");
    expect(bodies).toHaveLength(3);
    setup.counter.reset();
    const messages = bodies.map((body) => ({ id: crypto.randomUUID(), timestamp: new Date(), attempts: 1, body, ack() {}, retry() {} }));
    await worker.queue!(
      { queue: "mail", messages, ackAll() {}, retryAll() {} } as unknown as MessageBatch,
      setup.bindings as unknown as Env,
      executionCtx,
    );
    measured["queue: a batch of three waves' facts"] = setup.counter.statements;
    expect(setup.counter.statements, "one invocation with three facts").toBeLessThanOrEqual(MESSAGE_BUDGET);

    const runs = await drainFacts(setup);
    expect(Math.max(...runs), `statements per message: ${runs.join(", ")}`).toBeLessThanOrEqual(MESSAGE_BUDGET);
    expect(await count("SELECT COUNT(*) AS n FROM outbox WHERE template = 'invite'")).toBe(750);
    expect(await count("SELECT COUNT(*) AS n FROM wave_members WHERE invite_sent_at IS NOT NULL")).toBe(750);
    expect(await count("SELECT COUNT(*) AS n FROM facts WHERE handled_at IS NULL")).toBe(0);
  });

  it("admits a club wave of 500 within the same budgets, and tells the webhooks once", async () => {
    const { cookie } = await signedIn(d1, HOCKEY, "admin");
    const ids = await insertParents(d1.db, "leads_icehockey", confirmedParents(500, "h"), referralRules.placesPerCredit);
    const club = await insertHockeyClub(d1.db, ids);
    await hookEndpoint();
    const setup = counted();

    await load(setup.bindings, cookie, `${HOCKEY}&club=${club}`);
    measured["GET /admin/waves?club= (club of 500)"] = setup.counter.statements;
    expect(setup.counter.statements, "the page with the club's review").toBeLessThanOrEqual(ADMIN_BUDGET);

    setup.counter.reset();
    expect(await post(setup.bindings, cookie, HOCKEY, { intent: "club", seq: "1", club })).toBe(303);
    measured["POST /admin/waves club wave of 500"] = setup.counter.statements;
    expect(setup.counter.statements, "the club's admission").toBeLessThanOrEqual(ADMIN_BUDGET);

    const runs = await drainFacts(setup);
    measured["queue: wave.admitted run (club wave of 500)"] = Math.max(...runs);
    expect(Math.max(...runs), `statements per message: ${runs.join(", ")}`).toBeLessThanOrEqual(MESSAGE_BUDGET);
    expect(await count("SELECT COUNT(DISTINCT dedupe_key) AS n FROM outbox WHERE template = 'invite'")).toBe(500);
    const wave = await d1.db.prepare("SELECT id FROM waves WHERE lead_table = 'leads_icehockey'").first<{ id: string }>();
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM webhook_deliveries WHERE event_type = 'wave.admitted' AND event_id = ?",
        `wave.admitted:leads_icehockey:${wave!.id}`,
      ),
    ).toBe(1);
  });
});
