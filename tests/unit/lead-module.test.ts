import type { AppLoadContext } from "@remix-run/cloudflare";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getPage } from "#content/index";
import { action as formAction, loader as formLoader } from "~/routes/form";
import { loader as confirmLoader } from "~/routes/confirm";
import { action as plansAction } from "~/routes/plans";
import { loader as guideFormLoader, action as guideFormAction } from "~/routes/guide-form";
import { loader as guideConfirmLoader } from "~/routes/guide-confirm";
import { startLocalD1 } from "./helpers/local-d1";
import { personStamp } from "./helpers/bot-fields";

/**
 * The lead module through the routes, on a real local D1: one lead per submission, one e-mail per
 * lead, whatever the visitor's browser repeats, and input kept on every failure.
 */

let d1: Awaited<ReturnType<typeof startLocalD1>>;
beforeAll(async () => {
  d1 = await startLocalD1();
});
afterAll(async () => {
  await d1?.dispose();
});
beforeEach(async () => {
  for (const table of ["leads", "leads_icehockey", "leads_tennis", "outbox"]) await d1.db.prepare(`DELETE FROM ${table}`).run();
});

const background: Promise<unknown>[] = [];
function load(bindings: Record<string, unknown> = d1.bindings): AppLoadContext {
  return {
    cloudflare: { env: bindings, ctx: { waitUntil: (p: Promise<unknown>) => void background.push(p) }, cf: {}, caches: {} },
  } as unknown as AppLoadContext;
}
async function settle() {
  while (background.length) await Promise.allSettled(background.splice(0));
}

type Answer = { status: number; headers: Headers; data: unknown; location: string | null };

/** Runs a loader or action and normalises what it returned or threw (Response or data()). */
async function call(run: () => Promise<unknown>): Promise<Answer> {
  let out: unknown;
  try {
    out = await run();
  } catch (thrown) {
    out = thrown;
  }
  if (out instanceof Response) {
    return { status: out.status, headers: out.headers, data: null, location: out.headers.get("Location") };
  }
  const withInit = out as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (withInit && withInit.type === "DataWithResponseInit") {
    return { status: withInit.init?.status ?? 200, headers: new Headers(withInit.init?.headers), data: withInit.data, location: null };
  }
  return { status: 200, headers: new Headers(), data: out, location: null };
}

/** A browser: one cookie jar, kept up to date from Set-Cookie. */
function browser(origin = "http://127.0.0.1:8787") {
  let cookie = "";
  const keep = (answer: Answer) => {
    const set = answer.headers.get("Set-Cookie");
    if (set) cookie = set.split(";")[0];
    return answer;
  };
  const request = (path: string, init: RequestInit = {}) =>
    new Request(`${origin}${path}`, { ...init, headers: { ...(cookie ? { Cookie: cookie } : {}), ...(init.headers ?? {}) } });
  return {
    get cookie() {
      return cookie;
    },
    async get(loader: (args: never) => unknown, path: string, bindings?: Record<string, unknown>) {
      return keep(await call(async () => loader({ request: request(path), context: load(bindings), params: {} } as never)));
    },
    async post(action: (args: never) => unknown, path: string, fields: [string, string][], bindings?: Record<string, unknown>) {
      const body = new URLSearchParams([...fields, await personStamp(bindings?.SESSION_SECRET as string | undefined)]);
      return keep(
        await call(async () => action({ request: request(path, { method: "POST", body }), context: load(bindings), params: {} } as never)),
      );
    },
  };
}

const options = getPage("genius", "options");
const step1: [string, string][] = [
  ["step", "1"],
  ["children[0].ageBand", options.ageBands[1].value],
  ["children[0].time", options.time[0].value],
];
const step2: [string, string][] = [
  ["step", "2"],
  ["focus", options.focus[0].value],
  ["goals", options.goals[0].value],
  ["concern", options.concerns[0].value],
];
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
  it("30 parallel loads of /guide-confirm with one cookie queue one e-mail", async () => {
    const visitor = browser();
    await visitor.get(guideFormLoader, "/guide-form");
    await visitor.post(guideFormAction, "/guide-form", guideFields("race@example.com"));
    const answers = await Promise.all(Array.from({ length: 30 }, () => visitor.get(guideConfirmLoader, "/guide-confirm")));
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
