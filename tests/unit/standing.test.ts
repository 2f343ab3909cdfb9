import { describe, expect, it } from "vitest";
import { contentForMode, getModePage, type ContentKey } from "#content/index";
import { spotsOf, standingOf, canMoveUp, standingName, heldText } from "~/standing/standing";
import { renderEmail } from "../../emails/render.server";

/** A parent's standing (docs/decisions/027-one-standing.md) and the copy that follows LAUNCH_MODE. */
describe("a parent's standing", () => {
  const now = new Date("2026-11-27T12:00:00Z");
  const invite = { invitedAt: "2026-11-20T12:00:00Z", expiresAt: "2026-12-04T12:00:00Z", acceptedAt: null, place: 3 };
  const base = { confirmed: true, place: 3, admitted: 0, invite: null, hasAccount: false };

  it("is unconfirmed before the button, waiting with a place after it, never in before a wave", () => {
    expect(standingOf({ ...base, confirmed: false, place: null }, now)).toEqual({ kind: "unconfirmed" });
    expect(standingOf(base, now)).toEqual({ kind: "waiting", place: 3, admittedAhead: 0, ahead: 2, behind: 0, held: 0 });
    expect(standingOf({ ...base, place: 98, admitted: 5 }, now)).toEqual({
      kind: "waiting",
      place: 98,
      admittedAhead: 5,
      ahead: 97,
      behind: 0,
      held: 0,
    });
  });

  it("is admitted with an open, accepted or expired invite, and an account outranks all", () => {
    expect(standingOf({ ...base, invite }, now)).toMatchObject({ kind: "admitted", invite: { state: "open" } });
    expect(standingOf({ ...base, invite: { ...invite, acceptedAt: "2026-11-21T00:00:00Z" } }, now)).toMatchObject({
      invite: { state: "accepted" },
    });
    expect(standingOf({ ...base, invite }, new Date("2026-12-05T00:00:00Z"))).toMatchObject({ invite: { state: "expired" } });
    expect(standingOf({ ...base, invite, hasAccount: true }, now)).toMatchObject({ kind: "account", invite: { state: "open" } });
    expect(standingName(standingOf({ ...base, invite }, now))).toBe("admitted-open");
  });

  it("lets referrals move a parent only before admission", () => {
    expect(canMoveUp(standingOf(base, now))).toBe(true);
    expect(canMoveUp(standingOf({ ...base, invite }, now))).toBe(false);
    expect(canMoveUp(standingOf({ ...base, hasAccount: true }, now))).toBe(false);
  });

  it("counts first-wave spots as the capacity less those admitted, never below zero", () => {
    expect(spotsOf(5)).toEqual({ capacity: 100, admitted: 5, left: 95 });
    expect(spotsOf(140)).toMatchObject({ left: 0 });
  });
});

describe("copy in LAUNCH_MODE=waitlist", () => {
  const keys: ContentKey[] = ["genius", "icehockey", "tennis"];
  const trial = /free trial|credit card|free week|seven days free/i;

  it.each(keys)("%s: landing, pricing, FAQ and roadmap promise no trial; live mode still does", (key) => {
    for (const page of ["landing", "plansPage", "faq", "roadmap"] as const) {
      expect(JSON.stringify(getModePage(key, "waitlist", page)), `${key} ${page}`).not.toMatch(trial);
    }
    expect(JSON.stringify(getModePage(key, "live", "landing"))).toMatch(trial);
  });

  it.each(keys)("%s: the invite and welcome mails promise no trial, and an account holder is asked to sign in", async (key) => {
    const data = { origin: "https://example.test", inviteLink: "https://example.test/invite?t=x", inviteExpires: "4 December 2026" };
    const waitlist = await renderEmail("invite", key, { ...data, launchMode: "waitlist" });
    expect(waitlist.text).not.toMatch(trial);
    const welcome = await renderEmail("welcome", key, { ...data, launchMode: "waitlist" });
    expect(welcome.text).not.toMatch(trial);
    const live = await renderEmail("invite", key, data);
    expect(live.text).toMatch(/create your/i);
    const account = await renderEmail("invite", key, { ...data, hasAccount: true });
    expect(account.text).toMatch(/sign in/i);
    expect(account.text).not.toMatch(/create your .*account/i);
  });

  // The same pages and mails, in any order: the content objects are shared by the files of one
  // Vitest worker, and another file's first read of a lazily added page changes the key order.
  it("adds no page or mail a variant lacks", () => {
    const keys = (object: object) => Object.keys(object).sort();
    expect(keys(contentForMode("waitlist").icehockey.emails ?? {})).toEqual(keys(contentForMode("live").icehockey.emails ?? {}));
    expect(keys(contentForMode("waitlist").tennis)).toEqual(keys(contentForMode("live").tennis));
  });
});

describe("held credits and neighbours in line (ADR 036)", () => {
  const base = { confirmed: true, place: 40, admitted: 0, invite: null, hasAccount: false };

  it("says how many are ahead and behind, and how many friends wait for review", () => {
    expect(standingOf({ ...base, lineSize: 100, held: 10 })).toMatchObject({ kind: "waiting", ahead: 39, behind: 60, held: 10 });
  });

  it("words the held count in the content's exact copy, singular and plural", () => {
    const copy = getModePage("genius", "waitlist", "waitlist").status.held;
    expect(heldText(10, copy)).toBe("10 friends pending review");
    expect(heldText(1, copy)).toBe("1 friend pending review");
    expect(heldText(0, copy)).toBeNull();
  });
});

describe("mails by standing", () => {
  it("tells an admitted parent's announcement about the invite, not a place or moving up", async () => {
    const data = {
      origin: "https://example.test",
      statusLink: "https://example.test/status?t=x",
      announcement: { date: "2026-12-01", message: "Hello", ctaLabel: "Open", ctaUrl: "/" },
    };
    const waiting = await renderEmail("announcement", "genius", { ...data, place: 7 });
    expect(waiting.text).toContain("number 7 in line");
    const admitted = await renderEmail("announcement", "genius", { ...data, place: null, admitted: true });
    expect(admitted.text).toMatch(/invite/i);
    expect(admitted.text).not.toMatch(/in line|move you up/i);
  });
});
