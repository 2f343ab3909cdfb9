import { beforeEach, describe, expect, it } from "vitest";
import { getPage, type ContentKey } from "#content/index";
import { action as formAction, loader as formLoader } from "~/routes/form";
import { action as plansAction, loader as plansLoader } from "~/routes/plans";
import { loader as confirmLoader } from "~/routes/confirm";
import { personStamp } from "./helpers/bot-fields";
import { cookieJar, workerLoad } from "./helpers/cookie-jar";
import { funnelAnswers } from "./helpers/funnel-answers";
import { LEAD_TABLES } from "~/data/lead-model";
import { emptyTables, useLocalD1 } from "./helpers/local-d1";

/**
 * The plan step (SPEC 2.7, 4.1, 4.6): by default a plan leads to /signup; the in-preparation top
 * tier of the sport editions, and every plan in waitlist mode, leads to the waitlist (/confirm) and
 * never promises a trial; the prelaunch subject without a plan names the brand.
 */

const d1 = useLocalD1();
beforeEach(async () => {
  await emptyTables(d1.db, [...LEAD_TABLES, "outbox", "lead_ip_counts"]);
});

/** The bindings with LAUNCH_MODE unset (the embedded default), or set to `mode`. */
function bindings(mode?: "waitlist" | "live") {
  const { LAUNCH_MODE: _ignored, ...rest } = d1.bindings as Record<string, unknown>;
  return mode ? { ...rest, LAUNCH_MODE: mode } : rest;
}

const background: Promise<unknown>[] = [];
async function settle() {
  while (background.length) await Promise.allSettled(background.splice(0));
}

const query: Record<ContentKey, string> = {
  genius: "",
  icehockey: "?domain=champion&sport=icehockey",
  tennis: "?domain=champion&sport=tennis",
};
const table: Record<ContentKey, string> = { genius: "leads", icehockey: "leads_icehockey", tennis: "leads_tennis" };

let visitors = 0;

/** A visitor of one variant who has finished the three steps with `email`; one cookie jar. */
async function visitorAtPlans(key: ContentKey, env: Record<string, unknown>, email: string) {
  // Each visitor on its own address, as people are: the form limiter counts posts per address.
  const address = `10.${visitors % 250}.${Math.floor(visitors / 250) % 250}.${++visitors % 250}`;
  const url = (path: string) => `http://127.0.0.1:8787${path}${query[key]}`;
  const { get, post } = cookieJar({ url, headers: { "CF-Connecting-IP": address }, load: () => workerLoad(env, background) });

  const [step1, step2] = funnelAnswers(key);
  await get(formLoader, "/form");
  const stamp = await personStamp();
  await post(formAction, "/form", [...step1, stamp]);
  await post(formAction, "/form", [...step2, stamp]);
  const step3 = await post(formAction, "/form", [["step", "3"], ["email", email], stamp]);
  expect(step3.location).toContain("/roadmap");
  return { get, post };
}

const plansOf = (key: ContentKey) => getPage(key, "plans").plans;
const bookable = (key: ContentKey) => plansOf(key).find((plan) => plan.id !== "pro" && plan.status !== "in-preparation")!;
const inPreparation = (key: ContentKey) => plansOf(key).find((plan) => plan.status === "in-preparation")!;
type PlansData = { plans: { id: string; ending: "signup" | "waitlist" }[] };

