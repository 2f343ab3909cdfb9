import { beforeEach, describe, expect, it } from "vitest";
import { getBackend } from "~/data/backend.server";
import type { Lead } from "~/data/ports/lead-store";
import { dispatchFact } from "~/facts/facts.server";
import { leadsOf } from "~/leads/leads.server";
import { recordReferral } from "~/leads/referral-record.server";
import { factContextOf, referralsOf } from "~/referrals/referrals.server";
import { eraseParentData } from "~/trust/my-data.server";
import { wavesOf } from "~/waves/waves.server";
import { testContext } from "./helpers/context";
import { addUnreachableEndpoint, FIRST_CREDIT_DOWNLOAD } from "./helpers/rows";
import { CLUB_TABLES, emptyTables, FACT_TABLES, useLocalD1, WAVE_TABLES, WEBHOOK_TABLES } from "./helpers/local-d1";

/**
 * Each fact's line of the reactions table (app/facts/reactions.server.ts), by what a parent, an
 * admin or an integration notices: the webhook delivery, the funnel event, the club's milestone,
 * the reward and the referrer's "moved up" mail. Taking a handler out of its line fails a test here.
 */
const d1 = useLocalD1();
const T = "leads_icehockey";
const URL_HOCKEY = "http://127.0.0.1:8847/confirm?domain=champion&sport=icehockey";
const hockey = (bindings: Record<string, unknown> = d1.bindings) => testContext(URL_HOCKEY, bindings);
const backend = () => getBackend(hockey().ctx);

beforeEach(async () => {
  await emptyTables(d1.db, [
    ...WEBHOOK_TABLES,
    ...WAVE_TABLES,
    "rewards_earned",
    "reward_steps",
    "analytics_events",
    ...CLUB_TABLES,
    "leads_icehockey",
    "outbox",
    "referrals",
    ...FACT_TABLES,
  ]);
  const now = new Date().toISOString();
  await addUnreachableEndpoint(backend().webhooks);
  // A reward at the first credit.
  await backend().rewards.saveStep(T, FIRST_CREDIT_DOWNLOAD, now);
});

const count = async (sql: string, ...params: unknown[]) =>
  Number(
    (
      await d1.db
        .prepare(sql)
        .bind(...params)
        .first<{ n: number }>()
    )?.n ?? 0,
  );

const deliveries = (eventId: string) => count("SELECT COUNT(*) AS n FROM webhook_deliveries WHERE event_id = ?", eventId);
const events = (name: string, visitId: string | null = null) =>
  visitId
    ? count("SELECT COUNT(*) AS n FROM analytics_events WHERE name = ? AND session_id = ?", name, visitId)
    : count("SELECT COUNT(*) AS n FROM analytics_events WHERE name = ?", name);
/** The data of each webhook delivery of the event. */
const webhookData = async (eventId: string) =>
  (await d1.db.prepare("SELECT payload FROM webhook_deliveries WHERE event_id = ?").bind(eventId).all<{ payload: string }>()).results.map(
    (row) => JSON.parse(row.payload).data as Record<string, unknown>,
  );
const rewardsOf = (lead: Lead) => count("SELECT COUNT(*) AS n FROM rewards_earned WHERE lead_id = ?", lead.id);
const movedUpMails = (lead: Lead) => count("SELECT COUNT(*) AS n FROM outbox WHERE template = 'moved-up' AND recipient = ?", lead.email);
const milestoneReached = async (clubId: string) => Boolean((await backend().clubs.get(clubId))?.milestone_reached_at);

let codes = 0;
/** A hockey parent who joined (through `referrer`'s link), not yet confirmed. */
async function join(email: string, referrer: Lead | null = null): Promise<Lead> {
  const { ctx } = hockey();
  const leads = getBackend(ctx).leads;
  const lead = await leads.create(T, {
    email,
    referred_by: referrer?.ref_code ?? null,
    step_completed: 3,
    ref_code: `RH${String(++codes).padStart(6, "0")}`,
  });
  if (referrer) await recordReferral(ctx, lead);
  return lead;
}

