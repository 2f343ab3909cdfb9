import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentByVariant } from "#content/index";
import { FUNNEL_STEPS, LEAD_MAGNET_FUNNELS, SIGNUP_EVENTS } from "~/analytics/events";
import { createLocalAuth, type CurrentUserStore, type SignedInAccount } from "~/auth/local-auth.server";
import { PBKDF2_ITERATIONS } from "~/auth/password.server";
import { slugOf } from "~/clubs/clubs.server";
import { createD1AnalyticsStore } from "~/data/d1/analytics-store.server";
import { createD1ClubStore } from "~/data/d1/club-store.server";
import { createD1ReferralStore } from "~/data/d1/referral-store.server";
import { createD1WebhookStore } from "~/data/d1/webhook-store.server";
import { PENDING_EMAIL } from "~/data/lead-model";
import { REJECTION_REASONS } from "~/data/referral-model";
import type { OutboxRow } from "~/data/ports/outbox-store";
import { previewOf } from "~/mail/render-row.server";
import { parseEnv } from "~/utils/env.server";
import { contentKeyOf, variantOfKey } from "~/utils/variant";
import { adminPasswordLine, DEFAULT_ADMIN_EMAIL, DEMO_PASSWORD, seedStatements } from "../../scripts/lib/seed-data.mjs";
import { openLocalD1, useLocalD1 } from "./helpers/local-d1";
import { runProcess } from "./helpers/run-process";

const root = fileURLToPath(new URL("../../", import.meta.url));
const NOW = Date.parse("2026-03-01T12:00:00.000Z");
const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The dashboard's default range on NOW: the last 30 days, today included. */
const FROM = isoDay(NOW - 29 * DAY_MS);
const TO = isoDay(NOW);

const VARIANTS = [
  { key: "genius", content: "genius", table: "leads" },
  { key: "champion-icehockey", content: "icehockey", table: "leads_icehockey" },
  { key: "champion-tennis", content: "tennis", table: "leads_tennis" },
] as const;

/**
 * The data is what `npm run seed` writes: its statements (scripts/lib/seed-data.mjs), sent to a
 * fresh local D1 through the platform proxy. One test runs the CLI itself (`npm run seed --
 * --persist-to DIR`: migrations, then the SQL files through `wrangler d1 execute`) and finds the
 * same rows. The statements go in batches of a hundred kilobytes: one batch of the whole megabyte
 * and more has crashed workerd, and one of 300 KB did on a machine running three suites at once.
 */
const seed = (args: string[], env: Record<string, string> = {}) =>
  runProcess("node", ["scripts/seed.mjs", ...args], {
    cwd: root,
    env: { ...process.env, SEED_ADMIN_PASSWORD: "", SEED_ADMIN_EMAIL: "", ...env },
  });

/**
 * The CLI's local runs link their mails to `npm start`'s address (typed as the script's default,
 * null, is inferred).
 */
const LOCAL_MAIL_ORIGIN = "http://127.0.0.1:8787" as unknown as null;
const BATCH_BYTES = 100_000;

async function seedThroughProxy(db: D1Database, options: { now: number; adminPassword?: string }) {
  let batch: string[] = [];
  let size = 0;
  for (const statement of [...seedStatements({ ...options, mailOrigin: LOCAL_MAIL_ORIGIN }), null]) {
    if (statement === null || (size + statement.length > BATCH_BYTES && batch.length)) {
      await db.batch(batch.map((sql) => db.prepare(sql)));
      batch = [];
      size = 0;
    }
    if (statement !== null) {
      batch.push(statement);
      size += statement.length;
    }
  }
}

// A real local D1: the seed is checked against the engine that will run it, as `wrangler d1 execute` would.
const d1 = useLocalD1({ engine: "workerd" });

const count = async (db: D1Database, sql: string, ...params: unknown[]) =>
  Number(
    (
      await db
        .prepare(sql)
        .bind(...params)
        .first<{ n: number }>()
    )?.n ?? 0,
  );

/** Every table's row count and a hash of its rows (in any order): what "nothing changed" means. */
async function snapshot(db: D1Database): Promise<Record<string, string>> {
  const { results } = await db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations' ORDER BY name",
    )
    .all<{ name: string }>();
  const out: Record<string, string> = {};
  for (const { name } of results) {
    const rows = (await db.prepare(`SELECT * FROM "${name}"`).all()).results.map((row) => JSON.stringify(row)).sort();
    out[name] = `${rows.length} ${createHash("sha256").update(rows.join("\n")).digest("hex")}`;
  }
  return out;
}

