import { beforeEach, describe, expect, it } from "vitest";
import { getBackend } from "~/data/backend.server";
import { LEAD_TABLES, PENDING_EMAIL } from "~/data/lead-model";
import type { LeadTable } from "~/data/ports/lead-store";
import { recordReferral } from "~/leads/referral-record.server";
import { referralsOf } from "~/referrals/referrals.server";
import { enforceRetention } from "~/trust/retention.server";
import { testContext } from "./helpers/context";
import { ANALYTICS_TABLES, emptyTables, useLocalD1 } from "./helpers/local-d1";

/** The cron's retention rules on a real local D1: exactly what is past its period goes. */
const d1 = useLocalD1();
beforeEach(async () => {
  await emptyTables(d1.db, [...LEAD_TABLES, "outbox", "referrals", ...ANALYTICS_TABLES]);
});

const NOW = new Date("2026-11-23T12:00:00.000Z");
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY).toISOString();
const ctx = () => testContext("http://127.0.0.1:8810/", d1.bindings).ctx;

async function lead(table: LeadTable, email: string, ageDays: number, referredBy: string | null = null) {
  const store = getBackend(ctx()).leads;
  const created = await store.create(table, {
    email,
    referred_by: referredBy,
    step_completed: email === PENDING_EMAIL ? 1 : 3,
    ref_code: null,
  });
  const withCode = (await store.update(table, created.id, { ref_code: `R${created.id.replace(/-/g, "").slice(0, 7).toUpperCase()}` }))!;
  if (email !== PENDING_EMAIL) await recordReferral(ctx(), withCode);
  await d1.db.prepare(`UPDATE ${table} SET created_at = ? WHERE id = ?`).bind(daysAgo(ageDays), created.id).run();
  return withCode;
}

const ids = async (table: LeadTable) =>
  (await d1.db.prepare(`SELECT email FROM ${table} ORDER BY email`).all<{ email: string }>()).results.map((row) => row.email);

async function mail(id: string, status: string, ageDays: number) {
  await d1.db
    .prepare(
      `INSERT INTO outbox (id, dedupe_key, template, variant, recipient, subject, html, text, status, attempts, created_at, updated_at)
       VALUES (?, ?, 'guide', 'genius', 'ann@example.com', 'Your guide', '<p>Hi Ann</p>', 'Hi Ann', ?, 1, ?, ?)`,
    )
    .bind(id, id, status, daysAgo(ageDays), daysAgo(ageDays))
    .run();
}

async function event(day: string, session: string) {
  await d1.db
    .prepare("INSERT INTO analytics_events (name, variant, day, session_id, created_at) VALUES ('landing_view', 'genius', ?, ?, ?)")
    .bind(day, session, `${day}T10:00:00.000Z`)
    .run();
}

describe("enforceRetention", () => {
  it("deletes unconfirmed leads after 30 days with their pending referrals, and keeps confirmed and younger ones", async () => {
    const ann = await lead("leads", "ann@example.com", 40);
    await referralsOf(ctx()).confirm(ann.id);
    await lead("leads", "bob@example.com", 31, ann.ref_code);
    await lead("leads", "cem@example.com", 29, ann.ref_code);
    await lead("leads_tennis", "dan@example.com", 31);

    const summary = await enforceRetention(ctx(), NOW);

    expect(summary.unconfirmed).toEqual({ leads: 1, leads_icehockey: 0, leads_tennis: 1 });
    expect(await ids("leads")).toEqual(["ann@example.com", "cem@example.com"]);
    expect(await ids("leads_tennis")).toEqual([]);
    const referrals = await d1.db.prepare("SELECT COUNT(*) AS n FROM referrals").first<{ n: number }>();
    expect(referrals?.n).toBe(1);
    expect(summary.failed).toEqual([]);
  });

  it("deletes placeholder leads (no e-mail given) after 7 days", async () => {
    await lead("leads", PENDING_EMAIL, 8);
    await lead("leads", PENDING_EMAIL, 6);
    await lead("leads_icehockey", PENDING_EMAIL, 8);
    await lead("leads_icehockey", "eve@example.com", 8);

    const summary = await enforceRetention(ctx(), NOW);

    expect(summary.placeholders).toEqual({ leads: 1, leads_icehockey: 1, leads_tennis: 0 });
    expect(await ids("leads")).toEqual([PENDING_EMAIL]);
    expect(await ids("leads_icehockey")).toEqual(["eve@example.com"]);
  });

  it("empties the bodies of finished e-mails after 30 days and keeps their status rows; mails still being sent keep theirs", async () => {
    await mail("old-sent", "sent", 31);
    await mail("old-dead", "dead", 31);
    await mail("old-failed", "failed", 31);
    await mail("young-sent", "sent", 29);

    const summary = await enforceRetention(ctx(), NOW);

    expect(summary.mailBodies).toBe(2);
    const { results } = await d1.db.prepare("SELECT id, status, recipient, subject, html, text FROM outbox ORDER BY id").all();
    expect(results).toEqual([
      { id: "old-dead", status: "dead", recipient: "ann@example.com", subject: "", html: "", text: "" },
      { id: "old-failed", status: "failed", recipient: "ann@example.com", subject: "Your guide", html: "<p>Hi Ann</p>", text: "Hi Ann" },
      { id: "old-sent", status: "sent", recipient: "ann@example.com", subject: "", html: "", text: "" },
      { id: "young-sent", status: "sent", recipient: "ann@example.com", subject: "Your guide", html: "<p>Hi Ann</p>", text: "Hi Ann" },
    ]);
  });

  it("deletes analytics events older than 13 months and keeps the daily counts", async () => {
    await event("2025-10-22", "s1");
    await event("2025-10-23", "s2");
    await event("2026-11-01", "s3");

    const summary = await enforceRetention(ctx(), NOW);

    expect(summary.analyticsEvents).toBe(1);
    const days = await d1.db.prepare("SELECT day FROM analytics_events ORDER BY day").all<{ day: string }>();
    expect(days.results.map((row) => row.day)).toEqual(["2025-10-23", "2026-11-01"]);
    const totals = await d1.db.prepare("SELECT SUM(count) AS n FROM analytics_daily_totals").first<{ n: number }>();
    expect(totals?.n).toBe(3);
  });

  it("reads its periods from the configuration", async () => {
    await lead("leads", PENDING_EMAIL, 3);
    await mail("sent", "sent", 3);
    const { ctx: shorter } = testContext("http://127.0.0.1:8810/", {
      ...d1.bindings,
      PLACEHOLDER_RETENTION_DAYS: "2",
      OUTBOX_BODY_RETENTION_DAYS: "2",
    });

    const summary = await enforceRetention(shorter, NOW);

    expect(summary.placeholders.leads).toBe(1);
    expect(summary.mailBodies).toBe(1);
  });
});