async function confirmed(email: string): Promise<Lead> {
  const lead = await join(email);
  const { ctx, settle } = hockey();
  await referralsOf(ctx).confirm(lead.id);
  await settle();
  return (await backend().leads.getById(T, lead.id))!;
}

/** An approved club with a milestone of one family, and `lead` in it. */
async function clubOf(lead: Lead): Promise<string> {
  const clubs = backend().clubs;
  const { club } = await clubs.register(
    {
      id: crypto.randomUUID(),
      lead_table: T,
      variant: "champion-icehockey",
      slug: `hc-${crypto.randomUUID().slice(0, 6)}`,
      name: "HC Reactions",
      city: "Brno",
      sport: "icehockey",
      created_at: new Date().toISOString(),
    },
    "coach@example.com",
  );
  await clubs.setStatus(club.id, "approved", ["pending"]);
  await clubs.setMilestone(club.id, 1);
  await clubs.join(T, lead.id, club.id, new Date().toISOString());
  return club.id;
}

/** Ann confirmed first, the referrer second: one credit moves the referrer past Ann. */
async function referrerBehindAnn() {
  await confirmed("ann@example.com");
  return confirmed("referrer@example.com");
}

describe("reactions to a confirmation", () => {
  it("lead.confirmed: its webhook event, its funnel event with the visit, and the club's count reaching the milestone", async () => {
    const parent = await join("solo@example.com");
    const club = await clubOf(parent);
    const visit = crypto.randomUUID();
    const { ctx, settle } = hockey();
    await referralsOf(ctx).confirm(parent.id, visit);
    expect(await deliveries(`lead.confirmed:${T}:${parent.id}`), "the lead.confirmed webhook").toBe(0);
    await settle();
    expect(await deliveries(`lead.confirmed:${T}:${parent.id}`), "the lead.confirmed webhook").toBe(1);
    expect(await events("email_confirmed", visit), "the confirmed funnel event").toBe(1);
    expect(await milestoneReached(club), "the club's milestone").toBe(true);
  });

  it("referral.credited: its webhook event, the credited funnel event, the friend's club, the referrer's reward and mail", async () => {
    const referrer = await referrerBehindAnn();
    const friend = await join("friend@example.com", referrer);
    const club = await clubOf(friend);
    const visit = crypto.randomUUID();
    const { ctx, settle } = hockey();
    await referralsOf(ctx).confirm(friend.id, visit);
    await settle();
    const referral = (await backend().referrals.referralOf(T, friend.id))!;
    expect(referral.status).toBe("credited");
    expect(await deliveries(`referral.credited:${T}:${referral.id}`), "the referral.credited webhook").toBe(1);
    expect(await events("referral_credited", visit), "the credited funnel event").toBe(1);
    expect(await milestoneReached(club), "the friend's club's milestone").toBe(true);
    expect(await rewardsOf(referrer), "the referrer's reward").toBe(1);
    expect(await movedUpMails(referrer), "the referrer's moved-up mail").toBe(1);
  });

  it("referral.held: its webhook event with the reasons, and nothing a credit does", async () => {
    const referrer = await referrerBehindAnn();
    const friend = await join("friend@example.com", referrer);
    const { ctx, settle } = hockey();
    const held = (await backend().referrals.credit(T, friend.id, new Date().toISOString(), 5, ["ip-burst"], factContextOf(ctx, null)))!;
    dispatchFact(ctx, `referral.held:${T}:${held.id}`);
    await settle();
    const [delivery] = (
      await d1.db
        .prepare("SELECT payload FROM webhook_deliveries WHERE event_id = ?")
        .bind(`referral.held:${T}:${held.id}`)
        .all<{ payload: string }>()
    ).results;
    expect(JSON.parse(delivery?.payload ?? "{}").data, "the referral.held webhook").toMatchObject({
      referral_id: held.id,
      reasons: ["ip-burst"],
    });
    expect(await rewardsOf(referrer)).toBe(0);
    expect(await movedUpMails(referrer)).toBe(0);
  });

  it("referral.approved: what a credit does, with the credit's webhook id", async () => {
    const referrer = await referrerBehindAnn();
    const friend = await join("friend@example.com", referrer);
    const club = await clubOf(friend);
    // The friend confirmed and their credit was held (the confirmation's own reactions are the tests above).
    await backend().referrals.confirmLead(T, friend.id, new Date().toISOString(), 5);
    const held = (await backend().referrals.credit(T, friend.id, new Date().toISOString(), 5, ["ip-burst"]))!;
    expect(await milestoneReached(club), "a held member is not counted").toBe(false);
    const { ctx, settle } = hockey();
    expect(await referralsOf(ctx).decideHeld([held.id], true)).toHaveLength(1);
    await settle();
    expect(await deliveries(`referral.credited:${T}:${held.id}`), "the referral.credited webhook").toBe(1);
    expect(await events("referral_credited"), "the credited funnel event").toBe(1);
    expect(await milestoneReached(club), "the friend's club's milestone").toBe(true);
    expect(await rewardsOf(referrer), "the referrer's reward").toBe(1);
    expect(await movedUpMails(referrer), "the referrer's moved-up mail").toBe(1);
  });

  it("referral.rejected: recorded and handled, with nothing to follow", async () => {
    const referrer = await referrerBehindAnn();
    const friend = await join("friend@example.com", referrer);
    const held = (await backend().referrals.credit(T, friend.id, new Date().toISOString(), 5, ["ip-burst"]))!;
    const { ctx, settle } = hockey();
    await referralsOf(ctx).decideHeld([held.id], false);
    await settle();
    expect((await backend().facts.get(`referral.rejected:${T}:${held.id}`))?.handled_at).not.toBeNull();
    expect(await deliveries(`referral.credited:${T}:${held.id}`)).toBe(0);
    expect(await rewardsOf(referrer)).toBe(0);
    expect(await movedUpMails(referrer)).toBe(0);
  });
});