function memorySession(): CurrentUserStore {
  let current: SignedInAccount | null = null;
  return {
    get: async () => current,
    set: async (account) => {
      current = account;
    },
    clear: async () => {
      current = null;
    },
  };
}

const signIn = (db: D1Database, email: string, password: string) =>
  createLocalAuth({ db, secret: "seed-test-secret", currentUser: memorySession(), sendConfirmation: async () => {} }).signIn({
    email,
    password,
  });

const ADMIN_PASSWORD = "qa-password-from-the-environment";
/** The database as the first run of the seed leaves it. */
let seeded: Record<string, string>;

beforeAll(async () => {
  await seedThroughProxy(d1.db, { now: NOW });
  seeded = await snapshot(d1.db);
}, 120_000);

describe.each(VARIANTS)("the seeded console of $key", (v) => {
  it("lists confirmed and unconfirmed parents of the funnel, the guide and the tips, each confirmed one with a place", async () => {
    const db = d1.db;
    const real = `FROM ${v.table} WHERE email <> '${PENDING_EMAIL}'`;
    const confirmed = await count(db, `SELECT COUNT(*) AS n ${real} AND confirm_seq IS NOT NULL AND email_verified = 1`);
    expect(confirmed).toBeGreaterThanOrEqual(20);
    expect(await count(db, `SELECT COUNT(*) AS n ${real} AND confirm_seq IS NULL AND email_verified = 0`)).toBeGreaterThanOrEqual(5);
    for (const source of ["main_funnel", "guide_download", "tips_download"]) {
      expect(await count(db, `SELECT COUNT(*) AS n ${real} AND lead_source = ?`, source), source).toBeGreaterThan(0);
    }
    expect(await count(db, `SELECT COUNT(*) AS n ${real} AND utm_campaign IS NOT NULL`)).toBeGreaterThan(0);
    // Fictional addresses only (the disposable-domain rejection needs a throwaway domain).
    expect(
      await count(
        db,
        `SELECT COUNT(*) AS n ${real} AND email NOT LIKE '%@example.com' AND email NOT LIKE '%@example.org' AND email NOT LIKE '%@mailinator.com'`,
      ),
    ).toBe(0);
    // Spread over the last 30 days, none in the future.
    expect(await count(db, `SELECT COUNT(DISTINCT substr(created_at, 1, 10)) AS n ${real}`)).toBeGreaterThanOrEqual(20);
    expect(
      await count(db, `SELECT COUNT(*) AS n FROM ${v.table} WHERE created_at > ? OR created_at < ?`, new Date(NOW).toISOString(), FROM),
    ).toBe(0);

    // Places as the app keeps them: confirm_seq 1..N in the order of confirmation, score = seq − 5 × credits,
    // credits = the ledger's credited rows.
    const line = await createD1ReferralStore(db).line(v.table);
    expect(line).toHaveLength(confirmed);
    const { results } = await db
      .prepare(`SELECT confirm_seq FROM ${v.table} WHERE confirm_seq IS NOT NULL ORDER BY confirmed_at, confirm_seq`)
      .all<{ confirm_seq: number }>();
    expect(results.map((row) => row.confirm_seq)).toEqual(Array.from({ length: confirmed }, (_, i) => i + 1));
    expect(
      await count(
        db,
        `SELECT COUNT(*) AS n FROM ${v.table} l WHERE referral_count <> (SELECT COUNT(*) FROM referrals r
           WHERE r.lead_table = ?1 AND r.referrer_id = l.id AND r.status = 'credited')
           OR (confirm_seq IS NOT NULL AND place_score <> confirm_seq - 5 * referral_count)`,
        v.table,
      ),
    ).toBe(0);
  });

  it("holds answers the variant's own forms offer", async () => {
    const content = contentByVariant[v.content];
    const options = content.options ?? contentByVariant.genius.options;
    const plans = (content.plans ?? contentByVariant.genius.plans).plans.map((plan) => plan.id);
    const { results } = await d1.db
      .prepare(`SELECT age_bands, time_available, focus_areas, goals, biggest_concern, plan_chosen FROM ${v.table}`)
      .all<Record<string, string | null>>();
    const values = (list: { value: string }[]) => list.map((option) => option.value);
    for (const row of results) {
      for (const age of JSON.parse(row.age_bands ?? "[]")) expect(values(options.ageBands)).toContain(age);
      for (const focus of JSON.parse(row.focus_areas ?? "[]")) expect(values(options.focus)).toContain(focus);
      for (const goal of JSON.parse(row.goals ?? "[]"))
        expect([...values(options.goals), ...values(options.leadFormGoals ?? [])]).toContain(goal);
      if (row.time_available) expect(values(options.time)).toContain(row.time_available);
      if (row.biggest_concern) expect(values(options.concerns)).toContain(row.biggest_concern);
      if (row.plan_chosen) expect(plans).toContain(row.plan_chosen);
    }
  });

  it("has credited referrals and rejected ones for the reasons the engine gives", async () => {
    const statuses = await d1.db
      .prepare("SELECT status, reason, COUNT(*) AS n FROM referrals WHERE lead_table = ? AND variant = ? GROUP BY status, reason")
      .bind(v.table, v.key)
      .all<{ status: string; reason: string | null; n: number }>();
    const of = (status: string) => statuses.results.filter((row) => row.status === status);
    expect(of("credited").length).toBeGreaterThan(0);
    const reasons = of("rejected").map((row) => row.reason);
    expect(reasons).toEqual(expect.arrayContaining(["self-referral", "disposable-domain", "duplicate-email", "unknown-code"]));
    for (const reason of reasons) expect(REJECTION_REASONS).toContain(reason);
    // A self-referral is the referrer's own inbox; a duplicate is an address already on the list.
    expect(
      await count(
        d1.db,
        `SELECT COUNT(*) AS n FROM referrals r JOIN ${v.table} a ON a.id = r.referrer_id JOIN ${v.table} b ON b.id = r.referred_id
          WHERE r.lead_table = ? AND r.reason = 'self-referral' AND a.normalized_email = b.normalized_email`,
        v.table,
      ),
    ).toBeGreaterThan(0);
  });

  it("fills the analytics dashboard: every funnel step, signups on 20+ of the last 30 days, referrers and first credits", async () => {
    const store = createD1AnalyticsStore(d1.db);
    // Events are recorded, and the dashboard reads them, under the variant's content key.
    const analyticsKey = contentKeyOf(variantOfKey(v.key));
    const daily = await store.dailyCounts({ variants: [analyticsKey], from: FROM, to: TO, utmSource: null, utmCampaign: null });
    const total = (name: string) => daily.filter((row) => row.name === name).reduce((sum, row) => sum + row.count, 0);
    for (const step of [...FUNNEL_STEPS, ...Object.values(LEAD_MAGNET_FUNNELS).flat()]) expect(total(step), step).toBeGreaterThan(0);
    expect(new Set(daily.map((row) => row.day)).size).toBeGreaterThanOrEqual(20);
    const signupNames: readonly string[] = SIGNUP_EVENTS;
    expect(new Set(daily.filter((row) => signupNames.includes(row.name)).map((row) => row.day)).size).toBeGreaterThanOrEqual(20);
    // Fewer at each step, in the main funnel and in the guide's and tips' own: funnels that lose people.
    for (const steps of [FUNNEL_STEPS, ...Object.values(LEAD_MAGNET_FUNNELS)]) {
      const counts = steps.map(total);
      expect(counts, steps.join(" > ")).toEqual([...counts].sort((a, b) => b - a));
    }
    // The rollup is the trigger's, so it agrees with the raw events.
    expect(daily.reduce((sum, row) => sum + row.count, 0)).toBe(
      await count(d1.db, "SELECT COUNT(*) AS n FROM analytics_events WHERE variant = ?", analyticsKey),
    );
    const campaigns = await store.dailyCounts({
      variants: [analyticsKey],
      from: FROM,
      to: TO,
      utmSource: null,
      utmCampaign: "no-such-campaign",
    });
    expect(campaigns).toEqual([]);

    const [figures] = await store.referralFigures([v.table], `${FROM}T00:00:00.000Z`, new Date(NOW + DAY_MS).toISOString(), 10);
    expect(figures.referrers.length).toBeGreaterThan(0);
    expect(figures.referrers[0].credited).toBeGreaterThan(0);
    expect(figures.hoursToFirstCredit.length).toBeGreaterThan(0);
  });

  it("has mails in the outbox that render in the variant's templates", async () => {
    const { results } = await d1.db.prepare("SELECT * FROM outbox WHERE variant = ?").bind(v.key).all<OutboxRow>();
    expect(results.filter((row) => row.status === "sent").length).toBeGreaterThanOrEqual(3);
    // As on a local run: no SESSION_SECRET (/dev/outbox renders these rows with the development secret).
    const env = parseEnv({});
    for (const row of results) {
      const shown = await previewOf(env, row);
      expect(shown.subject, row.dedupe_key).not.toBe("");
      expect(shown.html).toContain("<html");
    }
  });
});

