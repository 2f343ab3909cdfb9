import { describe, expect, it } from "vitest";
import type { AuthUser } from "~/auth/auth";
import { getBackend } from "~/data/backend.server";
import { confirmWaitlist } from "~/leads/confirmation.server";
import { referralsOf } from "~/referrals/referrals.server";
import { completeAccount, welcomeRefLink } from "~/signup/signup.server";
import type { RequestContext } from "~/utils/context.server";
import { testContext } from "./helpers/context";
import { getSession, setVariantValues } from "~/utils/session.server";
import { useLocalD1 } from "./helpers/local-d1";

/** The confirmed-account step of /signup-confirm (SPEC 4.5, 7.2) on a real local D1 with the outbox transport. */
const d1 = useLocalD1();

const TENNIS = { domain: "champion", sport: "tennis" } as const;

let settle: () => Promise<void> = async () => {};
function ctx(bindings: Record<string, unknown> = d1.bindings): RequestContext {
  const made = testContext("http://127.0.0.1:8807/signup-confirm?domain=champion&sport=tennis", bindings);
  settle = made.settle;
  return made.ctx;
}

const user = (id: string, email: string): AuthUser => ({ id, email, name: "Ann Lee", role: "user", emailConfirmed: true });

async function rows<T>(sql: string, ...args: unknown[]): Promise<T[]> {
  return (
    await d1.db
      .prepare(sql)
      .bind(...args)
      .all<T>()
  ).results;
}

