import { beforeEach, describe, expect, it } from "vitest";
import { getPage, type ContentKey } from "#content/index";
import { getBackend } from "~/data/backend.server";
import type { Lead } from "~/data/ports/lead-store";
import { referralsOf } from "~/referrals/referrals.server";
import { action as formAction, loader as formLoader } from "~/routes/form";
import { action as guideFormAction, loader as guideFormLoader } from "~/routes/guide-form";
import { loader as guideConfirmLoader } from "~/routes/guide-confirm";
import { loader as landedLoader } from "~/routes/landed";
import { loader as confirmLoader } from "~/routes/confirm";
import { action as verifyAction, loader as verifyLoader } from "~/routes/verify-email";
import { testContext } from "./helpers/context";
import { cookieJar, workerLoad } from "./helpers/cookie-jar";
import { funnelAnswers } from "./helpers/funnel-answers";
import { personStamp } from "./helpers/bot-fields";
import { LEAD_TABLES } from "~/data/lead-model";
import { emptyTables, useLocalD1 } from "./helpers/local-d1";

/**
 * A lead's address is the one its owner confirmed (ADR 040): the funnel's step 3 or the guide form
 * posted again, even with a session cookie replayed from before the confirm page, never moves a
 * lead to another address. A different address is a new, unconfirmed lead of its own, checked for
 * referral fraud as that address; and a confirmation link confirms only the address it was sent to.
 */

const d1 = useLocalD1();
beforeEach(async () => {
  await emptyTables(d1.db, [...LEAD_TABLES, "outbox", "referrals", "lead_ip_counts"]);
});

const background: Promise<unknown>[] = [];
const load = () => workerLoad(d1.bindings, background);

let visitors = 0;

/** One browser: a cookie jar that can be saved and put back, as an attacker replays a cookie. */
function browser(key: ContentKey = "genius") {
  const address = `10.9.${Math.floor(++visitors / 250) % 250}.${visitors % 250}`;
  const query = key === "genius" ? "" : `domain=champion&sport=${key}`;
  const url = (path: string) => `http://127.0.0.1:8787${path}${query ? (path.includes("?") ? "&" : "?") + query : ""}`;
  const { get, post, saved, replay } = cookieJar({ url, headers: { "CF-Connecting-IP": address }, load });
  const steps = funnelAnswers(key);
  return {
    get,
    post,
    saved,
    replay,
    async stepsOneAndTwo() {
      await get(formLoader, "/form");
      const stamp = await personStamp();
      await post(formAction, "/form", [...steps[0], stamp]);
      await post(formAction, "/form?step=2", [...steps[1], stamp]);
    },
    async step3(email: string) {
      const answer = await post(formAction, "/form?step=3", [["step", "3"], ["email", email], await personStamp()]);
      expect(answer.location).toContain("/roadmap");
    },
  };
}

const leads = () => getBackend(testContext("http://127.0.0.1:8787/", d1.bindings).ctx).leads;
const byEmail = async (email: string) => (await leads().getByEmail("leads", email))!;
const allWith = async (email: string) =>
  (await d1.db.prepare("SELECT id, email, email_verified, confirm_seq FROM leads WHERE email = ?").bind(email).all<Lead>()).results;

/** A parent on the list who confirmed, with a referral code. */
async function confirmedParent(email: string): Promise<Lead> {
  const { ctx } = testContext("http://127.0.0.1:8787/", d1.bindings);
  const lead = await leads().create("leads", {
    email,
    step_completed: 3,
    ref_code: `R${Math.random().toString(36).slice(2, 9).toUpperCase()}`,
  });
  await referralsOf(ctx).confirm(lead.id);
  return (await leads().getById("leads", lead.id))!;
}

/** The token of the newest confirmation link mailed to `email`. */
async function verifyTokenMailedTo(email: string): Promise<string> {
  await Promise.allSettled(background.splice(0));
  const row = await d1.db
    .prepare("SELECT render_input, html FROM outbox WHERE recipient = ? ORDER BY created_at DESC LIMIT 1")
    .bind(email)
    .first<{ render_input: string | null; html: string }>();
  const token = /verify-email\?t=([A-Za-z0-9_.-]+)/.exec(`${row?.render_input ?? ""}${row?.html ?? ""}`)?.[1];
  expect(token, `a confirmation link mailed to ${email}`).toBeTruthy();
  return token!;
}

async function pressConfirm(visitor: ReturnType<typeof browser>, token: string) {
  await visitor.get(verifyLoader, `/verify-email?t=${token}`);
  return visitor.post(verifyAction, "/verify-email", [
    ["t", token],
    ["intent", "confirm"],
  ]);
}

