import { beforeEach, describe, expect, it } from "vitest";
import { standingOfLead } from "~/standing/standing.server";
import type { Spots, Standing } from "~/standing/standing";
import { consoleCards } from "~/admin/console.server";
import { variantScope } from "~/utils/admin-scope";
import { referralRules } from "#content/referrals";
import { getBackend } from "~/data/backend.server";
import type { Lead } from "~/data/ports/lead-store";
import { suppress } from "~/mail/suppression.server";
import { checkLeadLink, signLeadLink } from "~/platform/lead-links.server";
import { inviteResendAction, statusPage } from "~/referrals/pages.server";
import { recordReferral } from "~/leads/referral-record.server";
import { referralsOf } from "~/referrals/referrals.server";
import { eraseParentData } from "~/trust/my-data.server";
import { launchFunnel } from "~/waves/launch-funnel.server";
import { wavesOf } from "~/waves/waves.server";
import { inviteAction, invitePage } from "~/waves/invite-page.server";
import { action as inviteRoute } from "~/routes/invite";
import { action as signupRoute } from "~/routes/signup";
import { getSession, getVariantValues } from "~/utils/session.server";
import { personStamp } from "./helpers/bot-fields";
import { insertParents } from "./helpers/bulk-parents";
import { testContext } from "./helpers/context";
import { LEAD_TABLES } from "~/data/lead-model";
import { emptyTables, useLocalD1, WAVE_TABLES } from "./helpers/local-d1";

/** Admitting a wave on a real local D1 (docs/decisions/025-waves-and-invites.md). */
const d1 = useLocalD1();
beforeEach(async () => {
  await emptyTables(d1.db, [
    ...WAVE_TABLES,
    ...LEAD_TABLES,
    "outbox",
    "referrals",
    "suppressions",
    "users",
    "rewards_earned",
    "reward_steps",
  ]);
});

const request = (url = "http://127.0.0.1:8810/admin/waves") => testContext(url, d1.bindings);

/** A parent who joined (with an optional referrer's code) and, unless told otherwise, confirmed. */
async function parent(email: string, options: { referredBy?: string | null; confirm?: boolean } = {}): Promise<Lead> {
  const { ctx, settle } = request();
  const leads = getBackend(ctx).leads;
  const lead = await leads.create("leads", { email, referred_by: options.referredBy ?? null, step_completed: 3, ref_code: null });
  await leads.update("leads", lead.id, { ref_code: `R${lead.id.replace(/-/g, "").slice(0, 7).toUpperCase()}` });
  const stored = (await leads.getById("leads", lead.id))!;
  await recordReferral(ctx, stored);
  if (options.confirm !== false) await referralsOf(ctx).confirm(lead.id);
  await settle();
  return (await leads.getById("leads", lead.id))!;
}

/**
 * Five confirmed parents without referrers, in this order in line: set-based, as joining and
 * confirming one by one would leave them (the tests here are about waves, not about joining).
 */
async function five() {
  const names = ["ann", "bob", "cy", "dee", "eve"];
  const at = Date.now();
  const ids = await insertParents(
    d1.db,
    "leads",
    names.map((name, i) => ({
      email: `${name}@example.com`,
      step_completed: 3,
      ref_code: `R${name.toUpperCase()}`,
      confirmedAt: new Date(at + i).toISOString(),
    })),
    referralRules.placesPerCredit,
  );
  const leads = getBackend(request().ctx).leads;
  return (await Promise.all(ids.map((id) => leads.getById("leads", id)))) as Lead[];
}

const invites = async () =>
  (
    await d1.db
      .prepare("SELECT dedupe_key, recipient FROM outbox WHERE template = 'invite' ORDER BY recipient")
      .all<{ dedupe_key: string; recipient: string }>()
  ).results;

