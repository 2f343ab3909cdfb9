import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { beforeEach, describe, expect, it } from "vitest";
import { referralRules } from "#content/referrals";
import { MAX_BULK_IDS } from "~/admin/bulk";
import { getBackend } from "~/data/backend.server";
import { leadLinksFor } from "~/platform/lead-links.server";
import { action as reviewAction } from "~/routes/admin/referrals-review";
import { action as verifyAction } from "~/routes/verify-email";
import { createWorker } from "~/worker.server";
import { budgetFigures } from "./helpers/budget-figures";
import { countRows, insertParents } from "./helpers/bulk-parents";
import { testContext } from "./helpers/context";
import { FIRST_CREDIT_DOWNLOAD } from "./helpers/rows";
import { countedBindings } from "./helpers/count-d1";
import { emptyTables, FACT_TABLES, useLocalD1, WEBHOOK_TABLES } from "./helpers/local-d1";
import { signedIn } from "./helpers/signed-in";

/**
 * The credits within D1's budget: an admin's approval of held credits (100 a request, the form's
 * most; 500 in all) makes at most 500 statements a request, and so does each batch of the facts' queue messages as the consumer receives it
 * (wrangler.toml's max_batch_size for the mail queue: 100); a parent's press of the confirmation
 * button at most 50 (Workers Free). Every consequence is still there once.
 */

const ADMIN_BUDGET = 500;
const BATCH_BUDGET = 500;
const PARENT_BUDGET = 50;
/** The mail queue consumer's max_batch_size (wrangler.toml). */
const MAX_BATCH_SIZE = 100;
const ORIGIN = "http://127.0.0.1:8846";
const PLACES = referralRules.placesPerCredit;

const measured = budgetFigures("referral-budgets");

const d1 = useLocalD1();
beforeEach(async () => {
  await emptyTables(d1.db, [
    "leads",
    "outbox",
    "referrals",
    "rewards_earned",
    "reward_steps",
    "analytics_events",
    ...WEBHOOK_TABLES,
    ...FACT_TABLES,
  ]);
});

const counted = () => countedBindings(d1.bindings, d1.db);

