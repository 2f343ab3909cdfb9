import { beforeEach, describe, expect, it } from "vitest";
import { getPage } from "#content/index";
import { referralRules } from "#content/referrals";
import { signLeadLink } from "~/platform/lead-links.server";
import { action as clubsAction } from "~/routes/admin/clubs";
import { loader as launchLoader, action as launchAction } from "~/routes/admin/launch";
import { action as csvAction, loader as csvLoader } from "~/routes/admin/leads-csv";
import { loader as leadsLoader } from "~/routes/admin/leads";
import { action as formAction, loader as formLoader } from "~/routes/form";
import { loader as homeLoader } from "~/routes/home";
import { action as myDataAction, loader as myDataLoader } from "~/routes/my-data";
import { action as downloadAction } from "~/routes/my-data-download";
import { action as plansAction } from "~/routes/plans";
import { loader as roadmapLoader } from "~/routes/roadmap";
import { loader as confirmLoader } from "~/routes/confirm";
import { action as signupAction } from "~/routes/signup";
import { loader as statusLoader } from "~/routes/status";
import { consumeWebhookBatch } from "~/webhooks/deliver.server";
import { createWorker } from "~/worker.server";
import { personStamp } from "./helpers/bot-fields";
import { budgetFigures } from "./helpers/budget-figures";
import { confirmedParents, countRows, insertParents, insertHockeyClub } from "./helpers/bulk-parents";
import { testContext } from "./helpers/context";
import { callRoute, cookieJar, workerLoad } from "./helpers/cookie-jar";
import { countCalls, countedBindings } from "./helpers/count-d1";
import { funnelAnswers } from "./helpers/funnel-answers";
import { emptyTables, useLocalD1 } from "./helpers/local-d1";
import { signedIn } from "./helpers/signed-in";

/**
 * The rest of the app within D1's budget (wave-budgets.test.ts has the waves): every request a parent
 * or visitor makes runs in at most 50 statements (Workers Free allows 50 per invocation), whatever
 * the rows behind it (a parent with 1,000 referrals); an admin request, a queue batch at its
 * max_batch_size (wrangler.toml) and a cron run with many rows due in at most 500 (half of Workers
 * Paid's 1,000).
 */

const PARENT_BUDGET = 50;
const ADMIN_BUDGET = 500;
const ORIGIN = "http://127.0.0.1:8920";
const HOCKEY = "?domain=champion&sport=icehockey";

/** What each test measured, by route or handler: `npm run bench:budgets` prints it (bench/budgets.mjs). */
const measured = budgetFigures("budgets");

const TABLES = [
  "leads",
  "leads_icehockey",
  "leads_tennis",
  "outbox",
  "referrals",
  "club_members",
  "club_contacts",
  "clubs",
  "campaigns",
  "webhook_deliveries",
  "webhook_endpoints",
  "facts",
  "fact_handlings",
  "wave_members",
  "waves",
  "users",
  "account_tokens",
  "accounts",
  "suppressions",
  "erasure_log",
  "lead_ip_counts",
];
const d1 = useLocalD1();
beforeEach(async () => {
  await emptyTables(d1.db, TABLES);
});

const counted = () => countedBindings(d1.bindings, d1.db);
type Counted = ReturnType<typeof counted>;

/** Records `name`'s count of statements since the last reset and checks it against `budget`. */
function record(setup: Counted, name: string, budget: number) {
  measured[name] = setup.counter.statements;
  expect(setup.counter.statements, name).toBeLessThanOrEqual(budget);
  setup.counter.reset();
}