describe("a lead's address changes only by a confirmed new lead", () => {
  it("step 3 posted again with an inbox confirmed elsewhere credits nobody: the new address is a lead of its own, checked as itself", async () => {
    const referrer = await confirmedParent("referrer@example.com");
    const owned = await confirmedParent("owned-inbox@example.com");
    const attacker = browser();
    await attacker.get(landedLoader, `/landed?page=home&r=${referrer.ref_code}`);
    await attacker.stepsOneAndTwo();
    await attacker.step3("throwaway@example.com");
    await attacker.step3(owned.email);
    await attacker.get(confirmLoader, "/confirm");
    const token = await verifyTokenMailedTo(owned.email);
    await pressConfirm(browser(), token);

    expect((await leads().getById("leads", referrer.id))!.referral_count).toBe(0);
    const credited = await d1.db.prepare("SELECT COUNT(*) AS n FROM referrals WHERE status = 'credited'").first<{ n: number }>();
    expect(credited?.n).toBe(0);
    // The throwaway lead still holds the address it was given.
    expect(await allWith("throwaway@example.com")).toHaveLength(1);
    // The confirmed inbox's own lead is untouched; the new one is refused as a duplicate.
    const second = (await allWith(owned.email)).find((row) => row.id !== owned.id)!;
    const referral = await referralsOf(testContext("http://127.0.0.1:8787/", d1.bindings).ctx).referralOf(second.id);
    expect(referral?.status).toBe("rejected");
    expect(referral?.reason).toBe("duplicate-email");
  });

  it("a replayed cookie and a stranger's address: the attacker's own link no longer confirms anything, and the stranger stays unconfirmed", async () => {
    const attacker = browser();
    await attacker.stepsOneAndTwo();
    await attacker.step3("attacker@example.com");
    const beforeConfirm = attacker.saved();
    await attacker.get(confirmLoader, "/confirm");
    const token = await verifyTokenMailedTo("attacker@example.com");

    attacker.replay(beforeConfirm);
    await attacker.step3("stranger@example.com");
    const pressed = await pressConfirm(attacker, token);

    const stranger = await allWith("stranger@example.com");
    expect(stranger.every((row) => !row.email_verified && row.confirm_seq === null)).toBe(true);
    // The link confirmed the address it was sent to, and only that one.
    const own = await byEmail("attacker@example.com");
    expect(pressed.location).toMatch(/^\/status\?/);
    expect(own.confirm_seq).not.toBeNull();
  });

  it("a link whose lead now holds another address confirms nobody (400, the invalid-link page)", async () => {
    const visitor = browser();
    await visitor.stepsOneAndTwo();
    await visitor.step3("first@example.com");
    await visitor.get(confirmLoader, "/confirm");
    const token = await verifyTokenMailedTo("first@example.com");
    // An address changed behind the link's back (an admin's edit, an old bug's row).
    const lead = await byEmail("first@example.com");
    await leads().update("leads", lead.id, { email: "other@example.com" });

    const page = await browser().get(verifyLoader, `/verify-email?t=${token}`);
    expect(page.status).toBe(400);
    const pressed = await pressConfirm(browser(), token);
    expect(pressed.status).toBe(400);
    expect((await leads().getById("leads", lead.id))!.confirm_seq).toBeNull();
  });

  it("a replayed cookie on a confirmed lead leaves its address and its confirmation alone", async () => {
    const parent = browser();
    await parent.stepsOneAndTwo();
    await parent.step3("parent@example.com");
    const beforeConfirm = parent.saved();
    await parent.get(confirmLoader, "/confirm");
    await pressConfirm(parent, await verifyTokenMailedTo("parent@example.com"));
    const confirmed = await byEmail("parent@example.com");
    expect(confirmed.confirm_seq).not.toBeNull();

    parent.replay(beforeConfirm);
    await parent.step3("someone-else@example.com");
    const after = (await leads().getById("leads", confirmed.id))!;
    expect(after.email).toBe("parent@example.com");
    expect(after.confirm_seq).toBe(confirmed.confirm_seq);
    const other = await allWith("someone-else@example.com");
    expect(other).toHaveLength(1);
    expect(other[0].confirm_seq).toBeNull();
  });

  it("step 3 sent twice with the new address (a double click) makes one new lead", async () => {
    const parent = browser();
    await parent.stepsOneAndTwo();
    await parent.step3("typo@exmaple.com");
    const saved = parent.saved();
    await parent.step3("fixed@example.com");
    // The second click's request carried the cookie from before the first one's answer.
    parent.replay(saved);
    await parent.step3("fixed@example.com");
    expect(await allWith("fixed@example.com")).toHaveLength(1);
    // The same inbox typed again (case) is no change of address.
    await parent.step3("FIXED@example.com");
    expect(await allWith("fixed@example.com")).toHaveLength(1);
  });

  it("the guide form posted again with a replayed cookie never moves a confirmed lead to another address", async () => {
    const options = getPage("genius", "options");
    const parent = browser();
    await parent.get(guideFormLoader, "/guide-form");
    const form = async (email: string) =>
      parent.post(guideFormAction, "/guide-form", [
        ["email", email],
        ["ageBand", options.leadFormAgeBands[0].value],
        ["goals", options.leadFormGoals[0].value],
        await personStamp(),
      ]);
    await form("guide-parent@example.com");
    const beforeConfirm = parent.saved();
    await parent.get(guideConfirmLoader, "/guide-confirm");
    await pressConfirm(parent, await verifyTokenMailedTo("guide-parent@example.com"));
    const confirmed = await byEmail("guide-parent@example.com");
    expect(confirmed.confirm_seq).not.toBeNull();

    parent.replay(beforeConfirm);
    await form("guide-stranger@example.com");
    expect((await leads().getById("leads", confirmed.id))!.email).toBe("guide-parent@example.com");
    const stranger = await allWith("guide-stranger@example.com");
    expect(stranger).toHaveLength(1);
    expect(stranger[0].confirm_seq).toBeNull();
  });
});
