import type { AppLoadContext } from "@remix-run/cloudflare";
import { beforeEach, describe, expect, it } from "vitest";
import { track, visitIdOf } from "~/analytics/analytics.server";
import type { AnalyticsEvent } from "~/data/ports/analytics-store";
import { getBackend } from "~/data/backend.server";
import { loadDashboard, median, parseFilters } from "~/analytics/dashboard.server";
import { adminScope } from "~/utils/admin-scope";
import { recordReferral } from "~/leads/referral-record.server";
import { referralsOf } from "~/referrals/referrals.server";
import { loader as rootLoader } from "~/root";
import { loader as guideLoader } from "~/routes/guide";
import { loader as landedLoader } from "~/routes/landed";
import { action as guideFormAction } from "~/routes/guide-form";
import { STAMP_NAME, issueStamp } from "~/platform/bot-guard.server";
import { signingSecret } from "~/platform/crypto.server";
import { loader as tipsLoader } from "~/routes/tips";
import { getRequestContext } from "~/utils/context.server";
import { getSession } from "~/utils/session.server";
import { analyticsEvent } from "./helpers/analytics-event";
import { LEAD_TABLES } from "~/data/lead-model";
import { ANALYTICS_TABLES, emptyTables, useLocalD1 } from "./helpers/local-d1";

/** Funnel analytics on a real local D1: what is counted, once, and what the dashboard adds up. */
const d1 = useLocalD1();
beforeEach(async () => {
  await emptyTables(d1.db, [...ANALYTICS_TABLES, ...LEAD_TABLES, "referrals", "outbox"]);
});

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

/** A request context as the Worker builds it, with the work left after the response collected. */
function request(url: string, init: RequestInit & { singleFetch?: boolean } = {}) {
  const background: Promise<unknown>[] = [];
  const load = {
    cloudflare: {
      env: d1.bindings,
      ctx: { waitUntil: (promise: Promise<unknown>) => void background.push(promise), passThroughOnException() {} },
      cf: {},
      caches: {},
    },
    singleFetch: init.singleFetch ?? false,
  } as unknown as AppLoadContext;
  const req = new Request(url, { ...init, headers: { "user-agent": BROWSER, ...(init.headers as Record<string, string>) } });
  const ctx = getRequestContext(req, load);
  return {
    ctx,
    req,
    load,
    /** How much work was handed to waitUntil. */
    handedOver: () => background.length,
    async settle() {
      while (background.length) await Promise.allSettled(background.splice(0));
    },
  };
}

const ORIGIN = "http://127.0.0.1:8810";
const store = () => getBackend(request(ORIGIN).ctx).analytics;
const today = new Date().toISOString().slice(0, 10);

const event = (overrides: Partial<AnalyticsEvent> = {}) => analyticsEvent(today, overrides);

const rawRows = async () => (await d1.db.prepare("SELECT * FROM analytics_events ORDER BY id").all<Record<string, unknown>>()).results;

describe("the analytics store", () => {
  // The counts and their filters are the store contract's (store-contracts-d1.test.ts); the rollup tables are D1's own.
  it("keeps the daily rollups equal to the raw events", async () => {
    const s = store();
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await Promise.all([
      s.record(event({ utmCampaign: "spring", utmSource: "fb" })),
      s.record(event({ utmCampaign: "spring", utmSource: "google" })),
      s.record(event({ utmCampaign: "autumn", utmSource: "fb" })),
      s.record(event({ utmCampaign: "spring", utmSource: "fb", day: yesterday })),
      s.record(event({ utmCampaign: "spring", utmSource: "fb", variant: "icehockey" })),
    ]);
    for (const rollup of ["analytics_daily", "analytics_daily_totals"]) {
      const sumOf = await d1.db.prepare(`SELECT SUM(count) AS n FROM ${rollup}`).first<{ n: number }>();
      expect(sumOf?.n, rollup).toBe((await rawRows()).length);
    }
  });
});