describe("reactions to a reward", () => {
  it("reward.earned: its webhook event, with the reward's id, step, kind and threshold", async () => {
    const referrer = await referrerBehindAnn();
    const friend = await join("friend@example.com", referrer);
    const { ctx, settle } = hockey();
    await referralsOf(ctx).confirm(friend.id);
    await settle();
    const [reward] = await backend().rewards.earnedBy(T, referrer.id);
    const fact = `reward.earned:${T}:${reward.id}`;
    expect((await backend().facts.get(fact))?.handled_at, "the fact, handled").toEqual(expect.any(String));
    expect(await webhookData(fact), "the reward.earned webhook").toEqual([
      {
        reward_id: reward.id,
        lead_id: referrer.id,
        step_id: reward.step_id,
        kind: "download",
        threshold: 1,
        variant: "champion-icehockey",
      },
    ]);
  });
});

describe("reactions to a club's milestone", () => {
  it("club.milestone: its webhook event, with the club's names and the families counted", async () => {
    const parent = await join("solo@example.com");
    const club = await clubOf(parent);
    const { ctx, settle } = hockey();
    await referralsOf(ctx).confirm(parent.id);
    await settle();
    const fact = `club.milestone:${T}:${club}`;
    expect((await backend().facts.get(fact))?.handled_at, "the fact, handled").toEqual(expect.any(String));
    expect(await webhookData(fact), "the club.milestone webhook").toEqual([
      {
        club_id: club,
        slug: expect.stringMatching(/^hc-/),
        name: "HC Reactions",
        city: "Brno",
        milestone: 1,
        families: 1,
        variant: "champion-icehockey",
      },
    ]);
  });
});

describe("reactions to an invite", () => {
  it("invite.accepted: its webhook event, with the lead's and the wave's ids", async () => {
    const parent = await confirmed("ann@example.com");
    const { ctx, settle } = hockey();
    expect((await wavesOf(ctx).admit(1, 1, "admin@example.com")).kind).toBe("admitted");
    expect(await wavesOf(ctx).accept(parent.id)).toBe(true);
    const fact = `invite.accepted:${T}:${parent.id}`;
    dispatchFact(ctx, fact);
    await settle();
    const wave = (await backend().waves.memberOf(T, parent.id))!.wave_id;
    expect((await backend().facts.get(fact))?.handled_at, "the fact, handled").toEqual(expect.any(String));
    expect(await webhookData(fact), "the invite.accepted webhook").toEqual([
      { lead_id: parent.id, wave_id: wave, variant: "champion-icehockey" },
    ]);
  });
});