/** A loader or action run the way Remix runs it, with the work left after the response settled (it counts too). */
async function run(
  setup: Counted,
  handler: (args: never) => unknown,
  url: string,
  init: { cookie?: string; form?: Record<string, string> | URLSearchParams } = {},
) {
  const { load, settle } = testContext(url, setup.bindings);
  const request = new Request(url, {
    ...(init.form ? { method: "POST", body: new URLSearchParams(init.form) } : {}),
    headers: { ...(init.cookie ? { Cookie: init.cookie } : {}), "CF-Connecting-IP": "10.1.2.3" },
  });
  let body: string | null = null;
  const answer = await callRoute(async () => {
    const out = await handler({ request, context: load, params: {} } as never);
    // A file is read to its end: a streamed one reads its later pages in the same invocation.
    if (out instanceof Response && out.body) body = await out.clone().text();
    return out;
  });
  await settle();
  return { ...answer, body: body as string | null };
}

const count = (sql: string, ...params: unknown[]) => countRows(d1.db, sql, ...params);

/** A parent (the first of 1,001) whom the other 1,000 were referred by, credited, in one statement. */
async function parentWith1000Referrals(table: "leads" | "leads_icehockey" = "leads") {
  const [parent, ...friends] = await insertParents(d1.db, table, confirmedParents(1001, "f"), referralRules.placesPerCredit);
  const at = new Date().toISOString();
  await d1.db.batch([
    d1.db
      .prepare(
        `INSERT INTO referrals (id, lead_table, referred_id, referrer_id, ref_code, variant, status, created_at, updated_at, credited_at)
         SELECT lower(hex(randomblob(16))), ?1, value, ?2, 'RF0', 'genius', 'credited', ?3, ?3, ?3 FROM json_each(?4)`,
      )
      .bind(table, parent, at, JSON.stringify(friends)),
    d1.db.prepare(`UPDATE ${table} SET referral_count = 1000 WHERE id = ?`).bind(parent),
    // Mails the parent was sent: the page lists them.
    d1.db
      .prepare(
        `INSERT INTO outbox (id, dedupe_key, template, variant, recipient, subject, html, text, status, created_at, updated_at)
         SELECT lower(hex(randomblob(16))), 'credit:' || value, 'referral_credited', 'genius', 'f0@example.com', 'A friend joined',
           '<p>Hello</p>', 'Hello', 'sent', ?1, ?1 FROM json_each(?2)`,
      )
      .bind(at, JSON.stringify(friends.slice(0, 50))),
  ]);
  return { parent, friends };
}

/**
 * A long line of confirmed parents: inserted unconfirmed in one statement, then confirmed in their
 * order in one more (insertParents' confirmation joins each row to its list, too slow for 10,000s).
 */
async function bigLine(n: number) {
  await insertParents(
    d1.db,
    "leads",
    confirmedParents(n, "b").map((parent) => ({ ...parent, confirmedAt: null })),
    referralRules.placesPerCredit,
  );
  await d1.db
    .prepare(
      `UPDATE leads SET email_verified = 1, confirmed_at = created_at, confirm_seq = rowid, place_score = rowid - ? * referral_count - bonus_places`,
    )
    .bind(referralRules.placesPerCredit)
    .run();
}

async function linkFor(purpose: "status" | "manage", table: "leads" | "leads_icehockey", leadId: string) {
  const { ctx } = testContext(ORIGIN, d1.bindings);
  return signLeadLink(ctx.env, ctx.isLocal, { purpose, table, leadId, ttlMs: 60 * 60 * 1000 });
}

