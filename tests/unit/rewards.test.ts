import { beforeEach, describe, expect, it, vi } from "vitest";
import { referralRules } from "#content/referrals";
import { getBackend } from "~/data/backend.server";
import type { Lead } from "~/data/ports/lead-store";
import type { NewRewardStep, RewardStep } from "~/data/ports/reward-store";
import { recordReferral } from "~/leads/referral-record.server";
import { checkLeadLink } from "~/platform/lead-links.server";
import { log } from "~/platform/log.server";
import { referralsOf } from "~/referrals/referrals.server";
import { settleRewards } from "~/rewards/rewards.server";
import { testContext } from "./helpers/context";
import { emptyTables, REWARD_TABLES, useLocalD1 } from "./helpers/local-d1";
import { FIRST_CREDIT_DOWNLOAD } from "./helpers/rows";

/** The milestone rewards engine (ADR 035) on a real local D1: earned once, one mail each, revocation. */
const d1 = useLocalD1();
beforeEach(async () => {
  await emptyTables(d1.db, [...REWARD_TABLES, "leads", "outbox", "referrals"]);
});

const request = () => testContext("http://127.0.0.1:8810/confirm", d1.bindings);
const backend = () => getBackend(request().ctx);
const at = new Date().toISOString();

async function join(email: string, referredBy: string | null = null): Promise<Lead> {
  const { ctx } = request();
  const lead = await backend().leads.create("leads", { email, referred_by: referredBy, step_completed: 3, ref_code: null });
  const withCode = await backend().leads.update("leads", lead.id, { ref_code: `R${lead.id.replace(/-/g, "").slice(0, 7).toUpperCase()}` });
  await recordReferral(ctx, withCode!);
  return (await backend().leads.getById("leads", lead.id))!;
}

const step = (over: Partial<NewRewardStep>): NewRewardStep => ({ ...FIRST_CREDIT_DOWNLOAD, ...over });
const addStep = async (over: Partial<NewRewardStep>) => (await backend().rewards.saveStep("leads", step(over), at)) as RewardStep;

/** A ladder of a download at 1 friend and a code at 2, with two codes in the pool. */
async function ladder() {
  const download = await addStep({});
  const code = await addStep({ threshold: 2, kind: "code", title: "10% off your first month", file: null });
  await backend().rewards.addCodes("leads", code.id, ["TENOFF-1", "TENOFF-2"], at);
  return { download, code };
}

/** A confirmed parent and `n` friends who joined through their link and confirmed. */
async function parentWithFriends(n: number) {
  const { ctx, settle } = request();
  const parent = await join("parent@example.com");
  await referralsOf(ctx).confirm(parent.id);
  const friends: Lead[] = [];
  for (let i = 0; i < n; i++) {
    const friend = await join(`friend${i}@school${i}.example`, parent.ref_code);
    await referralsOf(ctx).confirm(friend.id);
    // Each credit's reactions (the settlement) run after its response, before the next friend confirms.
    await settle();
    friends.push(friend);
  }
  return { parent, friends };
}

const rewardMails = async () =>
  (
    await d1.db
      .prepare("SELECT dedupe_key, recipient, subject, html FROM outbox WHERE template = 'reward' ORDER BY created_at")
      .all<{ dedupe_key: string; recipient: string; subject: string; html: string }>()
  ).results;