describe("admitting a wave", () => {
  it("admits the best places first, stores each place, and invites them with the wave's dedupe key", async () => {
    const [ann, bob] = await five();
    const { ctx, settle } = request();
    const waves = wavesOf(ctx);
    const next = await waves.next(2);
    expect(next).toMatchObject({ seq: 1, size: 2, lastPlace: 2, spotsLeft: referralRules.firstWaveSpots });
    expect(next.members.map((m) => m.email)).toEqual(["ann@example.com", "bob@example.com"]);

    const outcome = await waves.admit(1, 2, "admin@example.com");
    await settle();
    expect(outcome).toMatchObject({ kind: "admitted", invited: 2, wave: { seq: 1, size_asked: 2, created_by: "admin@example.com" } });
    const waveId = outcome.kind === "admitted" ? outcome.wave.id : "";
    expect(await invites()).toEqual([
      { dedupe_key: `invite:${waveId}:${ann.id}`, recipient: "ann@example.com" },
      { dedupe_key: `invite:${waveId}:${bob.id}`, recipient: "bob@example.com" },
    ]);
    const [figures] = await waves.list();
    expect(figures).toMatchObject({ admitted: 2, invited: 2, accepted: 0, last_place: 2 });
    expect(await waves.spotsLeft()).toBe(referralRules.firstWaveSpots - 2);
    // The next wave starts after them.
    expect((await waves.next(2)).members.map((m) => [m.email, m.place])).toEqual([
      ["cy@example.com", 3],
      ["dee@example.com", 4],
    ]);
  });

  it("follows the place in line, referral credits included, and leaves out parents who never confirmed", async () => {
    const ann = await parent("ann@example.com");
    await parent("bob@example.com");
    await parent("ned@example.com", { confirm: false });
    const cy = await parent("cy@example.com");
    // Two friends of cy confirm: cy moves up 2 × placesPerCredit places, to the front.
    await parent("f1@example.com", { referredBy: cy.ref_code });
    await parent("f2@example.com", { referredBy: cy.ref_code });
    const next = await wavesOf(request().ctx).next(3);
    expect(next.members.map((m) => m.email)).toEqual(["cy@example.com", "ann@example.com", "bob@example.com"]);
    expect(next.members.map((m) => m.place)).toEqual([1, 2, 3]);
    expect(next.members.some((m) => m.leadId === ann.id)).toBe(true);
  });

  it("skips erased, unsubscribed and suppressed parents", async () => {
    await five();
    const { ctx, settle } = request();
    await suppress(ctx, "ann@example.com", "marketing", "unsubscribe");
    await suppress(ctx, "bob@example.com", "all", "bounce");
    const cy = (await getBackend(ctx).leads.getById("leads", (await wavesOf(ctx).next(5)).members[0].leadId))!;
    expect(cy.email).toBe("cy@example.com");
    await eraseParentData(ctx, cy.email, "admin");
    const outcome = await wavesOf(ctx).admit(1, 2, "admin@example.com");
    await settle();
    expect(outcome.kind).toBe("admitted");
    expect((await invites()).map((m) => m.recipient)).toEqual(["dee@example.com", "eve@example.com"]);
    const [figures] = await wavesOf(ctx).list();
    // Places are the places in line at admission: ann and bob are still ahead in the line.
    expect(figures.last_place).toBe(4);
  });

  it("makes one wave of a double click, a resubmitted POST or two admins, with one invite each", async () => {
    await five();
    const { ctx, settle } = request();
    const results = await Promise.all([
      wavesOf(ctx).admit(1, 2, "one@example.com"),
      wavesOf(ctx).admit(1, 2, "one@example.com"),
      wavesOf(request().ctx).admit(1, 2, "two@example.com"),
    ]);
    await settle();
    expect(results.filter((r) => r.kind === "admitted")).toHaveLength(1);
    expect(results.filter((r) => r.kind === "already")).toHaveLength(2);
    // Later, the same form again.
    expect((await wavesOf(ctx).admit(1, 2, "one@example.com")).kind).toBe("already");
    expect(await wavesOf(ctx).list()).toHaveLength(1);
    expect(await invites()).toHaveLength(2);
    // A page older than the last wave cannot jump ahead, and an empty line admits nobody.
    expect((await wavesOf(ctx).admit(5, 2, "one@example.com")).kind).toBe("stale");
    expect((await wavesOf(ctx).admit(2, 3, "one@example.com")).kind).toBe("admitted");
    expect((await wavesOf(ctx).admit(3, 3, "one@example.com")).kind).toBe("empty");
    await settle();
    expect(await invites()).toHaveLength(5);
  });

  it("keeps an admitted wave as it was when later credits move a waiting parent ahead", async () => {
    const [ann, bob, cy] = await five();
    const { ctx, settle } = request();
    await wavesOf(ctx).admit(1, 2, "admin@example.com");
    // cy brings three friends and moves to the front of the line.
    for (const name of ["g1", "g2", "g3"]) await parent(`${name}@example.com`, { referredBy: cy.ref_code });
    await settle();
    expect((await standingOfLead(ctx, (await getBackend(ctx).leads.getById("leads", cy.id))!)).standing).toMatchObject({
      kind: "waiting",
      place: 1,
    });
    const [wave] = await wavesOf(ctx).list();
    const members = await wavesOf(ctx).membersOf(wave.id);
    expect(members?.members.map((m) => [m.lead_id, m.place])).toEqual([
      [ann.id, 1],
      [bob.id, 2],
    ]);
    expect(await wavesOf(ctx).inviteOf(ann.id)).toMatchObject({ place: 1, acceptedAt: null, expired: false });
    expect(await wavesOf(ctx).inviteOf(cy.id)).toBeNull();
    // cy is first in the next wave, at the place cy has now.
    expect((await wavesOf(ctx).next(1)).members).toMatchObject([{ leadId: cy.id, place: 1 }]);
  });
});