describe("a parent's or visitor's request: at most 50 statements", () => {
  it("the landing page, each funnel step, the roadmap, the plan choice (the waitlist join) and /confirm", async () => {
    await insertParents(d1.db, "leads", confirmedParents(1000, "p"), referralRules.placesPerCredit);
    const setup = counted();
    const background: Promise<unknown>[] = [];
    const load = () => workerLoad({ ...setup.bindings, LAUNCH_MODE: "waitlist" }, background);
    const settle = async () => {
      while (background.length) await Promise.allSettled(background.splice(0));
    };
    const visitor = cookieJar({ url: (path) => `${ORIGIN}${path}`, headers: { "CF-Connecting-IP": "10.9.8.7" }, load });
    const step = async (name: string, work: () => Promise<{ status: number; location: string | null }>) => {
      setup.counter.reset();
      const answer = await work();
      await settle();
      expect(answer.status, name).toBeLessThan(500);
      record(setup, name, PARENT_BUDGET);
      return answer;
    };
    const stamp = await personStamp();
    const [step1, step2] = funnelAnswers("genius");

    await step("GET / (landing)", () => visitor.get(homeLoader, "/"));
    await step("GET /form", () => visitor.get(formLoader, "/form"));
    await step("POST /form step 1", () => visitor.post(formAction, "/form", [...step1, stamp]));
    await step("POST /form step 2", () => visitor.post(formAction, "/form", [...step2, stamp]));
    const third = await step("POST /form step 3", () =>
      visitor.post(formAction, "/form", [["step", "3"], ["email", "new-parent@example.com"], stamp]),
    );
    expect(third.location).toContain("/roadmap");
    await step("GET /roadmap", () => visitor.get(roadmapLoader, "/roadmap"));
    const plan = await step("POST /plans (joins the waitlist)", () =>
      visitor.post(plansAction, "/plans", [
        ["plan", getPage("genius", "plans").plans.find((item) => item.id !== "pro")!.id],
        ["cycle", "monthly"],
      ]),
    );
    expect(plan.status).toBe(302);
    await step("GET /confirm", () => visitor.get(confirmLoader, "/confirm"));
    expect(await count("SELECT COUNT(*) AS n FROM outbox WHERE recipient = 'new-parent@example.com'")).toBe(1);
  });

  it("the sign-up POST", async () => {
    const setup = counted();
    const url = `${ORIGIN}/signup${HOCKEY}`;
    const answer = await run(setup, signupAction, url, {
      form: {
        mode: "signup",
        email: "signup@example.com",
        name: "Ann Lee",
        password: "a long enough password",
        confirmPassword: "a long enough password",
        ...Object.fromEntries([await personStamp()]),
      },
    });
    expect(answer.status).toBeLessThan(400);
    record(setup, "POST /signup", PARENT_BUDGET);
    expect(await count("SELECT COUNT(*) AS n FROM accounts WHERE email = 'signup@example.com'")).toBe(1);
  });

  it("the status page, the my-data page, its export and the erasure of a parent with 1,000 referrals", async () => {
    const { parent } = await parentWith1000Referrals();
    const setup = counted();

    const status = await run(setup, statusLoader, `${ORIGIN}/status?t=${await linkFor("status", "leads", parent)}`);
    expect(status.status).toBe(200);
    record(setup, "GET /status (1000 referrals)", PARENT_BUDGET);

    const token = await linkFor("manage", "leads", parent);
    const page = await run(setup, myDataLoader, `${ORIGIN}/my-data?t=${token}`);
    expect(page.status).toBe(200);
    expect((page.data as { view: { held: { referrals: { credited: number } } } }).view.held.referrals.credited).toBe(1000);
    record(setup, "GET /my-data (1000 referrals)", PARENT_BUDGET);

    const file = await run(setup, downloadAction, `${ORIGIN}/my-data/download`, { form: { t: token } });
    expect(file.status).toBe(200);
    expect(JSON.parse(file.body!).referrals.as_referrer).toHaveLength(1000);
    record(setup, "POST /my-data/download (1000 referrals)", PARENT_BUDGET);

    const erased = await run(setup, myDataAction, `${ORIGIN}/my-data`, { form: { t: token, intent: "erase" } });
    expect(erased.status).toBe(303);
    record(setup, "POST /my-data erase (1000 referrals)", PARENT_BUDGET);
    expect(await count("SELECT COUNT(*) AS n FROM leads WHERE email = 'f0@example.com'")).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM referrals WHERE referrer_id IS NULL AND ref_code = 'erased'")).toBe(1000);
  });

  it("the my-data export and erasure of a club member with 1,000 referrals, on a sport edition", async () => {
    const { parent, friends } = await parentWith1000Referrals("leads_icehockey");
    const club = await insertHockeyClub(d1.db, [parent, ...friends]);
    const at = new Date().toISOString();
    await d1.db
      .prepare("INSERT INTO club_contacts (club_id, email, confirmed_at, created_at) VALUES (?, 'f0@example.com', ?, ?)")
      .bind(club, at, at)
      .run();
    const setup = counted();
    const token = await linkFor("manage", "leads_icehockey", parent);

    const file = await run(setup, downloadAction, `${ORIGIN}/my-data/download${HOCKEY}`, { form: { t: token } });
    expect(file.status).toBe(200);
    record(setup, "POST /my-data/download (club member, 1000 referrals)", PARENT_BUDGET);

    const erased = await run(setup, myDataAction, `${ORIGIN}/my-data${HOCKEY}`, { form: { t: token, intent: "erase" } });
    expect(erased.status).toBe(303);
    record(setup, "POST /my-data erase (club contact, 1000 referrals)", PARENT_BUDGET);
    expect(await count("SELECT COUNT(*) AS n FROM club_members WHERE lead_id = ?", parent)).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM clubs")).toBe(0);
  });
});