describe("recording from a page", () => {
  it("records after the response with the session's attribution, the variant and the JS flag, and no e-mail or IP", async () => {
    const { ctx, req, settle, handedOver } = request(`${ORIGIN}/form?domain=champion&sport=tennis`, {
      method: "POST",
      headers: { "cf-connecting-ip": "203.0.113.9" },
    });
    const session = await getSession(req, ctx);
    session.set("attribution", { utm_source: "fb", utm_medium: "cpc", utm_campaign: "launch", r: "ABC123" });
    track(ctx, "form_step1_done", { session, saves: true });
    expect(handedOver()).toBe(1);
    await settle();
    const [row] = await rawRows();
    expect(row).toMatchObject({
      name: "form_step1_done",
      variant: "tennis",
      day: today,
      session_id: visitIdOf(session),
      utm_source: "fb",
      utm_medium: "cpc",
      utm_campaign: "launch",
      has_referrer: 1,
      js: "off",
    });
    expect(JSON.stringify(row)).not.toMatch(/203\.0\.113\.9|ABC123/);
  });

  it("counts no view in a page's loader: the landing pages may come from the edge cache", async () => {
    for (const path of ["/?domain=champion&sport=tennis", "/tennis?domain=champion&sport=tennis", "/faq", "/?utm_campaign=spring"]) {
      const visit = request(`${ORIGIN}${path}`);
      await rootLoader({ request: visit.req, context: visit.load, params: {} });
      await visit.settle();
    }
    for (const [path, loader] of [
      ["/guide?utm_campaign=spring", guideLoader],
      ["/tips?domain=champion&sport=tennis", tipsLoader],
    ] as const) {
      const visit = request(`${ORIGIN}${path}`);
      await loader({ request: visit.req, context: visit.load, params: {} });
      await visit.settle();
    }
    expect(await rawRows()).toEqual([]);
  });

  it("counts each landing page's view from its landed image, under the campaign of the page's address", async () => {
    // The addresses the edge gives the image: the page's variant and kind, and the visitor's utm_*.
    for (const path of [
      "/landed?domain=champion&sport=tennis&page=home",
      "/landed?domain=champion&sport=icehockey&page=home",
      "/landed?page=guide",
      "/landed?domain=champion&sport=tennis&page=tips",
      "/landed?page=guide&utm_source=fb&utm_campaign=spring",
    ]) {
      const visit = request(`${ORIGIN}${path}`);
      const response = await landedLoader({ request: visit.req, context: visit.load, params: {} });
      expect(response.headers.get("Content-Type")).toBe("image/gif");
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      await visit.settle();
    }
    expect((await rawRows()).map((row) => [row.name, row.variant, row.utm_campaign])).toEqual([
      ["landing_view", "tennis", ""],
      ["landing_view", "icehockey", ""],
      ["guide_landing_view", "genius", ""],
      ["tips_landing_view", "tennis", ""],
      ["guide_landing_view", "genius", "spring"],
    ]);
  });

  it("keeps a landing's ?r= and utm_* in the landed image's cookie, with the visit id its view was counted under", async () => {
    const visit = request(`${ORIGIN}/landed?page=home&r=ABC123&utm_source=fb&utm_campaign=spring`);
    const response = await landedLoader({ request: visit.req, context: visit.load, params: {} });
    await visit.settle();
    const cookie = response.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(/^__session=/);
    const session = await getSession(new Request(ORIGIN, { headers: { Cookie: cookie.split(";")[0] } }), visit.ctx);
    expect(session.get("attribution")).toEqual({ r: "ABC123", utm_source: "fb", utm_campaign: "spring" });
    const [row] = await rawRows();
    expect(row).toMatchObject({ name: "landing_view", session_id: visitIdOf(session), utm_campaign: "spring", has_referrer: 1 });
    // Without ?r= or utm_* the image adds no cookie; an unknown page is a 400 that counts nothing.
    const plain = request(`${ORIGIN}/landed?page=tips`);
    expect((await landedLoader({ request: plain.req, context: plain.load, params: {} })).headers.has("Set-Cookie")).toBe(false);
    const unknown = request(`${ORIGIN}/landed?page=admin`);
    expect((await landedLoader({ request: unknown.req, context: unknown.load, params: {} })).status).toBe(400);
    await Promise.all([plain.settle(), unknown.settle()]);
    expect(await rawRows()).toHaveLength(2);
  });

  it("flags a single-fetch request as JS on and a document GET as unknown", async () => {
    const on = request(`${ORIGIN}/roadmap`, { singleFetch: true });
    track(on.ctx, "roadmap_view", { session: null });
    const unknown = request(`${ORIGIN}/roadmap`);
    track(unknown.ctx, "plans_view", { session: null });
    await Promise.all([on.settle(), unknown.settle()]);
    const rows = await rawRows();
    expect(rows.map((row) => [row.name, row.js])).toEqual([
      ["roadmap_view", "on"],
      ["plans_view", "unknown"],
    ]);
  });

  it("gives a session an id only when the response saves the session anyway", async () => {
    const { ctx, req, settle } = request(`${ORIGIN}/`);
    const session = await getSession(req, ctx);
    track(ctx, "landing_view", { session });
    expect(visitIdOf(session)).toBeNull();
    expect(session.has("visitId")).toBe(false);
    track(ctx, "form_step1_view", { session, saves: true });
    const id = visitIdOf(session);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    track(ctx, "form_step1_view", { session, saves: true });
    expect(visitIdOf(session)).toBe(id);
    await settle();
    expect((await rawRows()).map((row) => [row.name, row.session_id])).toEqual([
      ["landing_view", null],
      ["form_step1_view", id],
    ]);
  });

  it("does not count known bots, headless browsers or link previews in the funnel, and the dashboard says how many views it left out", async () => {
    const agents = [
      "Googlebot/2.1 (+http://www.google.com/bot.html)",
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0 Safari/537.36",
      "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
    ];
    for (const agent of agents) {
      const { ctx, settle } = request(`${ORIGIN}/`, { headers: { "user-agent": agent } });
      track(ctx, "landing_view", { session: null });
      track(ctx, "form_step1_done", { session: null });
      await settle();
    }
    const { ctx } = request(`${ORIGIN}/admin/analytics`);
    const dashboard = await loadDashboard(ctx, adminScope(ctx.url, ctx.variant), parseFilters(ctx.url).filters);
    expect(dashboard.funnel.every((row) => row.count === 0)).toBe(true);
    // Page views only: a bot's form step is not a visit of its own.
    expect(dashboard.leftOut).toBe(3);
  });

  it("never fails the page when the write fails: the error is logged", async () => {
    const { ctx, settle } = request(`${ORIGIN}/`);
    await d1.db.prepare("ALTER TABLE analytics_events RENAME TO analytics_events_away").run();
    try {
      expect(() => track(ctx, "landing_view", { session: null })).not.toThrow();
      await settle();
    } finally {
      await d1.db.prepare("ALTER TABLE analytics_events_away RENAME TO analytics_events").run();
    }
  });

  it("counts a confirmation and its credit once, with the lead's own campaign", async () => {
    const { ctx, settle } = request(`${ORIGIN}/verify-email`, { method: "POST" });
    const leads = getBackend(ctx).leads;
    const referrer = await leads.create("leads", { email: "ref@example.com", step_completed: 3, ref_code: "REFAAA1" });
    const friend = await leads.create("leads", {
      email: "friend@example.com",
      step_completed: 3,
      referred_by: "REFAAA1",
      utm_campaign: "friends",
      utm_source: "mail",
    });
    const referrals = referralsOf(ctx);
    await recordReferral(ctx, friend);
    await referrals.confirm(friend.id);
    await referrals.confirm(friend.id);
    await settle();
    const rows = await rawRows();
    expect(rows.map((row) => [row.name, row.utm_campaign, row.has_referrer])).toEqual([
      ["email_confirmed", "friends", 1],
      ["referral_credited", "friends", 1],
    ]);
    expect(referrer.id).toBeTruthy();
  });

  it("counts a guide form sent too fast (the parent asked to press again), and the dashboard shows it per form", async () => {
    const url = `${ORIGIN}/guide-form`;
    const body = new URLSearchParams({ email: "quick@example.com", ageBand: "3-4y", goals: "bilingual" });
    body.set(STAMP_NAME, await issueStamp(signingSecret(d1.bindings.SESSION_SECRET as string | undefined, true)));
    const visit = request(url, { method: "POST", body });
    await guideFormAction({ request: visit.req, context: visit.load, params: {} });
    await visit.settle();
    expect((await rawRows()).map((row) => [row.name, row.js])).toEqual([["guide_too_fast", "off"]]);
    await store().record(event({ name: "form_step1_too_fast" }));
    await store().record(event({ name: "form_step1_too_fast" }));

    const { ctx } = request(`${ORIGIN}/admin/analytics`);
    const dashboard = await loadDashboard(ctx, adminScope(ctx.url, ctx.variant), parseFilters(ctx.url).filters);
    expect(dashboard.tooFast).toEqual([
      { form: "form_step1", count: 2 },
      { form: "guide", count: 1 },
      { form: "tips", count: 0 },
      { form: "signup", count: 0 },
    ]);
  });
});