describe("the invite link", () => {
  async function admittedAnn() {
    const [ann] = await five();
    const { ctx, settle } = request();
    await wavesOf(ctx).admit(1, 1, "admin@example.com");
    await settle();
    const key = (await invites())[0].dedupe_key;
    const row = await d1.db.prepare("SELECT text FROM outbox WHERE dedupe_key = ?").bind(key).first<{ text: string }>();
    // The mail as the parent reads it: its one invite link.
    const link = new URL(/https?:\/\/\S+\/invite\?t=[\w.-]+/.exec(row!.text)![0]);
    return { ann, token: link.searchParams.get("t"), link };
  }

  it("is signed for the invite page of the parent's lead", async () => {
    const { ann, token, link } = await admittedAnn();
    expect(link.pathname).toBe("/invite");
    const checked = await checkLeadLink(request().ctx.env, true, token, "invite");
    expect(checked).toMatchObject({ ok: true, table: "leads", leadId: ann.id });
    // Not a status or confirmation link.
    expect((await checkLeadLink(request().ctx.env, true, token, "status")).ok).toBe(false);
  });

  it("asks a parent who already has an account to sign in: the mail, the page and where the button leads", async () => {
    const [ann] = await five();
    const { ctx, settle } = request();
    await getBackend(ctx).leads.upsertUser({ id: crypto.randomUUID(), email: ann.email, name: null });
    await wavesOf(ctx).admit(1, 1, "admin@example.com");
    await settle();
    const row = await d1.db.prepare("SELECT text FROM outbox WHERE template = 'invite'").first<{ text: string }>();
    expect(row!.text).toMatch(/sign in/i);
    expect(row!.text).not.toMatch(/create your .*account/i);
    const link = new URL(/https?:\/\/\S+\/invite\?t=[\w.-]+/.exec(row!.text)![0]);
    const token = link.searchParams.get("t")!;
    const page = (await invitePage(testContext(link.href, d1.bindings).ctx, link)) as unknown as { data: { copy: { text: string } } };
    expect(page.data.copy.text).toMatch(/already have an account/);
    const form = new FormData();
    form.set("t", token);
    form.set("intent", "accept");
    const thrown = await inviteAction(testContext(link.href, d1.bindings).ctx, new Request(link.href, { method: "POST" }), form).catch(
      (error: unknown) => error,
    );
    expect((thrown as Response).headers.get("Location")).toContain("/signup?mode=signin");
  });

  it("accepts once: parallel presses accept it one time, afterwards it reads as accepted", async () => {
    const { ann, token } = await admittedAnn();
    const waves = wavesOf(request().ctx);
    expect((await waves.checkInvite(token, { open: true })).state).toBe("open");
    const presses = await Promise.all([waves.accept(ann.id), waves.accept(ann.id), waves.accept(ann.id)]);
    expect(presses.filter(Boolean)).toHaveLength(1);
    expect((await waves.checkInvite(token)).state).toBe("accepted");
    expect(await waves.accountCreated(ann.id)).toBe(true);
    expect(await waves.accountCreated(ann.id)).toBe(false);
    expect((await waves.list())[0]).toMatchObject({ opened: 1, accepted: 1, accounts: 1 });
  });

  it("counts the launch funnel per variant and wave: admitted, opened, accepted, account, and nothing about who", async () => {
    const { ann, token } = await admittedAnn();
    const { ctx } = request();
    const waves = wavesOf(ctx);
    await waves.checkInvite(token, { open: true });
    await waves.checkInvite(token, { open: true });
    await waves.accept(ann.id);
    const rows = await launchFunnel(ctx, { kind: "all" });
    expect(rows).toEqual([{ variant: "genius", content: "genius", seq: 1, admitted: 1, opened: 1, accepted: 1, accounts: 0 }]);
    expect(JSON.stringify(rows)).not.toContain(ann.id);
  });

  it("says expired after its days, and the admin's re-send gives a fresh link once", async () => {
    const { ann, token } = await admittedAnn();
    const later = () => new Date(Date.now() + (referralRules.inviteLinkDays + 1) * 86_400_000);
    const { ctx, settle } = request();
    expect((await wavesOf(ctx, later).checkInvite(token)).state).toBe("expired");
    expect((await wavesOf(ctx).renew(ann.id)).outcome).toBe("not-expired");
    const renewals = await Promise.all([wavesOf(ctx, later).renew(ann.id), wavesOf(ctx, later).renew(ann.id)]);
    await settle();
    expect(renewals.filter((r) => r.outcome === "sent")).toHaveLength(1);
    expect(await invites()).toHaveLength(2);
    expect((await wavesOf(ctx, later).inviteOf(ann.id))?.expired).toBe(false);
  });

  it("refuses a forged or other variant's token", async () => {
    await admittedAnn();
    const waves = wavesOf(request().ctx);
    expect((await waves.checkInvite("abc.def")).state).toBe("invalid");
    expect((await waves.checkInvite(null)).state).toBe("invalid");
  });

  it("sends the invite again on the parent's request at most once per interval", async () => {
    const { ann } = await admittedAnn();
    const { ctx, settle } = request();
    // Just sent: too soon.
    expect(await wavesOf(ctx).resend(ann)).toBe("wait");
    const later = () => new Date(Date.now() + (referralRules.inviteResendMinutes + 1) * 60_000);
    const both = await Promise.all([wavesOf(ctx, later).resend(ann), wavesOf(ctx, later).resend(ann)]);
    await settle();
    expect(both.filter((r) => r === "sent")).toHaveLength(1);
    expect(await invites()).toHaveLength(2);
  });

  it("sends it at most 3 times a day to the parent's address, whoever presses the button (ADR 041)", async () => {
    const { ann } = await admittedAnn();
    const { ctx, settle } = request();
    const nineAm = Date.parse(`${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}T09:00:00Z`);
    const at = (minutes: number) => () => new Date(nineAm + minutes * 60_000);
    const answers = [];
    // Each press past the interval: three a day, then the next day again.
    for (const minutes of [0, 11, 22, 33, 24 * 60]) answers.push(await wavesOf(ctx, at(minutes)).resend(ann));
    await settle();
    expect(answers).toEqual(["sent", "sent", "sent", "wait", "sent"]);
    expect(await invites()).toHaveLength(5);
  });
});

