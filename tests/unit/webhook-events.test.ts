import { beforeEach, describe, expect, it } from "vitest";
import { getBackend } from "~/data/backend.server";
import type { Lead } from "~/data/ports/lead-store";
import type { RewardStep } from "~/data/ports/reward-store";
import type { WebhookEventType } from "~/data/ports/webhook-store";
import { recordReferral } from "~/leads/referral-record.server";
import { action as clubsAction } from "~/routes/admin/clubs";
import { referralsOf } from "~/referrals/referrals.server";
import { eraseParentData } from "~/trust/my-data.server";
import { inviteAction } from "~/waves/invite-page.server";
import { wavesOf } from "~/waves/waves.server";
import { testContext } from "./helpers/context";
import { addUnreachableEndpoint } from "./helpers/rows";
import { callRoute } from "./helpers/cookie-jar";
import { CLUB_TABLES, emptyTables, REWARD_TABLES, useLocalD1, WAVE_TABLES, WEBHOOK_TABLES } from "./helpers/local-d1";
import { signedIn } from "./helpers/signed-in";

/**
 * Each of the app's facts writes its webhook event where it happens (ADR 038), once: the delivery
 * rows an endpoint subscribed to every event gets, read from a real local D1. The attempts
 * themselves (signing, retries) are webhooks-delivery.test.ts's; here the receiver is unreachable.
 */
const d1 = useLocalD1();

beforeEach(async () => {
  await emptyTables(d1.db, [
    ...WEBHOOK_TABLES,
    ...WAVE_TABLES,
    ...REWARD_TABLES,
    ...CLUB_TABLES,
    "leads",
    "leads_icehockey",
    "outbox",
    "referrals",
  ]);
  await addUnreachableEndpoint(getBackend(request().ctx).webhooks);
});

const request = (url = "http://127.0.0.1:8810/confirm") => testContext(url, d1.bindings);

type Sent = { type: string; event_id: string; data: Record<string, unknown> };

/** The events written so far, oldest first, with their payloads' data. */
async function sent(): Promise<Sent[]> {
  const { results } = await d1.db
    .prepare("SELECT event_type, event_id, payload FROM webhook_deliveries ORDER BY created_at, event_id")
    .all<{ event_type: string; event_id: string; payload: string }>();
  return results.map((row) => ({ type: row.event_type, event_id: row.event_id, data: JSON.parse(row.payload).data }));
}
const ofType = async (type: WebhookEventType) => (await sent()).filter((event) => event.type === type);

/** A parent who joined (through `referredBy`'s link) and confirmed; the events written after the response are waited for. */
async function parent(email: string, referredBy: string | null = null): Promise<Lead> {
  const { ctx, settle } = request();
  const leads = getBackend(ctx).leads;
  const lead = await leads.create("leads", { email, referred_by: referredBy, step_completed: 3, ref_code: null });
  await leads.update("leads", lead.id, { ref_code: `R${lead.id.replace(/-/g, "").slice(0, 7).toUpperCase()}` });
  await recordReferral(ctx, (await leads.getById("leads", lead.id))!);
  await referralsOf(ctx).confirm(lead.id);
  await settle();
  return (await leads.getById("leads", lead.id))!;
}