describe("the seeded clubs", () => {
  it("give each sport edition a club at its milestone, one on its way and one to approve, with confirmed families only", async () => {
    const store = createD1ClubStore(d1.db);
    for (const table of ["leads_icehockey", "leads_tennis"] as const) {
      const clubs = await store.summaries(table);
      const approved = clubs.filter((club) => club.status === "approved");
      expect(approved).toHaveLength(2);
      expect(clubs.filter((club) => club.status === "pending")).toHaveLength(1);
      const reached = approved.find((club) => club.milestone_reached_at !== null);
      expect(reached!.families).toBeGreaterThanOrEqual(reached!.milestone!);
      const onItsWay = approved.find((club) => club.milestone_reached_at === null);
      expect(onItsWay!.families).toBeGreaterThan(0);
      expect(onItsWay!.families).toBeLessThan(onItsWay!.milestone!);
      for (const club of clubs) {
        expect(club.slug).toBe(slugOf(club.name));
        expect(club.unconfirmed).toBe(0);
        expect(await store.contacts(club.id)).toEqual([expect.objectContaining({ confirmed_at: expect.any(String) })]);
      }
    }
    expect(await count(d1.db, "SELECT COUNT(*) AS n FROM clubs WHERE lead_table NOT IN ('leads_icehockey', 'leads_tennis')")).toBe(0);
  });
});