describe("signing up from an accepted invite", () => {
  const INVITE_URL = "http://127.0.0.1:8810/invite";
  const SIGNUP_URL = "http://127.0.0.1:8810/signup";
  let ip = 0;

  /** Presses "Accept my invite" (or continues from an accepted one): the session cookie it leads on with. */
  async function pressInvite(token: string, intent: "accept" | "continue"): Promise<string> {
    const { load } = testContext(INVITE_URL, d1.bindings);
    const request = new Request(`${INVITE_URL}?t=${token}`, { method: "POST", body: new URLSearchParams({ t: token, intent }) });
    const answer = await inviteRoute({ request, context: load, params: {} }).then(
      () => null,
      (thrown: unknown) => thrown as Response,
    );
    expect(answer?.headers.get("Location")).toBe("/signup");
    return answer!.headers.get("Set-Cookie")!.split(";")[0];
  }

  /** The sign-up form posted with that session; the answer's session values. */
  async function signUpWith(cookie: string, email: string) {
    const { load, settle } = testContext(SIGNUP_URL, d1.bindings);
    const request = new Request(SIGNUP_URL, {
      method: "POST",
      headers: { Cookie: cookie, "CF-Connecting-IP": `203.0.113.${++ip}` },
      body: new URLSearchParams({
        mode: "signup",
        email,
        name: "Someone",
        password: "long enough pw",
        confirmPassword: "long enough pw",
        ...Object.fromEntries([await personStamp()]),
      }),
    });
    const answer = (await signupRoute({ request, context: load, params: {} })) as Response;
    await settle();
    expect(answer.headers.get("Location")).toBe("/signup-confirm");
    const next = answer.headers
      .getSetCookie()
      .find((c) => c.startsWith("__session="))!
      .split(";")[0];
    const { ctx } = testContext(SIGNUP_URL, d1.bindings);
    return getVariantValues(await getSession(new Request(SIGNUP_URL, { headers: { Cookie: next } }), ctx), ctx.variant);
  }

  const accountLead = async (email: string) =>
    (await d1.db.prepare("SELECT lead_id FROM accounts WHERE email = ?").bind(email).first<{ lead_id: string | null }>())?.lead_id;
  const accountCounted = async (lead: Lead) =>
    (
      await d1.db
        .prepare("SELECT account_created_at FROM wave_members WHERE lead_id = ?")
        .bind(lead.id)
        .first<{ account_created_at: string | null }>()
    )?.account_created_at ?? null;

  async function invited() {
    const [ann] = await five();
    const { ctx, settle } = request();
    await wavesOf(ctx).admit(1, 1, "admin@example.com");
    await settle();
    const token = await signLeadLink({}, true, { purpose: "invite", table: "leads", leadId: ann.id, ttlMs: 86_400_000 });
    return { ann, token };
  }

  it("links the account only to the invited address: whoever else holds the link gets an ordinary account, not counted", async () => {
    const { ann, token } = await invited();
    // The link was forwarded: someone accepts it and signs up with an address of their own.
    const stranger = await signUpWith(await pressInvite(token, "accept"), "mallory@example.com");
    expect(await accountLead("mallory@example.com")).toBeNull();
    expect(stranger.leadId).toBeUndefined();
    expect(await accountCounted(ann)).toBeNull();

    // Another browser continues from the accepted invite, as the parent, in another case.
    const parentValues = await signUpWith(await pressInvite(token, "continue"), "ANN@Example.com");
    expect(await accountLead("ann@example.com")).toBe(ann.id);
    expect(parentValues.leadId).toBe(ann.id);
    expect(await accountCounted(ann)).not.toBeNull();
    expect((await wavesOf(request().ctx).list())[0]).toMatchObject({ accepted: 1, accounts: 1 });
  });
});