describe("the erasure of a parent on every waitlist: at most 50 statements", () => {
  it("three entries (1,000 referrals on one), a club membership in each sport, the contact of a club, a webhook endpoint", async () => {
    const { parent } = await parentWith1000Referrals();
    const [hockey] = await insertParents(d1.db, "leads_icehockey", confirmedParents(1, "f"), referralRules.placesPerCredit);
    const [tennis] = await insertParents(d1.db, "leads_tennis", confirmedParents(1, "f"), referralRules.placesPerCredit);
    const at = new Date().toISOString();
    const clubs = [
      ["leads_icehockey", "champion-icehockey", "icehockey", hockey],
      ["leads_tennis", "champion-tennis", "tennis", tennis],
    ].map(([table, variant, sport, member]) => ({ id: crypto.randomUUID(), table, variant, sport, member }));
    await d1.db.batch([
      ...clubs.flatMap((club) => [
        d1.db
          .prepare(
            `INSERT INTO clubs (id, lead_table, variant, slug, name, city, sport, status, created_at)
             VALUES (?, ?, ?, ?, 'Kings', 'Oslo', ?, 'approved', ?)`,
          )
          .bind(club.id, club.table, club.variant, `kings-${club.sport}`, club.sport, at),
        d1.db
          .prepare("INSERT INTO club_members (lead_table, lead_id, club_id, joined_at) VALUES (?, ?, ?, ?)")
          .bind(club.table, club.member, club.id, at),
      ]),
      // The contact of the hockey club: the club goes with its only contact.
      d1.db
        .prepare("INSERT INTO club_contacts (club_id, email, confirmed_at, created_at) VALUES (?, 'f0@example.com', ?, ?)")
        .bind(clubs[0].id, at, at),
      d1.db
        .prepare("INSERT INTO webhook_endpoints (id, url, events, secret, enabled, created_at, updated_at) VALUES (?, ?, ?, ?, 1, ?, ?)")
        .bind(
          crypto.randomUUID(),
          "https://hooks.example.com/in",
          JSON.stringify(["lead.erased"]),
          "whsec_dGVzdHNlY3JldHRlc3RzZWNyZXQ=",
          at,
          at,
        ),
    ]);
    const setup = counted();
    const token = await linkFor("manage", "leads", parent);
    const erased = await run(setup, myDataAction, `${ORIGIN}/my-data`, { form: { t: token, intent: "erase" } });
    expect(erased.status).toBe(303);
    record(setup, "POST /my-data erase (3 waitlists, 2 club ties, 1000 referrals)", PARENT_BUDGET);
    // The lead.erased events follow from the erasure's facts, on the queue.
    await drainMail(setup, (body) => typeof body.fact === "string");
    expect(await count("SELECT COUNT(*) AS n FROM club_members")).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM clubs")).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM webhook_deliveries WHERE event_type = 'lead.erased'")).toBe(3);
    for (const table of ["leads", "leads_icehockey", "leads_tennis"]) {
      expect(await count(`SELECT COUNT(*) AS n FROM ${table} WHERE email = 'f0@example.com'`), table).toBe(0);
    }
  });
});

