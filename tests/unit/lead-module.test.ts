import { beforeEach, describe, expect, it, vi } from "vitest";
import { getPage } from "#content/index";
import { action as formAction, loader as formLoader } from "~/routes/form";
import { loader as confirmLoader } from "~/routes/confirm";
import { action as plansAction } from "~/routes/plans";
import { loader as guideFormLoader, action as guideFormAction } from "~/routes/guide-form";
import { loader as guideConfirmLoader } from "~/routes/guide-confirm";
import { loader as tipsFormLoader, action as tipsFormAction } from "~/routes/tips-form";
import { loader as tipsConfirmLoader } from "~/routes/tips-confirm";
import { recipientMailKey, RECIPIENT_LIMIT } from "~/mail/recipient-limit.server";
import { queueTemplateMail } from "~/mail/outbox.server";
import { suppress } from "~/mail/suppression.server";
import { parseEnv } from "~/utils/env.server";
import { variantOfContentKey } from "#emails/variant-of-key";
import { LEAD_TABLES } from "~/data/lead-model";
import { emptyTables, useLocalD1 } from "./helpers/local-d1";
import { personStamp } from "./helpers/bot-fields";
import { cookieJar, workerLoad, type Answer } from "./helpers/cookie-jar";
import { funnelAnswers } from "./helpers/funnel-answers";

/**
 * The lead module through the routes, on a real local D1: one lead per submission, one e-mail per
 * lead, whatever the visitor's browser repeats, and input kept on every failure.
 */

const d1 = useLocalD1();
beforeEach(async () => {
  await emptyTables(d1.db, [...LEAD_TABLES, "outbox"]);
});

const background: Promise<unknown>[] = [];
const load = (bindings: Record<string, unknown> = d1.bindings) => workerLoad(bindings, background);
async function settle() {
  while (background.length) await Promise.allSettled(background.splice(0));
}

/** A browser: one cookie jar, kept up to date from Set-Cookie; `ip` is the client address it posts from. */
function browser(origin = "http://127.0.0.1:8787", ip?: string) {
  const jar = cookieJar({ url: (path) => `${origin}${path}`, headers: ip ? { "CF-Connecting-IP": ip } : {}, load });
  return {
    get: (loader: (args: never) => unknown, path: string, bindings?: Record<string, unknown>) => jar.get(loader, path, load(bindings)),
    async post(action: (args: never) => unknown, path: string, fields: [string, string][], bindings?: Record<string, unknown>) {
      return jar.post(action, path, [...fields, await personStamp(bindings?.SESSION_SECRET as string | undefined)], load(bindings));
    },
  };
}

const options = getPage("genius", "options");
const [step1, step2] = funnelAnswers("genius", 1);
const guideFields = (email: string): [string, string][] => [
  ["email", email],
  ["ageBand", options.leadFormAgeBands[0].value],
  ["goals", options.leadFormGoals[0].value],
];

const count = async (sql: string) => (await d1.db.prepare(sql).first<{ n: number }>())!.n;

describe("one lead per submission", () => {
  it("two parallel step-1 posts from one browser create one lead", async () => {
    const visitor = browser();
    await visitor.get(formLoader, "/form");
    const answers = await Promise.all([visitor.post(formAction, "/form", step1), visitor.post(formAction, "/form", step1)]);
    expect(answers.map((a) => a.status)).toEqual([302, 302]);
    expect(await count("SELECT count(*) AS n FROM leads")).toBe(1);
  });

  it("a double post of the guide form creates one lead", async () => {
    const visitor = browser();
    await visitor.get(guideFormLoader, "/guide-form");
    await Promise.all([
      visitor.post(guideFormAction, "/guide-form", guideFields("twice@example.com")),
      visitor.post(guideFormAction, "/guide-form", guideFields("twice@example.com")),
    ]);
    expect(await count("SELECT count(*) AS n FROM leads WHERE lead_source = 'guide_download'")).toBe(1);
  });

  it("a new guide request after the confirm page is a new lead", async () => {
    const visitor = browser();
    await visitor.get(guideFormLoader, "/guide-form");
    await visitor.post(guideFormAction, "/guide-form", guideFields("first@example.com"));
    await visitor.get(guideConfirmLoader, "/guide-confirm");
    await settle();
    await visitor.get(guideFormLoader, "/guide-form");
    await visitor.post(guideFormAction, "/guide-form", guideFields("second@example.com"));
    expect(await count("SELECT count(*) AS n FROM leads")).toBe(2);
  });
});