describe("the status page after a wave", () => {
  const statusUrl = async (lead: Lead) =>
    `http://127.0.0.1:8810/status?t=${await signLeadLink({}, true, { purpose: "status", table: "leads", leadId: lead.id, ttlMs: 60_000 })}`;

  type View = { state: string; standing: Standing; spots: Spots; confirmedNotice: boolean };
  async function viewOf(lead: Lead, query = ""): Promise<View> {
    const url = (await statusUrl(lead)) + query;
    const page = (await statusPage(testContext(url, d1.bindings).ctx, new URL(url))) as unknown as { data: { view: View } };
    return page.data.view;
  }

  it("tells one story: the admitted are in, the others wait with their place, and every page counts the same spots", async () => {
    const [ann, bob, cy, dee] = await five();
    const { ctx, settle } = request();
    const before = await viewOf(cy);
    // Place 3 of 5 before any wave: waiting, never "in".
    expect(before.standing).toEqual({ kind: "waiting", place: 3, admittedAhead: 0, ahead: 2, behind: 2, held: 0 });
    expect(before.spots).toEqual({ capacity: 100, admitted: 0, left: 100 });
    await wavesOf(ctx).admit(1, 2, "admin@example.com");
    await settle();
    expect((await viewOf(ann)).standing).toMatchObject({ kind: "admitted", invite: { state: "open", acceptedAt: null, place: 1 } });
    expect((await viewOf(bob)).standing.kind).toBe("admitted");
    const after = await viewOf(cy);
    expect(after.standing).toEqual({ kind: "waiting", place: 3, admittedAhead: 2, ahead: 2, behind: 2, held: 0 });
    expect((await viewOf(dee)).standing).toMatchObject({ place: 4 });
    // The parent page, the waves page and the console cards: 98 of 100.
    expect(after.spots.left).toBe(98);
    expect((await wavesOf(ctx).next(1)).spotsLeft).toBe(98);
    expect((await consoleCards(ctx, variantScope(ctx.variant))).cards.variants[0].firstWave).toEqual({
      spots: 100,
      left: 98,
    });
    // The confirmed notice belongs to a waiting parent's redirect only.
    expect((await viewOf(cy, "&confirmed=1")).confirmedNotice).toBe(true);
    expect((await viewOf(ann, "&confirmed=1")).confirmedNotice).toBe(false);
  });

  it("offers an admitted parent no reward that moves places: their next reward is one that still means something", async () => {
    const [ann, , cy] = await five();
    const { ctx, settle } = request();
    const rewards = getBackend(ctx).rewards;
    const at = new Date().toISOString();
    const base = { description: "", file: null, places: null, enabled: true };
    await rewards.saveStep("leads", { ...base, threshold: 1, kind: "places", title: "Jump 10 more places", places: 10 }, at);
    await rewards.saveStep("leads", { ...base, threshold: 2, kind: "perk", title: "A call with a coach" }, at);
    await wavesOf(ctx).admit(1, 1, "admin@example.com");
    await settle();
    type Ladder = { steps: { title: string }[]; next: { title: string; count: number } | null };
    const ladderOf = async (lead: Lead) => ((await viewOf(lead)) as unknown as { rewards: Ladder }).rewards;
    const admitted = await ladderOf(ann);
    expect(admitted.steps.map((step) => step.title)).toEqual(["A call with a coach"]);
    expect(admitted.next).toMatchObject({ title: "A call with a coach", count: 2 });
    // A parent still in line is offered the places.
    expect((await ladderOf(cy)).next).toMatchObject({ title: "Jump 10 more places", count: 1 });
  });

  it("knows a parent with an account, and sends no moved-up mail to a parent past the line", async () => {
    const [ann] = await five();
    const { ctx, settle } = request();
    await wavesOf(ctx).admit(1, 1, "admin@example.com");
    await settle();
    // A friend of ann's confirms: ann is admitted, so nothing "moved up" for her.
    await parent("friend@example.com", { referredBy: ann.ref_code });
    await settle();
    const movedUp = await d1.db.prepare("SELECT COUNT(*) AS n FROM outbox WHERE template = 'moved-up'").first<{ n: number }>();
    expect(movedUp?.n).toBe(0);
    await getBackend(ctx).leads.upsertUser({ id: crypto.randomUUID(), email: ann.email, name: null });
    expect((await viewOf(ann)).standing).toMatchObject({ kind: "account", invite: { state: "open" } });
  });

  it("sends the invite again from the status page once (303 with a notice), and refuses a bad link with a 400", async () => {
    const [ann] = await five();
    const { ctx, settle } = request();
    await wavesOf(ctx).admit(1, 1, "admin@example.com");
    await settle();
    const url = await statusUrl(ann);
    const post = async (target: string) => {
      const result = await inviteResendAction(
        testContext(target, d1.bindings).ctx,
        new Request(target, { method: "POST" }),
        new URL(target),
      ).catch((thrown: unknown) => thrown);
      if (result instanceof Response) return { status: result.status, location: result.headers.get("Location") };
      return { status: (result as unknown as { init: { status: number } }).init.status, location: null };
    };
    // Sent a moment ago with the wave: "we just sent it", nothing more.
    expect(await post(url)).toMatchObject({ status: 303, location: expect.stringContaining("invite=wait") });
    expect(await post("http://127.0.0.1:8810/status?t=forged.token")).toMatchObject({ status: 400 });
    await settle();
    expect(await invites()).toHaveLength(1);
  });
});