describe("an admin request: at most 500 statements", () => {
  it("the leads list, the whole line's CSV and the largest bulk export, with 1,000 leads", async () => {
    const ids = await insertParents(d1.db, "leads", confirmedParents(1000, "p"), referralRules.placesPerCredit);
    const { cookie } = await signedIn(d1, `${ORIGIN}/admin/leads`, "admin");
    const setup = counted();

    const list = await run(setup, leadsLoader, `${ORIGIN}/admin/leads?size=200`, { cookie });
    expect(list.status).toBe(200);
    record(setup, "GET /admin/leads", ADMIN_BUDGET);

    const csv = await run(setup, csvLoader, `${ORIGIN}/admin/leads.csv`, { cookie });
    expect(csv.status).toBe(200);
    expect(csv.body?.trim().split("\n")).toHaveLength(1001);
    record(setup, "GET /admin/leads.csv (1000 leads)", ADMIN_BUDGET);

    const form = new URLSearchParams({ intent: "bulk-export", confirmed: "yes" });
    for (const id of ids.slice(0, 100)) form.append("ids", id);
    const bulk = await run(setup, csvAction, `${ORIGIN}/admin/leads.csv`, { cookie, form });
    expect(bulk.status).toBe(200);
    expect(bulk.body?.trim().split("\n")).toHaveLength(101);
    record(setup, "POST /admin/leads.csv bulk export of 100", ADMIN_BUDGET);
  });

  it("the whole line's CSV of 10,000 leads, and so of 100,000: its pages are read in the same invocation", async () => {
    await bigLine(10_000);
    const { cookie } = await signedIn(d1, `${ORIGIN}/admin/leads`, "admin");
    const setup = counted();
    const csv = await run(setup, csvLoader, `${ORIGIN}/admin/leads.csv`, { cookie });
    expect(csv.status).toBe(200);
    expect(csv.body?.trim().split("\n")).toHaveLength(10_001);
    measured["GET /admin/leads.csv (10000 leads)"] = setup.counter.statements;
    // Seeding 100,000 rows costs a test too much; the reads grow with the pages, so ten times the
    // statements of 10,000 bound those of 100,000 (the size the export streams page by page for).
    expect(setup.counter.statements * 10, "the CSV of 100,000 leads").toBeLessThanOrEqual(ADMIN_BUDGET);
  });

  it("the launch page with 10,000 parents", async () => {
    await bigLine(10_000);
    const page = `${ORIGIN}/admin/launch`;
    const { cookie } = await signedIn(d1, page, "admin");
    const setup = counted();
    const loaded = await run(setup, launchLoader, page, { cookie });
    expect((loaded.data as { audience: { count: number } }).audience.count).toBe(10_000);
    record(setup, "GET /admin/launch (10000 parents)", ADMIN_BUDGET);
  });

  it("the launch page and the campaign's send, then each step message, with 1,000 parents", async () => {
    await insertParents(d1.db, "leads", confirmedParents(1000, "p"), referralRules.placesPerCredit);
    const page = `${ORIGIN}/admin/launch`;
    const { cookie } = await signedIn(d1, page, "admin");
    const setup = counted();

    const loaded = await run(setup, launchLoader, page, { cookie });
    expect((loaded.data as { audience: { count: number } }).audience.count).toBe(1000);
    record(setup, "GET /admin/launch (1000 parents)", ADMIN_BUDGET);

    const fields = {
      date: "2026-05-04",
      message: "Early access opens soon.",
      ctaLabel: "See the plans",
      ctaUrl: "https://example.com/plans",
      when: "now",
      key: "form-key-budget-001",
      intent: "send",
      confirm: "yes",
    };
    expect((await run(setup, launchAction, page, { cookie, form: fields })).status).toBe(303);
    record(setup, "POST /admin/launch send (1000 parents)", ADMIN_BUDGET);

    const runs = await drainMail(setup, (body) => typeof body.campaign === "string");
    measured["queue: campaign step (1000 parents)"] = Math.max(...runs);
    expect(Math.max(...runs), `statements per step: ${runs.join(", ")}`).toBeLessThanOrEqual(ADMIN_BUDGET);
    expect(await count("SELECT COUNT(*) AS n FROM outbox WHERE template = 'announcement'")).toBe(1000);
  });

  it("a club merge of 500 families into another club", async () => {
    const ids = await insertParents(d1.db, "leads_icehockey", confirmedParents(500, "h"), referralRules.placesPerCredit);
    const [from, into] = [crypto.randomUUID(), crypto.randomUUID()];
    const at = new Date().toISOString();
    await d1.db.batch([
      ...[
        [from, "rink-kings"],
        [into, "rink-kings-oslo"],
      ].map(([id, slug]) =>
        d1.db
          .prepare(
            `INSERT INTO clubs (id, lead_table, variant, slug, name, city, sport, status, created_at)
             VALUES (?, 'leads_icehockey', 'champion-icehockey', ?, 'Rink Kings', 'Oslo', 'icehockey', 'approved', ?)`,
          )
          .bind(id, slug, at),
      ),
      d1.db
        .prepare(
          "INSERT INTO club_members (lead_table, lead_id, club_id, joined_at) SELECT 'leads_icehockey', value, ?, ? FROM json_each(?)",
        )
        .bind(from, at, JSON.stringify(ids)),
    ]);
    const page = `${ORIGIN}/admin/clubs${HOCKEY}`;
    const { cookie } = await signedIn(d1, page, "admin");
    const setup = counted();
    const merged = await run(setup, clubsAction, page, { cookie, form: { intent: "merge", club: from, into, confirmed: "yes" } });
    expect(merged.status).toBe(303);
    record(setup, "POST /admin/clubs merge (500 families)", ADMIN_BUDGET);
    expect(await count("SELECT COUNT(*) AS n FROM club_members WHERE club_id = ?", into)).toBe(500);
  });
});