describe("settleRewards", () => {
  it("earns each step once as friends confirm, with one mail per reward and a code from the pool", async () => {
    const { download, code } = await ladder();
    const { parent } = await parentWithFriends(2);
    const earned = await backend().rewards.earnedBy("leads", parent.id);
    expect(earned.map((row) => [row.step_id, row.code])).toEqual([
      [download.id, null],
      [code.id, "TENOFF-1"],
    ]);
    const mails = await rewardMails();
    expect(mails.map((mail) => [mail.recipient, mail.subject])).toEqual([
      ["parent@example.com", "You unlocked a reward: The printable starter plan"],
      ["parent@example.com", "You unlocked a reward: 10% off your first month"],
    ]);
    // The download's button is its signed link; the code is not in the mail (it is revealed on the status page).
    const token = /rewards\/download\?t=([\w.-]+)/.exec(mails[0].html)?.[1] ?? null;
    expect(await checkLeadLink(request().ctx.env, true, token, "reward")).toMatchObject({ ok: true, leadId: earned[0].id });
    expect(mails[1].html).not.toContain("TENOFF-1");
    // Settling again changes nothing and sends nothing.
    await settleRewards(request().ctx, parent.id);
    expect(await rewardMails()).toHaveLength(2);
    expect(await backend().rewards.codeStock("leads")).toEqual([{ step_id: code.id, remaining: 1, used: 1 }]);
  });

  it("eight parallel settles at a threshold give one reward, one mail and use one code", async () => {
    const { code } = await ladder();
    const { parent } = await parentWithFriends(2);
    await d1.db.batch([
      d1.db.prepare("DELETE FROM rewards_earned"),
      d1.db.prepare("UPDATE reward_codes SET earned_id = NULL, assigned_at = NULL"),
      d1.db.prepare("DELETE FROM outbox"),
    ]);
    const { ctx, settle } = request();
    await Promise.all(Array.from({ length: 8 }, () => settleRewards(ctx, parent.id)));
    await settle();
    expect(await backend().rewards.earnedBy("leads", parent.id)).toHaveLength(2);
    expect(await rewardMails()).toHaveLength(2);
    expect(await backend().rewards.codeStock("leads")).toEqual([{ step_id: code.id, remaining: 1, used: 1 }]);
  });

  it("ten friends confirming at once past a threshold give one reward, one code and one mail", async () => {
    // The threshold halfway: the confirmations that reach it and pass it are in flight together.
    const code = await addStep({ threshold: 5, kind: "code", title: "At five", file: null });
    await backend().rewards.addCodes("leads", code.id, ["FIVE-1", "FIVE-2", "FIVE-3"], at);
    const { ctx, settle } = request();
    const parent = await join("parent@example.com");
    await referralsOf(ctx).confirm(parent.id);
    const friends: Lead[] = [];
    for (let i = 0; i < 10; i++) friends.push(await join(`f${i}@club${i}.example`, parent.ref_code));
    // Signed up yesterday and confirming today, each 6 minutes after the one before (by its own clock):
    // five sign-ups or confirmations within minutes are a burst and held for review (ADR 036).
    const minute = 60_000;
    const yesterday = Date.now() - 86_400_000;
    await d1.db.batch(
      friends.map((friend, i) =>
        d1.db
          .prepare("UPDATE referrals SET created_at = ? WHERE referred_id = ?")
          .bind(new Date(yesterday + i * 6 * minute).toISOString(), friend.id),
      ),
    );
    const clockOf = (friend: Lead) => () => new Date(Date.now() - (friends.length - friends.indexOf(friend)) * 6 * minute);
    // Eight in flight at a time: Miniflare's proxy socket drops some of 20+ simultaneous connections.
    const queue = [...friends];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let friend = queue.shift(); friend; friend = queue.shift()) await referralsOf(ctx, clockOf(friend)).confirm(friend.id);
      }),
    );
    await settle();
    expect((await backend().leads.getById("leads", parent.id))?.referral_count).toBe(10);
    expect((await backend().rewards.earnedBy("leads", parent.id)).map((row) => row.code)).toEqual(["FIVE-1"]);
    expect(await rewardMails()).toHaveLength(1);
    expect(await backend().rewards.codeStock("leads")).toEqual([{ step_id: code.id, remaining: 2, used: 1 }]);
  });

  it("a revoked credit withdraws an undelivered code (back to the pool) and flags a delivered download; a restore reinstates without a second mail", async () => {
    const { download, code } = await ladder();
    const { parent, friends } = await parentWithFriends(2);
    const [downloaded] = await backend().rewards.earnedBy("leads", parent.id);
    await backend().rewards.markDelivered("leads", downloaded.id, at);
    const { ctx, settle } = request();
    const referrals = referralsOf(ctx);
    const second = (await referrals.referralOf(friends[1].id))!;
    await referrals.setCredit(second.id, false);
    let rows = await backend().rewards.earnedBy("leads", parent.id);
    expect(rows.find((row) => row.step_id === code.id)).toMatchObject({ code: null, flagged_at: null });
    expect(rows.find((row) => row.step_id === code.id)?.withdrawn_at).not.toBeNull();
    expect(await backend().rewards.codeStock("leads")).toEqual([{ step_id: code.id, remaining: 2, used: 0 }]);
    // Below the first step too: the delivered download is kept and flagged.
    const first = (await referrals.referralOf(friends[0].id))!;
    await referrals.setCredit(first.id, false);
    rows = await backend().rewards.earnedBy("leads", parent.id);
    expect(rows.find((row) => row.step_id === download.id)).toMatchObject({ withdrawn_at: null, delivered_at: at });
    expect(rows.find((row) => row.step_id === download.id)?.flagged_at).not.toBeNull();

    await referrals.setCredit(first.id, true);
    await referrals.setCredit(second.id, true);
    await settle();
    rows = await backend().rewards.earnedBy("leads", parent.id);
    expect(rows.map((row) => [row.withdrawn_at, row.flagged_at, row.code])).toEqual([
      [null, null, null],
      [null, null, "TENOFF-1"],
    ]);
    expect(await rewardMails()).toHaveLength(2);
  });

  it("a places reward moves the parent up by its bonus on top of the per-credit rule; a revocation takes it back", async () => {
    await addStep({ kind: "places", places: 3, file: null, title: "3 places up" });
    const { parent, friends } = await parentWithFriends(1);
    const reloaded = (await backend().leads.getById("leads", parent.id))!;
    expect(reloaded.place_score).toBe(1 - referralRules.placesPerCredit - 3);
    const referrals = referralsOf(request().ctx);
    await referrals.setCredit((await referrals.referralOf(friends[0].id))!.id, false);
    expect((await backend().leads.getById("leads", parent.id))?.place_score).toBe(1);
  });

  it("a failed settle is logged and never fails the confirmation; the next settle completes it", async () => {
    await ladder();
    const { ctx, settle } = request();
    const store = getBackend(ctx).rewards;
    const broken = vi.spyOn(store, "steps").mockRejectedValue(new Error("database down"));
    const logged = vi.spyOn(log, "error");
    try {
      const parent = await join("parent@example.com");
      await referralsOf(ctx).confirm(parent.id);
      const friend = await join("friend@school.example", parent.ref_code);
      expect((await referralsOf(ctx).confirm(friend.id))?.confirmedNow).toBe(true);
      expect((await referralsOf(ctx).referralOf(friend.id))?.status).toBe("credited");
      await settle();
      expect(logged).toHaveBeenCalledWith("reward.settle_failed", { leadId: parent.id }, expect.any(Error));
      broken.mockRestore();
      await settleRewards(ctx, parent.id);
      expect(await store.earnedBy("leads", parent.id)).toHaveLength(1);
    } finally {
      broken.mockRestore();
      logged.mockRestore();
    }
  });

  it("a disabled step is earned no more; a parent without a ladder gets nothing", async () => {
    await addStep({ enabled: false });
    const { parent } = await parentWithFriends(1);
    expect(await backend().rewards.earnedBy("leads", parent.id)).toEqual([]);
    expect(await rewardMails()).toEqual([]);
  });
});