describe("the plan step's endings", () => {
  it.each(["genius", "icehockey", "tennis"] as const)("%s: by default a plan leads to /signup and is recorded", async (key) => {
    const email = `default-${key}@example.com`;
    const visitor = await visitorAtPlans(key, bindings(), email);
    const plan = bookable(key);
    const answer = await visitor.post(plansAction, "/plans", [
      ["plan", plan.id],
      ["cycle", "yearly"],
    ]);
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/signup${query[key]}`);
    const lead = await d1.db.prepare(`SELECT plan_chosen, billing_cycle FROM ${table[key]} WHERE email = ?`).bind(email).first();
    expect(lead).toEqual({ plan_chosen: plan.id, billing_cycle: "yearly" });
  });

  it.each(["icehockey", "tennis"] as const)(
    "%s: the in-preparation top tier reads 'Join Waitlist', is recorded and leads to /confirm, also by default",
    async (key) => {
      const email = `prep-${key}@example.com`;
      const visitor = await visitorAtPlans(key, bindings(), email);
      const plan = inPreparation(key);
      const page = await visitor.get(plansLoader, "/plans");
      const endings = Object.fromEntries((page.data as PlansData).plans.map((item) => [item.id, item.ending]));
      expect(endings[plan.id]).toBe("waitlist");
      expect(endings[bookable(key).id]).toBe("signup");
      expect(getPage(key, "plansPage").plans.joinWaitlist).toBe("Join Waitlist");

      const answer = await visitor.post(plansAction, "/plans", [
        ["plan", plan.id],
        ["cycle", "monthly"],
      ]);
      expect(answer.location).toBe(`/confirm${query[key]}`);
      const lead = await d1.db.prepare(`SELECT plan_chosen FROM ${table[key]} WHERE email = ?`).bind(email).first();
      expect(lead).toEqual({ plan_chosen: plan.id });
    },
  );

  it.each(["genius", "icehockey", "tennis"] as const)(
    "%s: in waitlist mode every plan leads to /confirm and reads 'Join Waitlist'",
    async (key) => {
      const visitor = await visitorAtPlans(key, bindings("waitlist"), `waitlist-${key}@example.com`);
      const page = await visitor.get(plansLoader, "/plans");
      expect((page.data as PlansData).plans.every((item) => item.ending === "waitlist")).toBe(true);
      const answer = await visitor.post(plansAction, "/plans", [
        ["plan", bookable(key).id],
        ["cycle", "monthly"],
      ]);
      expect(answer.location).toBe(`/confirm${query[key]}`);
    },
  );

  it("choosing a waitlist plan queues the e-mail; /confirm then only reads it", async () => {
    const email = "queued-by-choice@example.com";
    const visitor = await visitorAtPlans("genius", bindings("waitlist"), email);
    await visitor.post(plansAction, "/plans", [
      ["plan", bookable("genius").id],
      ["cycle", "monthly"],
    ]);
    // The send waits until the redirect's page has been served.
    const queued = await d1.db.prepare("SELECT status FROM outbox WHERE recipient = ?").bind(email).first<{ status: string }>();
    expect(queued?.status).toBe("pending");
    await settle();
    const rows = () => d1.db.prepare("SELECT count(*) AS n FROM outbox WHERE recipient = ?").bind(email).first<{ n: number }>();
    expect(await rows()).toEqual({ n: 1 });
    const shown = await visitor.get(confirmLoader, "/confirm");
    expect(shown.status).toBe(200);
    expect((shown.data as { mail: string; email: string }).mail).toBe("sent");
    expect((shown.data as { email: string }).email).toBe(email);
    expect(await rows()).toEqual({ n: 1 });
  });

  it("the waitlist copy of /plans promises no trial", () => {
    for (const key of ["genius", "icehockey", "tennis"] as const) {
      const copy = getPage(key, "plansPage").plans;
      expect(`${copy.joinWaitlist} ${copy.waitlistSubtitle}`).not.toMatch(/trial|try free/i);
    }
  });
});

describe("the prelaunch e-mail", () => {
  it("without a chosen plan its subject names the brand, never 'Not selected'", async () => {
    const email = "no-plan@example.com";
    const visitor = await visitorAtPlans("genius", bindings("waitlist"), email);
    const shown = await visitor.get(confirmLoader, "/confirm");
    expect(shown.status).toBe(200);
    await settle();
    const mail = await d1.db.prepare("SELECT subject FROM outbox WHERE recipient = ?").bind(email).first<{ subject: string }>();
    const brand = getPage("genius", "site").title;
    expect(mail?.subject).toBe(`Welcome to ${brand} - Your Referral Link is Ready!`);
  });

  it("with a chosen plan its subject names the plan", async () => {
    const email = "with-plan@example.com";
    const visitor = await visitorAtPlans("tennis", bindings(), email);
    const plan = inPreparation("tennis");
    await visitor.post(plansAction, "/plans", [
      ["plan", plan.id],
      ["cycle", "monthly"],
    ]);
    await visitor.get(confirmLoader, "/confirm");
    await settle();
    const mail = await d1.db.prepare("SELECT subject FROM outbox WHERE recipient = ?").bind(email).first<{ subject: string }>();
    expect(mail?.subject).toBe(`Welcome to ${plan.name} - Your Referral Link is Ready!`);
  });
});