/**
 * Hands every queued mail-queue message that `take` picks to the Worker's queue handler, one message
 * per run, until none is left, and answers the statements each run made.
 */
async function drainMail(setup: Counted, take: (body: Record<string, unknown>) => boolean): Promise<number[]> {
  const worker = createWorker(async () => new Response(null));
  const runs: number[] = [];
  for (let round = 0; round < 100; round++) {
    const bodies = setup.mail.taken().filter(take);
    if (!bodies.length) return runs;
    for (const body of bodies) {
      setup.counter.reset();
      await worker.queue!(batchOf("mail", [body]), setup.bindings as unknown as Env, executionCtx);
      runs.push(setup.counter.statements);
    }
  }
  throw new Error("The messages never ran out");
}

const executionCtx = { waitUntil() {}, passThroughOnException() {} } as unknown as ExecutionContext;
function batchOf(queue: string, bodies: unknown[]) {
  const messages = bodies.map((body) => ({ id: crypto.randomUUID(), timestamp: new Date(), attempts: 1, body, ack() {}, retry() {} }));
  return { queue, messages, ackAll() {}, retryAll() {} } as unknown as MessageBatch;
}

/** `n` rows in one statement: a recursive count from 1 to n as `i`. */
const series = (n: number) => `WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ${n})`;

async function outboxRows(n: number, status: "pending" | "failed", minutesAgo: number) {
  const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  await d1.db
    .prepare(
      `INSERT INTO outbox (id, dedupe_key, template, variant, recipient, subject, html, text, status, attempts, next_attempt_at,
         created_at, updated_at, enqueued_at)
       ${series(n)} SELECT 'mail-' || i, 'budget:' || i, 'prelaunch', 'genius', 'm' || i || '@example.com', 'Welcome', '<p>Hello</p>', 'Hello',
         ?1, CASE WHEN ?1 = 'failed' THEN 1 ELSE 0 END, ?2, ?2, ?2, CASE WHEN ?1 = 'pending' THEN ?2 END FROM s`,
    )
    .bind(status, at)
    .run();
}