describe("reactions to an erasure", () => {
  it("lead.erased: its webhook event, the id and no address, for the parent's erasure and an admin's delete", async () => {
    const erased = await confirmed("ann@example.com");
    const deleted = await confirmed("bob@example.com");
    const { ctx, settle } = hockey();
    await eraseParentData(ctx, "ann@example.com", "self");
    expect(await leadsOf(ctx).adminDelete(deleted.id)).toBe(true);
    dispatchFact(ctx, `lead.erased:${T}:${deleted.id}`);
    await settle();
    for (const lead of [erased, deleted]) {
      const fact = `lead.erased:${T}:${lead.id}`;
      expect((await backend().facts.get(fact))?.handled_at, "the fact, handled").toEqual(expect.any(String));
      expect(await webhookData(fact), "the lead.erased webhook").toEqual([{ lead_id: lead.id, variant: "champion-icehockey" }]);
    }
  });
});

/** The local D1 with the first outbox write of a "moved up" mail refused. */
function movedUpFailsOnce(db: D1Database): D1Database {
  let failed = false;
  const wrap = (statement: D1PreparedStatement, sql: string): D1PreparedStatement =>
    new Proxy(statement, {
      get(target, key) {
        if (key === "bind")
          return (...values: unknown[]) => {
            const bound = target.bind(...values);
            const refuse = !failed && /INSERT INTO outbox/i.test(sql) && values.some((value) => String(value).startsWith("moved-up:"));
            if (!refuse) return wrap(bound, sql);
            failed = true;
            const fail = () => Promise.reject(new Error("D1_ERROR: outbox write refused"));
            return { first: fail, run: fail, all: fail, raw: fail, bind: () => bound } as unknown as D1PreparedStatement;
          };
        const value = Reflect.get(target, key) as unknown;
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  return new Proxy(db, {
    get(target, key) {
      if (key === "prepare") return (sql: string) => wrap(target.prepare(sql), sql);
      const value = Reflect.get(target, key) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describe("a handler that fails once", () => {
  it("is pending with its error, and the next run does only it: the mail, the webhook event, the reward and the credit each exist once", async () => {
    const referrer = await referrerBehindAnn();
    const friend = await join("friend@example.com", referrer);
    const { ctx, settle } = hockey({ ...d1.bindings, DB: movedUpFailsOnce(d1.db) });
    await referralsOf(ctx).confirm(friend.id, crypto.randomUUID());
    await settle();
    const referral = (await backend().referrals.referralOf(T, friend.id))!;
    const fact = `referral.credited:${T}:${referral.id}`;
    const handlings = await backend().facts.handlingsOf(fact);
    const mail = handlings.find((handling) => handling.handler === "mail");
    expect(mail).toMatchObject({ status: "pending", attempts: 1 });
    expect(mail?.last_error).toContain("could not be queued");
    expect(
      handlings
        .filter((handling) => handling.status === "done")
        .map((handling) => handling.handler)
        .sort(),
    ).toEqual(["club", "funnel", "rewards", "webhook"]);
    expect(await movedUpMails(referrer)).toBe(0);
    expect((await backend().facts.get(fact))?.handled_at).toBeNull();

    // The retry (the queue's, or the cron's sweep): only the mail runs.
    const again = hockey();
    dispatchFact(again.ctx, fact);
    await again.settle();
    expect(await movedUpMails(referrer)).toBe(1);
    expect(await deliveries(fact)).toBe(1);
    expect(await events("referral_credited")).toBe(1);
    expect(await rewardsOf(referrer)).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM referrals WHERE referrer_id = ? AND status = 'credited'", referrer.id)).toBe(1);
    expect(await backend().facts.handlingsOf(fact)).toEqual(
      expect.arrayContaining([expect.objectContaining({ handler: "mail", status: "done", attempts: 1 })]),
    );
    expect((await backend().facts.get(fact))?.handled_at).not.toBeNull();
  });
});