describe("completeAccount", () => {
  it("saves the users record and sends one welcome e-mail, also when called again", async () => {
    const c = ctx();
    const session = await getSession(new Request(c.url), c);
    setVariantValues(session, TENNIS, { selectedPlan: "compete", billingCycle: "yearly" });
    const ann = user("user-1", "ann@example.com");

    // Queued first; the tick only once the provider (here the local outbox) took it.
    const first = await completeAccount(c, session, ann);
    expect(first).toMatchObject({ saved: true, welcomeSent: false, welcome: "queued" });
    await settle();
    const again = await completeAccount(c, session, ann);
    expect(again).toMatchObject({ saved: true, welcomeSent: true, welcome: "sent" });
    // The page shows the e-mail's referral link, the same on every reload.
    const refLink = first.saved ? first.refLink : "";
    expect(refLink).toMatch(/^http:\/\/127\.0\.0\.1:8807\/\?domain=champion&sport=tennis&r=[A-Z2-7]{8}$/);
    expect(again).toMatchObject({ refLink });

    expect(await rows("SELECT id, email, name, lead_id FROM users WHERE id = ?", "user-1")).toEqual([
      { id: "user-1", email: "ann@example.com", name: "Ann Lee", lead_id: null },
    ]);
    const mails = await rows<{ subject: string; text: string; template: string }>(
      "SELECT subject, text, template FROM outbox WHERE recipient = ?",
      "ann@example.com",
    );
    expect(mails).toHaveLength(1);
    expect(mails[0].template).toBe("welcome");
    expect(mails[0].subject).toBe("You're in! Welcome to Tennis Champion");
    expect(mails[0].text).toContain("Compete");
    expect(mails[0].text).toContain(`Your personal share link: ${refLink}`);
    expect(session.get("isAuthenticated")).toBe(true);
  });

  it("sends no second welcome e-mail when the account is confirmed again from another browser", async () => {
    const c = ctx();
    const eve = user("user-4", "eve@example.com");
    const first = await getSession(new Request(c.url), c);
    expect(await completeAccount(c, first, eve)).toMatchObject({ saved: true });
    await settle();
    const otherBrowser = await getSession(new Request(c.url), c);
    expect(await completeAccount(c, otherBrowser, eve)).toMatchObject({ saved: true, welcomeSent: true, welcome: "sent" });
    expect(await rows("SELECT id FROM outbox WHERE recipient = ?", "eve@example.com")).toHaveLength(1);
  });

  it("keeps the lead id and uses the lead's own referral code", async () => {
    const c = ctx();
    await d1.db
      .prepare("INSERT INTO leads_tennis (id, email, ref_code) VALUES (?, ?, ?)")
      .bind("lead-7", "bo@example.com", "LEADCODE")
      .run();
    const session = await getSession(new Request(c.url), c);
    setVariantValues(session, TENNIS, { leadId: "lead-7" });
    expect(await welcomeRefLink(c, session, "bo@example.com")).toBe("http://127.0.0.1:8807/?domain=champion&sport=tennis&r=LEADCODE");
    expect(await completeAccount(c, session, user("user-2", "bo@example.com"))).toMatchObject({
      refLink: "http://127.0.0.1:8807/?domain=champion&sport=tennis&r=LEADCODE",
    });
    expect(await rows("SELECT lead_id FROM users WHERE id = ?", "user-2")).toEqual([{ lead_id: "lead-7" }]);
    await settle();
    const [mail] = await rows<{ text: string }>("SELECT text FROM outbox WHERE recipient = ?", "bo@example.com");
    expect(mail.text).toContain("Your personal share link: http://127.0.0.1:8807/?domain=champion&sport=tennis&r=LEADCODE");
  });

  it("links a waiting hockey parent's account to their lead after the funnel ended on the waitlist: the page shows the account prompt", async () => {
    const made = testContext("http://127.0.0.1:8807/signup-confirm?domain=champion&sport=icehockey", d1.bindings);
    const c = made.ctx;
    const hockey = { domain: "champion", sport: "icehockey" } as const;
    const lead = await getBackend(c).leads.create("leads_icehockey", { email: "hal@example.com", step_completed: 3 });
    const session = await getSession(new Request(c.url), c);
    setVariantValues(session, hockey, { leadId: lead.id, userEmail: "hal@example.com", selectedPlan: "pro-academy" });
    // "Join Waitlist" ends the funnel on /confirm (its session keys are spent); the e-mail is confirmed: waiting.
    await confirmWaitlist(c, session);
    await made.settle();
    await referralsOf(c).confirm(lead.id);
    // Then the parent creates an account with the same address.
    const done = await completeAccount(c, session, user("user-5", "hal@example.com"));
    await made.settle();
    expect(done).toMatchObject({ saved: true, statusLink: expect.stringContaining("/status?") });
    expect(await rows("SELECT lead_id FROM users WHERE id = ?", "user-5")).toEqual([{ lead_id: lead.id }]);
    const welcome = await rows<{ text: string }>("SELECT text FROM outbox WHERE recipient = ? AND template = 'welcome'", "hal@example.com");
    expect(welcome).toHaveLength(1);
    // Its footer offers "Manage my data" for the lead, not only the privacy policy.
    expect(welcome[0].text).toContain("/my-data?");
  });

  it("links from the configured origin, never the request's Host", async () => {
    const c = testContext("http://evil.example/signup-confirm", {
      ...d1.bindings,
      SESSION_SECRET: "s",
      GENIUS_HOSTS: "aiparenting.example",
    }).ctx;
    const session = await getSession(new Request(c.url), c);
    expect(await welcomeRefLink(c, session, "cy@example.com")).toMatch(/^https:\/\/aiparenting\.example\/\?r=[A-Z2-7]{8}$/);
  });

  it("reports a failed save and sends nothing, so the next visit tries again", async () => {
    const broken = {
      ...d1.bindings,
      DB: {
        prepare: () => {
          throw new Error("D1 is down");
        },
      },
    };
    const c = ctx(broken);
    const session = await getSession(new Request(c.url), c);
    expect(await completeAccount(c, session, user("user-3", "dee@example.com"))).toEqual({ saved: false });
    expect(await rows("SELECT id FROM outbox WHERE recipient = ?", "dee@example.com")).toEqual([]);
  });
});