async function webhookRows(n: number, minutesAgo: number) {
  const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  const endpoint = crypto.randomUUID();
  await d1.db.batch([
    d1.db
      .prepare("INSERT INTO webhook_endpoints (id, url, events, secret, enabled, created_at, updated_at) VALUES (?, ?, ?, ?, 1, ?, ?)")
      .bind(endpoint, "http://127.0.0.1:9799/hook", JSON.stringify(["wave.admitted"]), "whsec_dGVzdHNlY3JldHRlc3RzZWNyZXQ=", at, at),
    d1.db
      .prepare(
        `INSERT INTO webhook_deliveries (id, event_id, endpoint_id, event_type, payload, status, attempts, next_attempt_at, created_at, updated_at)
         ${series(n)} SELECT 'hook-' || i, 'wave.admitted:leads:w' || i, ?1, 'wave.admitted',
           json_object('type', 'wave.admitted', 'timestamp', ?2, 'data', json_object('wave_id', 'w' || i)), 'pending', 0, ?2, ?2, ?2 FROM s`,
      )
      .bind(endpoint, at),
  ]);
}

describe("a queue batch or a cron run: at most 500 statements", () => {
  it("a mail batch of 100 (the mail queue's max_batch_size)", async () => {
    await outboxRows(100, "pending", 0);
    const setup = counted();
    const worker = createWorker(async () => new Response(null));
    const bodies = Array.from({ length: 100 }, (_, i) => ({ id: `mail-${i + 1}` }));
    await worker.queue!(batchOf("mail", bodies), setup.bindings as unknown as Env, executionCtx);
    record(setup, "queue: mail batch of 100", ADMIN_BUDGET);
    expect(await count("SELECT COUNT(*) AS n FROM outbox WHERE status = 'sent'")).toBe(100);
  });

  it("a webhook batch of 50 (the webhook queue's max_batch_size)", async () => {
    await webhookRows(50, 0);
    const setup = counted();
    const receiver = countCalls(async () => new Response(null, { status: 204 }));
    const bodies = Array.from({ length: 50 }, (_, i) => ({ delivery: `hook-${i + 1}` }));
    await consumeWebhookBatch(
      { env: { WEBHOOK_LOOPBACK: "on" }, bindings: { DB: setup.counter.db }, fetch: receiver.fetch },
      batchOf("webhooks", bodies) as MessageBatch<{ delivery: string }>,
    );
    record(setup, "queue: webhook batch of 50", ADMIN_BUDGET);
    expect(receiver.fetches).toBe(50);
    expect(await count("SELECT COUNT(*) AS n FROM webhook_deliveries WHERE status = 'delivered'")).toBe(50);
  });

  it("the cron run with 5,000 mails, 1,000 webhook deliveries and 100 facts due", async () => {
    await outboxRows(5000, "failed", 60);
    await webhookRows(1000, 60);
    const at = new Date(Date.now() - 60 * 60_000).toISOString();
    await d1.db
      .prepare(
        `INSERT INTO facts (id, type, payload, created_at) ${series(100)}
         SELECT 'wave.admitted:leads:w' || i, 'wave.admitted', json_object('wave', 'w' || i), ? FROM s`,
      )
      .bind(at)
      .run();
    const setup = counted();
    const worker = createWorker(async () => new Response(null));
    await worker.scheduled!(
      { cron: "*/5 * * * *", scheduledTime: Date.now(), noRetry() {} } as ScheduledController,
      setup.bindings as unknown as Env,
      executionCtx,
    );
    record(setup, "cron: scheduled (5000 mails, 1000 webhooks, 100 facts due)", ADMIN_BUDGET);
    expect(setup.calls.messages).toBeGreaterThanOrEqual(5000);
  });
});