describe("the seed", () => {
  it("has a webhook endpoint with a delivery log, disabled so a preview sends nobody's events out", async () => {
    const store = createD1WebhookStore(d1.db);
    const [endpoint, ...others] = await store.listEndpoints();
    expect(others).toEqual([]);
    expect(endpoint).toMatchObject({ url: expect.stringMatching(/^https:\/\//), enabled: false });
    expect(endpoint.secret).toMatch(/^whsec_/);
    const deliveries = await store.listDeliveries(10, { endpointId: endpoint.id });
    expect(new Set(deliveries.map((delivery) => delivery.status))).toEqual(new Set(["delivered", "dead"]));
    for (const delivery of deliveries) expect(endpoint.events).toContain(delivery.event_type);
  });

  it("has mails that failed with their error: one being retried, one given up", async () => {
    const { results } = await d1.db
      .prepare("SELECT status, last_error FROM outbox WHERE status IN ('failed', 'dead') ORDER BY status")
      .all<{ status: string; last_error: string | null }>();
    expect(results.map((row) => row.status)).toEqual(["dead", "failed"]);
    for (const row of results) expect(row.last_error).toMatch(/\S/);
  });

  it("creates a confirmed admin who signs in with the seeded password through the app's local auth", async () => {
    const result = await signIn(d1.db, DEFAULT_ADMIN_EMAIL, DEMO_PASSWORD);
    expect(result.ok && result.user).toMatchObject({ email: DEFAULT_ADMIN_EMAIL, role: "admin", emailConfirmed: true });
    expect((await signIn(d1.db, DEFAULT_ADMIN_EMAIL, `${DEMO_PASSWORD}x`)).ok).toBe(false);
    const row = await d1.db
      .prepare("SELECT password_iterations FROM accounts WHERE email = ?")
      .bind(DEFAULT_ADMIN_EMAIL)
      .first<{ password_iterations: number }>();
    expect(row?.password_iterations).toBe(PBKDF2_ITERATIONS);
  });

  it("changes nothing when it runs again, days later", async () => {
    const before = await snapshot(d1.db);
    const later = Date.parse(new Date(NOW + 3 * DAY_MS).toISOString());
    // The later run's SQL carries other dates: only the keys keep it from writing.
    expect(seedStatements({ now: later }).join("\n")).not.toBe(seedStatements({ now: NOW }).join("\n"));
    await seedThroughProxy(d1.db, { now: later });
    expect(await snapshot(d1.db)).toEqual(before);
  });

  it("gives the admin SEED_ADMIN_PASSWORD, signing the old sessions out, and touches nothing else", async () => {
    const before = await snapshot(d1.db);
    const version = async () =>
      (await d1.db.prepare("SELECT session_version AS v FROM accounts WHERE email = ?").bind(DEFAULT_ADMIN_EMAIL).first<{ v: number }>())
        ?.v;
    const was = await version();
    await seedThroughProxy(d1.db, { now: NOW, adminPassword: ADMIN_PASSWORD });
    expect((await signIn(d1.db, DEFAULT_ADMIN_EMAIL, ADMIN_PASSWORD)).ok).toBe(true);
    expect((await signIn(d1.db, DEFAULT_ADMIN_EMAIL, DEMO_PASSWORD)).ok).toBe(false);
    expect(await version()).toBe((was ?? 0) + 1);
    const after = await snapshot(d1.db);
    expect({ ...after, accounts: "" }).toEqual({ ...before, accounts: "" });
    expect(after.accounts).not.toBe(before.accounts);
  });
});

describe("npm run seed", () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /** Runs the CLI on a fresh local state, then opens that state and hands it to `read`. */
  async function seedFresh<T>(env: Record<string, string>, read: (db: D1Database) => Promise<T>) {
    const dir = mkdtempSync(join(tmpdir(), "seed-"));
    dirs.push(dir);
    const run = await seed(["--persist-to", dir, "--now", new Date(NOW).toISOString()], env);
    if (run.status !== 0) return { run, read: undefined };
    const local = await openLocalD1(dir);
    try {
      return { run, read: await read(local.db) };
    } finally {
      await local.dispose();
    }
  }

  // One run through wrangler (its start is most of the time): with SEED_ADMIN_PASSWORD, the case a
  // preview's seed takes. What differs without it is the admin's password row, checked through the
  // API above, and the closing line, checked below.
  it("writes the rows above through wrangler d1 execute; with SEED_ADMIN_PASSWORD it gives the admin that password without printing it", async () => {
    const given = await seedFresh({ SEED_ADMIN_PASSWORD: ADMIN_PASSWORD }, async (db) => ({
      rows: await snapshot(db),
      given: (await signIn(db, DEFAULT_ADMIN_EMAIL, ADMIN_PASSWORD)).ok,
      demo: (await signIn(db, DEFAULT_ADMIN_EMAIL, DEMO_PASSWORD)).ok,
    }));
    expect(given.run.status, given.run.stderr).toBe(0);
    // The admin's account holds the given password's hash; every other row is the same.
    const { accounts: _accounts, ...others } = seeded;
    const { accounts, ...rows } = given.read!.rows;
    expect(rows).toEqual(others);
    expect(accounts?.split(" ")[0]).toBe(seeded.accounts?.split(" ")[0]);
    expect(given.read).toMatchObject({ given: true, demo: false });
    expect(given.run.stdout).toContain(adminPasswordLine(ADMIN_PASSWORD));
    expect(given.run.stdout + given.run.stderr).not.toContain(ADMIN_PASSWORD);
    expect(given.run.stdout).not.toContain(DEMO_PASSWORD);
  }, 300_000);

  it("prints the demo password, marked as such, only when no SEED_ADMIN_PASSWORD is given", () => {
    expect(adminPasswordLine(undefined)).toBe(`Password: ${DEMO_PASSWORD}   <-- DEMO PASSWORD, local use only`);
    expect(adminPasswordLine(ADMIN_PASSWORD)).not.toContain(ADMIN_PASSWORD);
    expect(adminPasswordLine(ADMIN_PASSWORD)).not.toContain(DEMO_PASSWORD);
  });
});

describe("npm run seed refuses", () => {
  it.each([
    [["--env", "production"], {}, /never writes to production/],
    [["--remote", "--env", "production"], { SEED_ADMIN_PASSWORD: "a-long-enough-password" }, /never writes to production/],
    [["--remote"], { SEED_ADMIN_PASSWORD: "a-long-enough-password" }, /needs --env preview/],
    [["--remote", "--env", "preview"], {}, /needs SEED_ADMIN_PASSWORD/],
    [["--remote", "--env", "preview"], { SEED_ADMIN_PASSWORD: "short" }, /at least 12 characters/],
  ])("%j before touching any database", async (args, env, message) => {
    const run = await seed(args, env);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stdout).not.toMatch(/Seeding|Applying/);
  });
});