describe("one e-mail per lead", () => {
  it("ten parallel loads of /guide-confirm with one cookie queue one e-mail", async () => {
    const visitor = browser();
    await visitor.get(guideFormLoader, "/guide-form");
    await visitor.post(guideFormAction, "/guide-form", guideFields("race@example.com"));
    const answers = await Promise.all(Array.from({ length: 10 }, () => visitor.get(guideConfirmLoader, "/guide-confirm")));
    await settle();
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(await count("SELECT count(*) AS n FROM outbox WHERE recipient = 'race@example.com'")).toBe(1);
  });

  it("links in the e-mail come from the configured origin, not the Host header", async () => {
    const visitor = browser("http://evil.example");
    const deployed = { ...d1.bindings, SESSION_SECRET: "a-test-secret", GENIUS_HOSTS: "aiparenting.example" };
    await visitor.get(guideFormLoader, "/guide-form", deployed);
    await visitor.post(guideFormAction, "/guide-form", guideFields("host@example.com"), deployed);
    await visitor.get(guideConfirmLoader, "/guide-confirm", deployed);
    await settle();
    const mail = await d1.db
      .prepare("SELECT html, text FROM outbox WHERE recipient = 'host@example.com'")
      .first<{ html: string; text: string }>();
    expect(mail?.text).toContain("https://aiparenting.example/guide?r=");
    expect(`${mail?.html}${mail?.text}`).not.toContain("evil.example");
  });

  it("when the outbox write fails the page does not say the e-mail is on its way, and a reload queues it", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const visitor = browser();
    await visitor.get(formLoader, "/form");
    await visitor.post(formAction, "/form", step1);
    await visitor.post(formAction, "/form", step2);
    await visitor.post(formAction, "/form", [
      ["step", "3"],
      ["email", "retry@example.com"],
    ]);
    // The outbox table refuses writes; the lead tables work.
    const db = d1.db;
    const failingOutbox = new Proxy(db, {
      get(target, prop) {
        if (prop === "prepare") {
          return (sql: string) => {
            if (/INSERT INTO outbox/i.test(sql)) throw new Error("outbox unavailable");
            return target.prepare(sql);
          };
        }
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const first = await visitor.get(confirmLoader, "/confirm", { ...d1.bindings, DB: failingOutbox });
    expect((first.data as { mail: string }).mail).toBe("not-queued");
    const reload = await visitor.get(confirmLoader, "/confirm");
    await settle();
    expect((reload.data as { mail: string }).mail).not.toBe("not-queued");
    expect(await count("SELECT count(*) AS n FROM outbox WHERE recipient = 'retry@example.com'")).toBe(1);
    vi.restoreAllMocks();
  });
});

describe("the guide and tips mail per address, whoever asks (ADR 029)", () => {
  // Many requests from one test: the per-IP lead limits are not what is tested here.
  const bindings = () => ({ ...d1.bindings, LEAD_IP_BURST_LIMIT: "1000000", LEAD_IP_DAILY_LIMIT: "1000000" });
  const routes = {
    guide: { form: guideFormLoader, post: guideFormAction, confirm: guideConfirmLoader },
    tips: { form: tipsFormLoader, post: tipsFormAction, confirm: tipsConfirmLoader },
  };
  let ip = 0;

  /** A new visitor (own cookie, own address) asks for the guide or tips for `email`: their first confirm page. */
  async function ask(email: string, kind: "guide" | "tips" = "guide") {
    const visitor = browser(undefined, `198.51.100.${(++ip % 250) + 1}`);
    await visitor.get(routes[kind].form, `/${kind}-form`, bindings());
    await visitor.post(routes[kind].post, `/${kind}-form`, guideFields(email), bindings());
    const first = await visitor.get(routes[kind].confirm, `/${kind}-confirm`, bindings());
    return { first, reload: () => visitor.get(routes[kind].confirm, `/${kind}-confirm`, bindings()) };
  }

  /** What the page says of the mail: the same for every address. */
  const reads = (answer: Answer) => {
    const { mail, repeat, copy } = answer.data as { mail: string; repeat: boolean; copy: unknown };
    return { status: answer.status, mail, repeat, copy };
  };
  const mails = (template: string) =>
    d1.db
      .prepare("SELECT recipient, status FROM outbox WHERE template = ? ORDER BY recipient")
      .bind(template)
      .all<{ recipient: string; status: string }>()
      .then((r) => r.results);

  it("twice a day's allowance of requests for one address at once, each from its own IP, send one guide; every page reads as for anyone", async () => {
    const visits = await Promise.all(Array.from({ length: 2 * RECIPIENT_LIMIT.perDay }, () => ask("victim@example.com")));
    await settle();
    const firsts = visits.map(({ first }) => reads(first));
    expect(firsts.every((page) => page.status === 200 && page.mail === "queued")).toBe(true);
    expect(new Set(firsts.map((page) => JSON.stringify(page))).size).toBe(1);
    expect(await mails("guide")).toEqual([{ recipient: "victim@example.com", status: "sent" }]);
    const reloads = await Promise.all(visits.map(({ reload }) => reload()));
    expect(reloads.every((page) => reads(page).mail === "sent")).toBe(true);

    // Another spelling of the same inbox is the same address; the tips are a mail of their own.
    const again = await ask("Victim+Again@Example.com");
    await settle();
    expect(reads(again.first)).toEqual(firsts[0]);
    expect(await mails("guide")).toHaveLength(1);
    await ask("victim@example.com", "tips");
    await settle();
    expect(await mails("tips")).toEqual([{ recipient: "victim@example.com", status: "sent" }]);
  });

  it("a suppressed address's page reads as anyone's; an unsubscribed parent still gets what they asked for", async () => {
    const ctx = { env: parseEnv({}), bindings: d1.bindings };
    await d1.db.prepare("DELETE FROM suppressions").run();
    await suppress(ctx, "erased@example.com", "all", "erasure");
    await suppress(ctx, "bounced@example.com", "all", "bounce");
    await suppress(ctx, "unsubscribed@example.com", "marketing", "unsubscribe");
    const addresses = ["anyone@example.com", "erased@example.com", "bounced@example.com", "unsubscribed@example.com"];
    const visits = await Promise.all(addresses.map((email) => ask(email)));
    await settle();
    const reloads = await Promise.all(visits.map(({ reload }) => reload()));
    // The same copy, state and status for every address, on the first view and after the send.
    expect(new Set(visits.map(({ first }) => JSON.stringify(reads(first)))).size).toBe(1);
    expect(reloads.map((page) => reads(page))).toEqual(addresses.map(() => reads(reloads[0])));
    expect(reads(reloads[0])).toMatchObject({ status: 200, mail: "sent", repeat: true });
    // Only the parents who may be mailed were: the guide answers the unsubscribed parent's own request.
    const sent = (await mails("guide")).filter((row) => row.status === "sent").map((row) => row.recipient);
    expect(sent).toEqual(["anyone@example.com", "unsubscribed@example.com"]);
    expect((await mails("guide")).filter((row) => row.status === "skipped")).toHaveLength(2);
  });

  it(`sends one a window: ${RECIPIENT_LIMIT.minutesApart} minutes apart, ${RECIPIENT_LIMIT.perDay} a day`, async () => {
    const clock = { now: new Date("2025-09-01T09:00:00.000Z") };
    const ctx = { env: parseEnv({ MAIL_TRANSPORT: "outbox" }), bindings: d1.bindings, now: () => clock.now };
    const created: string[] = [];
    const at = async (time: string) => {
      clock.now = new Date(time);
      const dedupeKey = await recipientMailKey(ctx, "guide", "window@example.com");
      const before = await count("SELECT count(*) AS n FROM outbox");
      await queueTemplateMail(ctx, {
        dedupeKey,
        template: "guide",
        variant: variantOfContentKey("genius"),
        to: "window@example.com",
        data: { origin: "http://127.0.0.1:8787", refLink: "http://127.0.0.1:8787/guide" },
      });
      if ((await count("SELECT count(*) AS n FROM outbox")) > before) created.push(time.slice(11, 16));
    };
    for (const time of ["09:00", "09:09", "09:10", "09:15", "09:30", "10:00", "23:59"]) await at(`2025-09-01T${time}:00.000Z`);
    await at("2025-09-02T09:00:00.000Z");
    await settle();
    expect(created).toEqual(["09:00", "09:10", "09:30", "09:00"]);
  });
});

describe("the waitlist mail per address, whoever runs the funnel", () => {
  // Many funnels from one test: the per-IP lead limits are not what is tested here.
  const waitlist = () => ({ ...d1.bindings, LAUNCH_MODE: "waitlist", LEAD_IP_BURST_LIMIT: "1000000", LEAD_IP_DAILY_LIMIT: "1000000" });
  const plan = getPage("genius", "plans").plans.find((item) => item.id !== "pro")!;
  let ip = 0;

  /** A new visitor answers the three steps with `email`: then `choose` is their plan choice, and the confirm page they see. */
  async function reachPlans(email: string, from = `203.0.113.${(++ip % 250) + 1}`) {
    const visitor = browser(undefined, from);
    await visitor.get(formLoader, "/form", waitlist());
    await visitor.post(formAction, "/form", step1, waitlist());
    await visitor.post(formAction, "/form", step2, waitlist());
    await visitor.post(
      formAction,
      "/form",
      [
        ["step", "3"],
        ["email", email],
      ],
      waitlist(),
    );
    const choose = async () => {
      const chosen = await visitor.post(
        plansAction,
        "/plans",
        [
          ["plan", plan.id],
          ["cycle", "monthly"],
        ],
        waitlist(),
      );
      expect(chosen.location).toMatch(/^\/confirm/);
      const first = await visitor.get(confirmLoader, "/confirm", waitlist());
      return { first, reload: () => visitor.get(confirmLoader, "/confirm", waitlist()) };
    };
    return { choose };
  }
  /** A new visitor runs the whole funnel with `email` and chooses a plan. */
  const funnel = async (email: string, from?: string) => (await reachPlans(email, from)).choose();
  const reads = (answer: Answer) => {
    const { mail, copy } = answer.data as { mail: string; copy: unknown };
    return { status: answer.status, mail, copy };
  };
  const prelaunch = () =>
    d1.db
      .prepare("SELECT recipient, status FROM outbox WHERE template = 'prelaunch' ORDER BY recipient")
      .all<{ recipient: string; status: string }>()
      .then((r) => r.results);

  it("more funnels than a day allows for one address from one IP send one mail; every page reads as for anyone", async () => {
    const runs = [];
    for (let i = 0; i < RECIPIENT_LIMIT.perDay + 2; i++)
      runs.push(await funnel(i % 2 ? "Target+run@Example.com" : "target@example.com", "203.0.113.200"));
    const other = await funnel("someone-else@example.com", "203.0.113.200");
    await settle();
    expect(await prelaunch()).toEqual([
      { recipient: "someone-else@example.com", status: "sent" },
      { recipient: "target@example.com", status: "sent" },
    ]);
    // The first view of every run reads the same, limited or not: the page tells nobody which address it was.
    const firsts = [...runs, other].map(({ first }) => reads(first));
    expect(new Set(firsts.map((page) => JSON.stringify(page))).size).toBe(1);
    expect(firsts[0]).toMatchObject({ status: 200, mail: "queued" });
    const reloads = await Promise.all([...runs, other].map(({ reload }) => reload()));
    expect(reloads.every((page) => reads(page).mail === "sent")).toBe(true);
  });

  it("a parent joining two editions' waitlists gets each edition's mail: the waitlist mail counts per edition", async () => {
    const ctx = { env: parseEnv({ MAIL_TRANSPORT: "outbox" }), bindings: d1.bindings };
    const queue = async (table: string, key: string) =>
      queueTemplateMail(ctx, {
        dedupeKey: await recipientMailKey(ctx, "prelaunch", "two-editions@example.com", table),
        template: "prelaunch",
        variant: variantOfContentKey(key as "icehockey" | "tennis"),
        to: "two-editions@example.com",
        data: { origin: "http://127.0.0.1:8787", refLink: "http://127.0.0.1:8787/", selectedPlan: null },
      });
    await queue("leads_icehockey", "icehockey");
    await queue("leads_icehockey", "icehockey");
    await queue("leads_tennis", "tennis");
    const rows = await d1.db.prepare("SELECT variant FROM outbox WHERE template = 'prelaunch' ORDER BY variant").all<{ variant: string }>();
    expect(rows.results.map((row) => row.variant)).toEqual(["champion-icehockey", "champion-tennis"]);
  });

  it("parallel funnels for one address from many IPs send one mail", async () => {
    // The steps one visitor after another (they are not what is tested), then more plan choices at once than a day allows.
    const visitors = [];
    for (let i = 0; i < RECIPIENT_LIMIT.perDay + 1; i++) visitors.push(await reachPlans("parallel@example.com"));
    await Promise.all(visitors.map((visitor) => visitor.choose()));
    await settle();
    expect(await prelaunch()).toEqual([{ recipient: "parallel@example.com", status: "sent" }]);
  });
});

describe("the confirm page after the plan choice", () => {
  it("shows the queued e-mail without reading the database, once; a reload reads the rows", async () => {
    const visitor = browser();
    const waitlist = { ...d1.bindings, LAUNCH_MODE: "waitlist" };
    await visitor.get(formLoader, "/form");
    await visitor.post(formAction, "/form", step1);
    await visitor.post(formAction, "/form", step2);
    await visitor.post(formAction, "/form", [
      ["step", "3"],
      ["email", "flash@example.com"],
    ]);
    const plan = getPage("genius", "plans").plans.find((item) => item.id !== "pro")!;
    const chosen = await visitor.post(
      plansAction,
      "/plans",
      [
        ["plan", plan.id],
        ["cycle", "monthly"],
      ],
      waitlist,
    );
    expect(chosen.location).toMatch(/^\/confirm/);
    // The database is down for the first view: the choice already knew everything the page shows.
    const unreadable = new Proxy(d1.db, {
      get(target, prop) {
        if (prop === "prepare" || prop === "batch") throw new Error("D1_ERROR: database unavailable");
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const first = await visitor.get(confirmLoader, "/confirm", { ...d1.bindings, DB: unreadable });
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ email: "flash@example.com", mail: "queued" });
    expect((first.data as { refLink: string }).refLink).toMatch(/\?r=/);
    await settle();
    // Shown once: the reload reads the lead and its e-mail's row (sent by now).
    const reload = await visitor.get(confirmLoader, "/confirm");
    expect(reload.data).toMatchObject({ email: "flash@example.com", mail: "sent" });
    const down = await visitor.get(confirmLoader, "/confirm", { ...d1.bindings, DB: unreadable });
    expect(down.status).toBe(503);
  });
});

describe("failures keep the input", () => {
  const brokenDb = new Proxy(
    {},
    {
      get: () => () => {
        throw new Error("D1_ERROR: database unavailable");
      },
    },
  );

  it("a failed read on step 2 answers 503 with the message and the choices kept", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const visitor = browser();
    await visitor.get(formLoader, "/form");
    await visitor.post(formAction, "/form", step1);
    const answer = await visitor.post(formAction, "/form", step2, { ...d1.bindings, DB: brokenDb });
    expect(answer.status).toBe(503);
    const body = answer.data as { formError: string; values: { focus: string[]; concern: string } };
    expect(body.formError).toMatch(/^Error submitting form: /);
    expect(body.values.focus).toEqual([options.focus[0].value]);
    expect(body.values.concern).toBe(options.concerns[0].value);
    vi.restoreAllMocks();
  });

  it("a 429 keeps the input", async () => {
    const visitor = browser();
    const limited = { ...d1.bindings, FORM_LIMITER: { limit: async () => ({ success: false }) } };
    const answer = await visitor.post(formAction, "/form", step1, limited);
    expect(answer.status).toBe(429);
    expect((answer.data as { values: { children: unknown[] } }).values.children).toEqual([
      { ageBand: options.ageBands[1].value, time: options.time[0].value },
    ]);
  });
});