async function post(
  bindings: Record<string, unknown>,
  url: string,
  fields: [string, string][],
  route: (args: ActionFunctionArgs) => Promise<unknown>,
  cookie = "",
) {
  const { load: context, settle } = testContext(url, bindings);
  const request = new Request(url, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  const result = await route({ request, context, params: {} } as ActionFunctionArgs).catch((thrown: unknown) => thrown);
  // The work left after the response runs in the same invocation: it counts too.
  await settle();
  return result instanceof Response ? result.status : (result as { init?: { status?: number } }).init?.status;
}

/**
 * Hands the queued fact messages to the Worker's queue handler in batches of the consumer's
 * max_batch_size, as the queue delivers them, until none is left; answers the statements of each batch.
 */
async function drainFacts(setup: ReturnType<typeof counted>): Promise<number[]> {
  const worker = createWorker(async () => new Response(null));
  const runs: number[] = [];
  const executionCtx = { waitUntil() {}, passThroughOnException() {} } as unknown as ExecutionContext;
  let pending: Record<string, unknown>[] = [];
  for (let round = 0; round < 1000; round++) {
    pending.push(...setup.mail.taken().filter((body) => typeof body.fact === "string"));
    if (!pending.length) return runs;
    const bodies = pending.slice(0, MAX_BATCH_SIZE);
    pending = pending.slice(MAX_BATCH_SIZE);
    setup.counter.reset();
    const messages = bodies.map((body) => ({ id: crypto.randomUUID(), timestamp: new Date(), attempts: 1, body, ack() {}, retry() {} }));
    const batch = { queue: "mail", messages, ackAll() {}, retryAll() {} } as unknown as MessageBatch;
    await worker.queue!(batch, setup.bindings as unknown as Env, executionCtx);
    runs.push(setup.counter.statements);
  }
  throw new Error("The fact messages never ran out");
}

const count = (sql: string, ...params: unknown[]) => countRows(d1.db, sql, ...params);

async function hookEndpoint(events: string[]) {
  const at = new Date().toISOString();
  await d1.db
    .prepare("INSERT INTO webhook_endpoints (id, url, events, secret, enabled, created_at, updated_at) VALUES (?, ?, ?, ?, 1, ?, ?)")
    .bind(crypto.randomUUID(), "https://hooks.example.com/in", JSON.stringify(events), "whsec_dGVzdHNlY3JldHRlc3RzZWNyZXQ=", at, at)
    .run();
}

/** A reward at the first credit: every referrer earns one (and is mailed it). */
async function firstCreditReward() {
  const { ctx } = testContext(`${ORIGIN}/`, d1.bindings);
  await getBackend(ctx).rewards.saveStep("leads", FIRST_CREDIT_DOWNLOAD, new Date().toISOString());
}

/** `n` confirmed referrers, each with one confirmed friend whose credit is held; answers the held referrals' ids. */
async function heldCredits(n: number): Promise<string[]> {
  const at = Date.now() - 2 * n * 1000;
  const parents = Array.from({ length: 2 * n }, (_, i) => ({
    email: i < n ? `referrer${i}@example.com` : `friend${i - n}@example.com`,
    step_completed: 3,
    ref_code: `R${String(i).padStart(7, "0")}`,
    confirmedAt: new Date(at + i * 1000).toISOString(),
  }));
  const ids = await insertParents(d1.db, "leads", parents, PLACES);
  const rows = Array.from({ length: n }, (_, i) => [crypto.randomUUID(), ids[n + i], ids[i], parents[i].ref_code]);
  const now = new Date().toISOString();
  // One statement for all the held credits.
  await d1.db
    .prepare(
      `INSERT INTO referrals (id, lead_table, referred_id, referrer_id, ref_code, variant, status, hold_reasons, created_at, updated_at)
       SELECT value ->> 0, 'leads', value ->> 1, value ->> 2, value ->> 3, 'genius', 'held', 'catch-all', ?2, ?2 FROM json_each(?1)`,
    )
    .bind(JSON.stringify(rows), now)
    .run();
  return rows.map((row) => row[0]);
}

describe("referral budgets", () => {
  it("approves 500 held credits in admin requests within 500 statements each, and their facts in queue batches within 500 each", async () => {
    const url = `${ORIGIN}/admin/referrals/review`;
    const { cookie } = await signedIn(d1, url, "admin");
    await hookEndpoint(["referral.credited"]);
    await firstCreditReward();
    const ids = await heldCredits(500);
    const setup = counted();

    // The form takes at most MAX_BULK_IDS (100) rows a request: 500 are five requests.
    for (let i = 0; i < ids.length; i += MAX_BULK_IDS) {
      setup.counter.reset();
      const chunk = ids.slice(i, i + MAX_BULK_IDS).map((id): [string, string] => ["ids", id]);
      expect(await post(setup.bindings, url, [["intent", "approve"], ["confirmed", "yes"], ...chunk], reviewAction, cookie)).toBe(303);
      measured["POST /admin/referrals/review approve 100 (the form's most)"] = setup.counter.statements;
      expect(setup.counter.statements, "an approval of 100").toBeLessThanOrEqual(ADMIN_BUDGET);
    }

    const batches = await drainFacts(setup);
    measured["queue: referral.approved facts, per batch of 100 (max)"] = Math.max(0, ...batches);
    for (const statements of batches) expect(statements, "a batch of fact messages").toBeLessThanOrEqual(BATCH_BUDGET);

    // Every consequence once: the credits, their webhook events, the rewards and their mails.
    expect(await count("SELECT COUNT(*) AS n FROM referrals WHERE status = 'credited'")).toBe(500);
    expect(await count("SELECT COUNT(DISTINCT event_id) AS n FROM webhook_deliveries WHERE event_type = 'referral.credited'")).toBe(500);
    expect(await count("SELECT COUNT(*) AS n FROM webhook_deliveries WHERE event_type = 'referral.credited'")).toBe(500);
    expect(await count("SELECT COUNT(*) AS n FROM rewards_earned")).toBe(500);
    expect(await count("SELECT COUNT(*) AS n FROM outbox WHERE template = 'reward'")).toBe(500);
    expect(await count("SELECT COUNT(*) AS n FROM facts WHERE handled_at IS NULL")).toBe(0);
  });

  it("a parent's press of the confirmation button, with a credit for their referrer, makes at most 50 statements", async () => {
    await hookEndpoint(["lead.confirmed", "referral.credited"]);
    await firstCreditReward();
    const [referrerId] = await insertParents(
      d1.db,
      "leads",
      [{ email: "referrer@example.com", step_completed: 3, ref_code: "RREFERR1", confirmedAt: new Date().toISOString() }],
      PLACES,
    );
    const [friendId] = await insertParents(
      d1.db,
      "leads",
      [{ email: "friend@example.com", step_completed: 3, ref_code: "RFRIEND1", referred_by: "RREFERR1", confirmedAt: null }],
      PLACES,
    );
    const { ctx } = testContext(`${ORIGIN}/`, d1.bindings);
    const backend = getBackend(ctx);
    await backend.referrals.record(
      "leads",
      { referred_id: friendId, referrer_id: referrerId, ref_code: "RREFERR1", variant: "genius", status: "pending", reason: null },
      new Date().toISOString(),
    );
    const friend = (await backend.leads.getById("leads", friendId))!;
    const token = new URL((await leadLinksFor(ctx, "leads", friend)).verifyLink).searchParams.get("t")!;
    const setup = counted();

    expect(
      await post(
        setup.bindings,
        `${ORIGIN}/verify-email`,
        [
          ["t", token],
          ["intent", "confirm"],
        ],
        verifyAction,
      ),
    ).toBe(303);
    measured["POST /verify-email (confirm, with a credit)"] = setup.counter.statements;
    expect(setup.counter.statements, "the confirmation").toBeLessThanOrEqual(PARENT_BUDGET);

    const batches = await drainFacts(setup);
    measured["queue: a confirmation's facts (one batch)"] = Math.max(0, ...batches);
    for (const statements of batches) expect(statements).toBeLessThanOrEqual(BATCH_BUDGET);
    expect(await count("SELECT COUNT(*) AS n FROM referrals WHERE status = 'credited'")).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM rewards_earned WHERE lead_id = ?", referrerId)).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM webhook_deliveries")).toBe(2);
  });
});