describe("webhook events where the facts happen", () => {
  it("a confirmation is one lead.confirmed, however often it is confirmed, stored with ids only (the address is read when sent)", async () => {
    const ann = await parent("ann@example.com");
    const { ctx, settle } = request();
    await referralsOf(ctx).confirm(ann.id);
    await settle();
    const events = await ofType("lead.confirmed");
    expect(events).toHaveLength(1);
    expect(events[0]).toEqual({
      type: "lead.confirmed",
      event_id: `lead.confirmed:leads:${ann.id}`,
      data: { lead_id: ann.id, source: "main_funnel", confirmed_at: expect.any(String), variant: "genius" },
    });
  });

  it("a friend's confirmation credits the referrer (referral.credited) and earns the step at one friend (reward.earned), ids only", async () => {
    const ann = await parent("ann@example.com");
    const now = new Date().toISOString();
    const step = (await getBackend(request().ctx).rewards.saveStep(
      "leads",
      {
        threshold: 1,
        kind: "places",
        title: "Five places up",
        description: "For your first friend.",
        file: null,
        places: 5,
        enabled: true,
      },
      now,
    )) as RewardStep;
    const bob = await parent("bob@example.com", ann.ref_code);
    const [credited] = await ofType("referral.credited");
    expect(credited.data).toEqual({ referral_id: expect.any(String), referrer_id: ann.id, referred_id: bob.id, variant: "genius" });
    const [earned, ...more] = await ofType("reward.earned");
    expect(more).toEqual([]);
    expect(earned.data).toMatchObject({ lead_id: ann.id, step_id: step.id, kind: "places", threshold: 1 });
    for (const event of [credited, earned]) expect(JSON.stringify(event.data)).not.toContain("@");
  });

  it("a friend of a catch-all cluster is referral.held with its reasons, and referral.credited once an admin approves it", async () => {
    const ann = await parent("ann@example.com");
    const friends: Lead[] = [];
    for (let i = 0; i < 5; i++) friends.push(await parent(`friend${i}@catchall.example`, ann.ref_code));
    const [held, ...moreHeld] = await ofType("referral.held");
    expect(moreHeld).toEqual([]);
    expect(held.data).toMatchObject({ referrer_id: ann.id, referred_id: friends[4].id, reasons: expect.arrayContaining(["catch-all"]) });
    expect(await ofType("referral.credited")).toHaveLength(4);
    const { ctx, settle } = request("http://127.0.0.1:8810/admin/referrals/review");
    await referralsOf(ctx).decideHeld([String(held.data.referral_id)], true);
    await referralsOf(ctx).decideHeld([String(held.data.referral_id)], true);
    await settle();
    const credited = await ofType("referral.credited");
    expect(credited).toHaveLength(5);
    expect(credited.filter((event) => event.data.referred_id === friends[4].id)).toHaveLength(1);
  });

  it("a club's confirmed families reaching its milestone is one club.milestone, with the club and no family", async () => {
    const hockey = () => testContext("http://127.0.0.1:8810/confirm?domain=champion&sport=icehockey", d1.bindings);
    const clubs = getBackend(hockey().ctx).clubs;
    const { club } = await clubs.register(
      {
        id: crypto.randomUUID(),
        lead_table: "leads_icehockey",
        variant: "champion-icehockey",
        slug: "hc-events",
        name: "HC Events",
        city: "Brno",
        sport: "icehockey",
        created_at: new Date().toISOString(),
      },
      "coach@example.com",
    );
    await clubs.setStatus(club.id, "approved", ["pending"]);
    await clubs.setMilestone(club.id, 2);
    for (const email of ["p1@example.com", "p2@example.com", "p3@example.com"]) {
      const { ctx, settle } = hockey();
      const lead = await getBackend(ctx).leads.create("leads_icehockey", { email, ref_code: null, step_completed: 3 });
      await clubs.join("leads_icehockey", lead.id, club.id, new Date().toISOString());
      await referralsOf(ctx).confirm(lead.id);
      await settle();
    }
    const events = await ofType("club.milestone");
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      event_id: `club.milestone:leads_icehockey:${club.id}`,
      data: { club_id: club.id, name: "HC Events", city: "Brno", milestone: 2, families: 2, variant: "champion-icehockey" },
    });
    expect(JSON.stringify(events[0].data)).not.toContain("@");
  });

  it("a milestone an admin sets that the club has reached already is one club.milestone, from the clubs page, however often it is saved", async () => {
    const page = "http://127.0.0.1:8810/admin/clubs?domain=champion&sport=icehockey";
    const clubs = getBackend(testContext(page, d1.bindings).ctx).clubs;
    const { club } = await clubs.register(
      {
        id: crypto.randomUUID(),
        lead_table: "leads_icehockey",
        variant: "champion-icehockey",
        slug: "hc-admin",
        name: "HC Admin",
        city: "Plzen",
        sport: "icehockey",
        created_at: new Date().toISOString(),
      },
      "coach@example.com",
    );
    await clubs.setStatus(club.id, "approved", ["pending"]);
    for (const email of ["p1@example.com", "p2@example.com"]) {
      const { ctx, settle } = testContext("http://127.0.0.1:8810/confirm?domain=champion&sport=icehockey", d1.bindings);
      const lead = await getBackend(ctx).leads.create("leads_icehockey", { email, ref_code: null, step_completed: 3 });
      await clubs.join("leads_icehockey", lead.id, club.id, new Date().toISOString());
      await referralsOf(ctx).confirm(lead.id);
      await settle();
    }
    const { cookie } = await signedIn(d1, page, "admin");
    for (let save = 0; save < 2; save++) {
      const { load, settle } = testContext(page, d1.bindings);
      const body = new URLSearchParams({ intent: "milestone", club: club.id, milestone: "2" });
      const request = new Request(page, { method: "POST", body, headers: { Cookie: cookie } });
      expect((await callRoute(() => clubsAction({ request, context: load, params: {} } as never))).status).toBe(303);
      await settle();
    }
    const events = await ofType("club.milestone");
    expect(events).toHaveLength(1);
    expect(events[0].data).toMatchObject({ club_id: club.id, name: "HC Admin", milestone: 2, families: 2 });
  });

  it("a wave is one wave.admitted with its parents' ids, and an invite one invite.accepted, however often each is posted", async () => {
    const ann = await parent("ann@example.com");
    const bob = await parent("bob@example.com");
    const { ctx, settle } = testContext("http://127.0.0.1:8810/admin/waves", d1.bindings);
    expect((await wavesOf(ctx).admit(1, 2, "admin@example.com")).kind).toBe("admitted");
    expect((await wavesOf(ctx).admit(1, 2, "admin@example.com")).kind).toBe("already");
    await settle();
    const events = await ofType("wave.admitted");
    expect(events).toHaveLength(1);
    expect(events[0].data).toMatchObject({ seq: 1, lead_ids: [ann.id, bob.id] });

    // Ann presses "accept" in her invite twice: one invite.accepted.
    const mail = await d1.db
      .prepare("SELECT text FROM outbox WHERE template = 'invite' AND recipient = ?")
      .bind("ann@example.com")
      .first<{ text: string }>();
    const link = new URL(/https?:\/\/\S+\/invite\?t=[\w.-]+/.exec(mail!.text)![0]);
    for (let press = 0; press < 2; press++) {
      const form = new FormData();
      form.set("t", link.searchParams.get("t")!);
      form.set("intent", "accept");
      const pressed = testContext(link.href, d1.bindings);
      await inviteAction(pressed.ctx, new Request(link.href, { method: "POST" }), form).catch((thrown: unknown) => thrown);
      await pressed.settle();
    }
    const accepted = await ofType("invite.accepted");
    expect(accepted).toHaveLength(1);
    expect(accepted[0].data).toEqual({ lead_id: ann.id, wave_id: events[0].data.wave_id, variant: "genius" });
  });

  it("after an erasure no delivery holds the address, and the pending lead.confirmed is cancelled", async () => {
    const ann = await parent("ann@example.com");
    const bob = await parent("bob@example.com");
    // An older row, written while lead.confirmed still carried the address, for a lead deleted since.
    await d1.db
      .prepare(
        `INSERT INTO webhook_deliveries (id, event_id, endpoint_id, event_type, payload, status, attempts, next_attempt_at, created_at, updated_at)
         SELECT 'msg_old', 'lead.confirmed:leads:gone', id, 'lead.confirmed', ?, 'delivered', 1, NULL, created_at, created_at FROM webhook_endpoints`,
      )
      .bind(
        JSON.stringify({
          type: "lead.confirmed",
          timestamp: "2025-09-01T10:00:00.000Z",
          data: { lead_id: "gone", email: "Ann@Example.com" },
        }),
      )
      .run();
    // Both waiting for a retry, as after a receiver's 500.
    await d1.db.prepare("UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = created_at WHERE id <> 'msg_old'").run();
    const { ctx, settle } = request("http://127.0.0.1:8810/my-data");
    await eraseParentData(ctx, "ann@example.com", "self");
    await settle();
    const { results } = await d1.db
      .prepare("SELECT event_id, status, next_attempt_at, payload FROM webhook_deliveries")
      .all<{ event_id: string; status: string; next_attempt_at: string | null; payload: string }>();
    expect(results.filter((row) => row.payload.toLowerCase().includes("ann@example.com"))).toEqual([]);
    expect(results.find((row) => row.event_id === `lead.confirmed:leads:${ann.id}`)).toMatchObject({
      status: "cancelled",
      next_attempt_at: null,
    });
    expect(results.find((row) => row.event_id === "lead.confirmed:leads:gone")).toMatchObject({ status: "delivered" });
    // Another parent's confirmation is untouched.
    expect(results.find((row) => row.event_id === `lead.confirmed:leads:${bob.id}`)).toMatchObject({ status: "pending" });
  });

  it("an erasure is one lead.erased per lead, with the id and no address", async () => {
    const ann = await parent("ann@example.com");
    const { ctx, settle } = request("http://127.0.0.1:8810/my-data");
    await eraseParentData(ctx, "ann@example.com", "self");
    await eraseParentData(ctx, "ann@example.com", "self");
    await settle();
    const events = await ofType("lead.erased");
    expect(events).toEqual([
      { type: "lead.erased", event_id: `lead.erased:leads:${ann.id}`, data: { lead_id: ann.id, variant: "genius" } },
    ]);
  });
});