describe("the dashboard", () => {
  it("reads the filters, with the last 30 days by default and a 4xx reason for bad input", () => {
    const now = new Date("2025-09-30T12:00:00Z");
    const url = (query: string) => new URL(`${ORIGIN}/admin/analytics${query}`);
    expect(parseFilters(url(""), now)).toEqual({
      filters: { from: "2025-09-01", to: "2025-09-30", source: "", campaign: "" },
      error: null,
    });
    expect(parseFilters(url("?from=2025-08-01&to=2025-08-31&campaign=+spring+"), now).filters).toMatchObject({
      from: "2025-08-01",
      campaign: "spring",
    });
    expect(parseFilters(url("?from=2025-02-30"), now).error).toBe("date");
    expect(parseFilters(url("?from=yesterday"), now).error).toBe("date");
    expect(parseFilters(url("?from=2025-09-10&to=2025-09-01"), now).error).toBe("order");
    expect(parseFilters(url("?from=2020-01-01&to=2025-09-01"), now).error).toBe("range");
    expect(parseFilters(url(`?campaign=${"x".repeat(101)}`), now).error).toBe("text");
  });

  it("adds up the funnel with conversions, the signups per day, the top referrers and the time to a first credit", async () => {
    const s = store();
    const steps: Array<[AnalyticsEvent["name"], number]> = [
      ["landing_view", 10],
      ["form_step1_done", 8],
      ["form_step2_done", 6],
      ["form_step3_done", 4],
      ["roadmap_view", 4],
      ["plan_chosen", 3],
      ["email_confirmed", 2],
      ["referral_credited", 1],
      ["guide_submitted", 2],
    ];
    for (const [name, n] of steps) {
      for (let i = 0; i < n; i++) await s.record(event({ name, sessionId: `s${i}`, utmCampaign: "c1" }));
    }
    await s.record(event({ name: "landing_view", sessionId: "other", utmCampaign: "c2" }));
    await s.record(event({ name: "landing_view", sessionId: "hockey", variant: "icehockey", utmCampaign: "c1" }));

    const { ctx } = request(`${ORIGIN}/admin/analytics`);
    const leads = getBackend(ctx).leads;
    const joined = new Date(Date.now() - 3 * 86_400_000).toISOString();
    const top = await leads.create("leads", { email: "top@example.com", step_completed: 3, ref_code: "TOP0001", created_at: joined });
    const second = await leads.create("leads", { email: "second@example.com", step_completed: 3, ref_code: "SEC0001", created_at: joined });
    const now = new Date().toISOString();
    const ledger = [
      [top.id, "credited"],
      [top.id, "credited"],
      [top.id, "pending"],
      [second.id, "credited"],
      [second.id, "rejected"],
    ] as const;
    for (const [referrer, status] of ledger) {
      await d1.db
        .prepare(
          `INSERT INTO referrals (id, lead_table, referred_id, referrer_id, ref_code, variant, status, created_at, updated_at, credited_at)
           VALUES (?, 'leads', ?, ?, 'X', 'genius', ?, ?, ?, ?)`,
        )
        .bind(crypto.randomUUID(), crypto.randomUUID(), referrer, status, now, now, status === "credited" ? now : null)
        .run();
    }
    await d1.db.prepare(`UPDATE leads SET risk_flags = '["fast-referrals"]' WHERE id = ?`).bind(top.id).run();

    const { filters } = parseFilters(new URL(`${ORIGIN}/admin/analytics?campaign=c1`));
    const dashboard = await loadDashboard(ctx, adminScope(ctx.url, ctx.variant), filters);
    expect(dashboard.funnel.map((row) => row.count)).toEqual([10, 8, 6, 4, 4, 3, 2, 1]);
    expect(dashboard.funnel[0].conversion).toBeNull();
    expect(dashboard.funnel[1].conversion).toBeCloseTo(0.8);
    expect(dashboard.funnel[5].conversion).toBeCloseTo(0.75);
    expect(dashboard.signups.at(-1)).toEqual({ day: today, count: 6 });
    expect(dashboard.signups).toHaveLength(30);
    expect(dashboard.referrers.map((row) => [row.email, row.credited, row.pending, row.rejected, row.riskFlags])).toEqual([
      ["top@example.com", 2, 1, 0, ["fast-referrals"]],
      ["second@example.com", 1, 0, 1, []],
    ]);
    expect(dashboard.timeToCredit.referrers).toBe(2);
    expect(dashboard.timeToCredit.medianHours).toBeCloseTo(72, 0);
    expect(dashboard.timeToCredit.buckets.find((bucket) => bucket.key === "under7")?.count).toBe(2);

    const all = await loadDashboard(ctx, adminScope(new URL(`${ORIGIN}/admin/analytics?variants=all`), ctx.variant), filters);
    expect(all.funnel[0].count).toBe(11);
    const other = await loadDashboard(ctx, adminScope(ctx.url, ctx.variant), { ...filters, campaign: "none-such" });
    expect(other.funnel.map((row) => row.count)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(other.funnel.every((row) => row.conversion === null)).toBe(true);
  });

  it("keeps the main funnel to its own parents: guide and tips confirmations have their own funnels, and no step passes 100%", async () => {
    const s = store();
    const recordSteps = async (variant: string, steps: Array<[string, number]>) => {
      for (const [name, n] of steps) {
        for (let i = 0; i < n; i++) await s.record(event({ name, variant, sessionId: `${variant}-${i}` }));
      }
    };
    /** Parents of one source confirm their address through the button, as the verify page does. */
    const confirmParents = async (
      query: string,
      source: "main_funnel" | "guide_download" | "tips_download",
      n: number,
      referredBy?: string,
    ) => {
      const { ctx, settle } = request(`${ORIGIN}/verify-email${query}`, { method: "POST" });
      const referrals = referralsOf(ctx);
      for (let i = 0; i < n; i++) {
        const lead = await getBackend(ctx).leads.create(ctx.leadTable, {
          email: `${source}-${i}-${crypto.randomUUID()}@example.com`,
          step_completed: source === "main_funnel" ? 3 : 1,
          lead_source: source,
          referred_by: referredBy ?? null,
        });
        await recordReferral(ctx, lead);
        await referrals.confirm(lead.id);
      }
      await settle();
    };
    const mainSteps = (landing: number, s1: number, s2: number, s3: number, plan: number): Array<[string, number]> => [
      ["landing_view", landing],
      ["form_step1_done", s1],
      ["form_step2_done", s2],
      ["form_step3_done", s3],
      ["roadmap_view", s3],
      ["plan_chosen", plan],
    ];
    const TENNIS = "?domain=champion&sport=tennis";
    // Genius: 3 parents choose a plan and 2 confirm; 3 guide and 2 tips parents confirm, one guide
    // parent through a main-funnel parent's link.
    await recordSteps("genius", [...mainSteps(10, 8, 6, 4, 3), ["guide_landing_view", 6], ["guide_submitted", 4]]);
    await recordSteps("genius", [
      ["tips_landing_view", 3],
      ["tips_submitted", 2],
    ]);
    const { ctx } = request(`${ORIGIN}/admin/analytics`);
    await getBackend(ctx).leads.create("leads", { email: "sharer@example.com", step_completed: 3, ref_code: "SHARE001" });
    await confirmParents("", "main_funnel", 2);
    await confirmParents("", "guide_download", 2);
    await confirmParents("", "guide_download", 1, "SHARE001");
    await confirmParents("", "tips_download", 2);
    // Tennis: 1 of 1 plan choosers confirms; 3 tips parents confirm.
    await recordSteps("tennis", [...mainSteps(4, 3, 2, 2, 1), ["tips_landing_view", 5], ["tips_submitted", 3]]);
    await confirmParents(TENNIS, "main_funnel", 1);
    await confirmParents(TENNIS, "tips_download", 3);

    const { filters } = parseFilters(new URL(`${ORIGIN}/admin/analytics`));
    const shown = (dashboard: Awaited<ReturnType<typeof loadDashboard>>) => ({
      main: dashboard.funnel.map((row) => row.count),
      leadMagnets: dashboard.leadMagnets.map((funnel) => [funnel.kind, funnel.steps.map((row) => row.count)]),
    });
    const conversions = (dashboard: Awaited<ReturnType<typeof loadDashboard>>) =>
      [dashboard.funnel, ...dashboard.leadMagnets.map((funnel) => funnel.steps)].flatMap((steps) => steps.map((row) => row.conversion));

    const one = await loadDashboard(ctx, adminScope(ctx.url, ctx.variant), filters);
    expect(shown(one)).toEqual({
      main: [10, 8, 6, 4, 4, 3, 2, 0],
      leadMagnets: [
        ["guide", [6, 4, 3]],
        ["tips", [3, 2, 2]],
      ],
    });
    expect(one.funnel.find((row) => row.step === "email_confirmed")?.conversion).toBeCloseTo(2 / 3);
    for (const share of conversions(one)) expect(share ?? 0).toBeLessThanOrEqual(1);

    const all = await loadDashboard(ctx, adminScope(new URL(`${ORIGIN}/admin/analytics?variants=all`), ctx.variant), filters);
    expect(shown(all)).toEqual({
      main: [14, 11, 8, 6, 6, 4, 3, 0],
      leadMagnets: [
        ["guide", [6, 4, 3]],
        ["tips", [8, 5, 5]],
      ],
    });
    expect(all.funnel.find((row) => row.step === "email_confirmed")?.conversion).toBeCloseTo(3 / 4);
    for (const share of conversions(all)) expect(share ?? 0).toBeLessThanOrEqual(1);
  });

  it("never shows more than 100% of the step before, even for parents whose step before fell outside the range", async () => {
    const s = store();
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await s.record(event({ name: "plan_chosen", sessionId: "late", day: yesterday }));
    await s.record(event({ name: "plan_chosen", sessionId: "today" }));
    await s.record(event({ name: "email_confirmed", sessionId: null }));
    await s.record(event({ name: "email_confirmed", sessionId: null }));
    const { ctx } = request(`${ORIGIN}/admin/analytics`);
    const dashboard = await loadDashboard(ctx, adminScope(ctx.url, ctx.variant), { from: today, to: today, source: "", campaign: "" });
    const confirmed = dashboard.funnel.find((row) => row.step === "email_confirmed");
    expect(confirmed).toMatchObject({ count: 2, conversion: 1 });
  });

  it("takes the median of an even and an odd list", () => {
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
