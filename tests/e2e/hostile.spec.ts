import { createHmac, randomUUID } from "node:crypto";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { getPage } from "../../content/index";
import { createConfirmedAccount } from "./auth-helpers";
import {
  expect,
  landOn,
  MAIN_URL,
  pathIn,
  personStamp,
  postPlan,
  postSteps,
  queryD1,
  sqlString,
  test,
  variants,
  type VariantCase,
} from "./fixtures";

/**
 * Hostile requests against every POST route of the running Worker: a body that is not a form, field
 * names that reach for Object.prototype, names the form parser cannot build an object from, list
 * indexes past any list, methods no page takes, bodies over the size cap (declared or chunked),
 * values over the per-field cap and session cookies the server did not write. Each must be a clear
 * 4xx (never a 5xx) and write nothing.
 *
 * The requests carry a real visitor session per variant (a confirmed lead for the copy buttons and
 * a current lead through step 3) and a signed-in admin, so a body that slipped through would reach
 * the deepest branch of each action. Each session has its own cookie jar: a request context made
 * from the `playwright` fixture, shared by the tests of this file.
 * "Nothing written" is counted on this run's own rows (its e-mail addresses and its utm_campaign,
 * which every lead created from its session inherits) and on snapshots of the leads it owns:
 * other spec files write to the same tables in parallel, so whole-table counts would be noise.
 */

const RUN = `hostile${randomUUID().slice(0, 8)}`;
const PASSWORD = "hostile-e2e-password";
const API_TOKEN = "e2e-email-token"; // scripts/e2e-server.sh
const PUBLIC_CAP = 64 * 1024;
const ADMIN_CAP = 16 * 1024;
const FIELD_CAP = 4096;

const genius = variants.find((v) => v.key === "genius")!;
const octet = () => Math.floor(Math.random() * 254) + 1;
/** Each request its own client address: the form and sign-in rate limits count per IP (wrangler.toml). */
const randomIp = () => `10.${octet()}.${octet()}.${octet()}`;
const emailFor = (label: string) => `${RUN}-${label}@example.com`;

/** `/form?x` -> `/form.data?x`; `/` -> `/_root.data` (Remix single fetch). */
function dataPath(path: string): string {
  const [pathname, search] = path.split("?");
  const data = pathname === "/" ? "/_root.data" : `${pathname}.data`;
  return search ? `${data}?${search}` : data;
}

type Fields = [string, string][];
/** The worker-scoped `playwright` fixture: makes request contexts with their own cookie jars. */
type PlaywrightApi = {
  request: { newContext: (options: { baseURL: string; extraHTTPHeaders?: Record<string, string> }) => Promise<APIRequestContext> };
};
type Route = { name: string; path: string; fields: Fields; cap: number };

function encode(fields: Fields): string {
  return new URLSearchParams(fields).toString();
}

// ---- set-up: a visitor deep in the funnel of each variant, and an admin ----

type Visitor = { v: VariantCase; api: APIRequestContext; emails: string[] };

async function expectRedirect(response: APIResponse, what: string) {
  expect(response.status(), `${what}: ${await response.text().catch(() => "")}`).toBe(302);
}

/**
 * A visitor with this run's utm_campaign whose session reaches every action: a first lead through
 * the plans to /confirm (which keeps it as the confirmed lead for the copy buttons), then a second
 * lead through step 3 (the lead and e-mail that steps 2-3, the roadmap and the plans work on).
 */
async function newVisitor(playwright: PlaywrightApi, v: VariantCase): Promise<Visitor> {
  const api = await playwright.request.newContext({ baseURL: MAIN_URL, extraHTTPHeaders: { "CF-Connecting-IP": randomIp() } });
  const emails = [emailFor(`${v.key}-confirmed`), emailFor(`${v.key}-current`)];
  await landOn(api, v, { utm_campaign: RUN });
  await postSteps(api, v, emails[0]);
  await postPlan(api, v, { plan: getPage(v.key, "plans").plans[0].id });
  expect((await api.get(pathIn(v, "confirm"))).status()).toBe(200);
  await postSteps(api, v, emails[1]);
  return { v, api, emails };
}

type Admin = { api: APIRequestContext; targets: Record<string, string> };

/** A confirmed local admin account, signed in; one lead per table to aim at. */
async function newAdmin(playwright: PlaywrightApi): Promise<Admin> {
  const email = emailFor("admin");
  const targets = Object.fromEntries(variants.map((v) => [v.key, randomUUID()]));
  await createConfirmedAccount(email, PASSWORD, "admin");
  await queryD1([
    ...variants.map(
      (v) =>
        `INSERT INTO ${v.table} (id, email, lead_source, step_completed, utm_campaign)
           VALUES (${sqlString(targets[v.key])}, ${sqlString(emailFor(`target-${v.key}`))}, 'main_funnel', 1, ${sqlString(RUN)})`,
    ),
  ]);
  const api = await playwright.request.newContext({ baseURL: MAIN_URL, extraHTTPHeaders: { "CF-Connecting-IP": randomIp() } });
  const signedIn = await api.post(pathIn(genius, "signup", { mode: "signin" }), {
    form: { mode: "signin", email, password: PASSWORD },
    maxRedirects: 0,
  });
  await expectRedirect(signedIn, "admin sign-in");
  expect((await api.get(pathIn(genius, "admin/leads"))).status()).toBe(200);
  return { api, targets };
}

// ---- what "nothing written" means ----

/** Every column of the lead tables (migrations/0001): a snapshot compares whole rows. */
const LEAD_COLUMNS = [
  "id",
  "email",
  "hashed_email",
  "age_bands",
  "time_available",
  "children_count",
  "step_completed",
  "referred_by",
  "ref_code",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "referral_count",
  "email_verified",
  "followed_on_facebook",
  "copied_share_message",
  "copied_ref_link",
  "clicked_roadmap_button",
  "lead_source",
  "focus_areas",
  "goals",
  "biggest_concern",
  "plan_chosen",
  "billing_cycle",
  "created_at",
].join(", ");

type Snapshot = Record<string, number | string>;

/**
 * This run's rows per table, and the full rows of the leads it owns (any update changes them), in
 * one D1 call (each call starts wrangler: seconds on a loaded machine).
 */
async function snapshot(owned: { table: string; id: string }[]): Promise<Snapshot> {
  const mine = `(email LIKE ${sqlString(`${RUN}%`)} OR utm_campaign = ${sqlString(RUN)})`;
  // One SELECT per table (D1 allows only a few terms in a compound SELECT).
  const ownedRows = variants
    .map((v) => {
      const ids = owned.filter((lead) => lead.table === v.table).map((lead) => sqlString(lead.id));
      return `SELECT '${v.table}' AS t, ${LEAD_COLUMNS} FROM ${v.table} WHERE id IN (${ids.join(", ") || "NULL"})`;
    })
    .join(" UNION ALL ");
  const columns = [
    ...variants.map((v) => `(SELECT count(*) FROM ${v.table} WHERE ${mine}) AS ${v.table}`),
    `(SELECT count(*) FROM outbox WHERE recipient LIKE ${sqlString(`${RUN}%`)}) AS outbox`,
    `(SELECT count(*) FROM accounts WHERE email LIKE ${sqlString(`${RUN}%`)}) AS accounts`,
    `(SELECT count(*) FROM users WHERE email LIKE ${sqlString(`${RUN}%`)}) AS users`,
    `(SELECT json_group_array(json_array(t, ${LEAD_COLUMNS})) FROM (${ownedRows} ORDER BY t, id)) AS owned`,
  ];
  const [result] = await queryD1<Snapshot>(`SELECT ${columns.join(", ")}`);
  return result;
}

// ---- the routes and the hostile classes ----

function visitorRoutes(visitor: Visitor): Route[] {
  const { v } = visitor;
  const options = getPage(v.key, "options");
  const lead: Fields = [
    ["email", emailFor(`slipped-${v.key}`)],
    ["ageBand", options.leadFormAgeBands[0].value],
    ["goals", options.leadFormGoals[0].value],
  ];
  const routes: Route[] = [
    {
      name: "form step 1",
      path: pathIn(v, "form"),
      fields: [
        ["step", "1"],
        ["children[0].ageBand", options.ageBands[1].value],
        ["children[0].time", options.time[1].value],
      ],
      cap: PUBLIC_CAP,
    },
    {
      name: "form step 2",
      path: pathIn(v, "form", { step: "2" }),
      fields: [
        ["step", "2"],
        ["focus", options.focus[1].value],
        ["goals", options.goals[1].value],
        ["concern", options.concerns[1].value],
      ],
      cap: PUBLIC_CAP,
    },
    {
      name: "form step 3",
      path: pathIn(v, "form", { step: "3" }),
      fields: [
        ["step", "3"],
        ["email", emailFor(`slipped3-${v.key}`)],
      ],
      cap: PUBLIC_CAP,
    },
    { name: "roadmap", path: pathIn(v, "roadmap"), fields: [], cap: PUBLIC_CAP },
    {
      name: "plans",
      path: pathIn(v, "plans"),
      fields: [
        ["plan", getPage(v.key, "plans").plans[1].id],
        ["cycle", "yearly"],
      ],
      cap: PUBLIC_CAP,
    },
    { name: "confirm", path: pathIn(v, "confirm"), fields: [["intent", "copied_ref_link"]], cap: PUBLIC_CAP },
    { name: "guide form", path: pathIn(v, "guide-form"), fields: lead, cap: PUBLIC_CAP },
    { name: "tips form", path: pathIn(v, "tips-form"), fields: lead, cap: PUBLIC_CAP },
  ];
  if (v === genius) {
    routes.push(
      {
        name: "consent",
        path: pathIn(v, "consent"),
        fields: [
          ["choice", "granted"],
          ["redirectTo", "/"],
        ],
        cap: PUBLIC_CAP,
      },
      {
        name: "signup",
        path: pathIn(v, "signup"),
        fields: [
          ["mode", "signup"],
          ["email", emailFor("slipped-signup")],
          ["name", "Slipped Through"],
          ["password", "long-enough-password"],
          ["confirmPassword", "long-enough-password"],
        ],
        cap: PUBLIC_CAP,
      },
      { name: "signout", path: pathIn(v, "signout"), fields: [], cap: PUBLIC_CAP },
    );
  }
  // The other variants differ in their tables and option lists: the routes that write leads are enough there.
  const swept = v === genius ? routes : routes.filter((route) => route.name.startsWith("form") || route.name.endsWith("form"));
  // Each route again as a single-fetch data request (what fetchers and JS navigations post to).
  return [...swept, ...swept.map((route) => ({ ...route, name: `${route.name} (.data)`, path: dataPath(route.path) }))];
}

function adminRoutes(admin: Admin): Route[] {
  const id = admin.targets.genius;
  const edit: Fields = [
    ["email", emailFor("hacked")],
    ["step_completed", "3"],
    ["lead_source", "guide_download"],
  ];
  const routes: Route[] = [
    { name: "admin list update", path: pathIn(genius, "admin/leads"), fields: [["intent", "update"], ["id", id], ...edit], cap: ADMIN_CAP },
    {
      name: "admin list delete",
      path: pathIn(genius, "admin/leads"),
      fields: [
        ["intent", "delete"],
        ["id", id],
      ],
      cap: ADMIN_CAP,
    },
    { name: "admin edit", path: pathIn(genius, `admin/leads/${id}/edit`), fields: edit, cap: ADMIN_CAP },
    { name: "admin delete", path: pathIn(genius, `admin/leads/${id}/delete`), fields: [["back", ""]], cap: ADMIN_CAP },
  ];
  return [...routes, ...routes.map((route) => ({ ...route, name: `${route.name} (.data)`, path: dataPath(route.path) }))];
}

type Attempt = {
  what: string;
  send: () => Promise<APIResponse | Response>;
  /** The status the refusal must have; null: whatever a new visitor would get, but never a 5xx. */
  status: number | null;
  allow?: string;
};

function statusOf(response: APIResponse | Response): number {
  return typeof response.status === "function" ? response.status() : response.status;
}

function headerOf(response: APIResponse | Response, name: string): string | undefined {
  return typeof response.headers === "function" ? response.headers()[name.toLowerCase()] : (response.headers.get(name) ?? undefined);
}

/** Requests in flight at once: enough to keep the sweep short, few enough for a 2-core machine. */
const CONCURRENCY = 4;

/** Runs the attempts; returns one line per attempt whose answer was wrong (empty when all were right). */
async function run(attempts: Attempt[]): Promise<string[]> {
  const wrong: string[] = [];
  const queue = [...attempts];
  const worker = async () => {
    for (let attempt = queue.shift(); attempt; attempt = queue.shift()) {
      const response = await attempt.send();
      const status = statusOf(response);
      const expected = attempt.status === null ? status < 500 : status === attempt.status;
      if (!expected) wrong.push(`${attempt.what}: ${status}, expected ${attempt.status ?? "not a 5xx"}`);
      if (attempt.allow !== undefined && headerOf(response, "Allow") !== attempt.allow) {
        wrong.push(`${attempt.what}: Allow ${JSON.stringify(headerOf(response, "Allow"))}, expected ${attempt.allow}`);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return wrong.sort();
}

const ip = () => ({ "CF-Connecting-IP": randomIp() });

function bodyClasses(api: APIRequestContext, route: Route): Attempt[] {
  const what = (label: string) => `${label} -> ${route.name} ${route.path}`;
  const post = (headers: Record<string, string>, data?: string | Buffer) => () =>
    api.fetch(route.path, { method: "POST", headers: { ...ip(), ...headers }, data, maxRedirects: 0 });
  const withFields = (extra: Fields) => encode([...extra, ...route.fields]);
  const form = { "Content-Type": "application/x-www-form-urlencoded" };
  return [
    {
      what: what("JSON"),
      send: post({ "Content-Type": "application/json" }, JSON.stringify(Object.fromEntries(route.fields))),
      status: 415,
    },
    { what: what("text/plain"), send: post({ "Content-Type": "text/plain" }, encode(route.fields)), status: 415 },
    {
      what: what("octet-stream"),
      send: post({ "Content-Type": "application/octet-stream" }, Buffer.from(encode(route.fields))),
      status: 415,
    },
    { what: what("no body, no type"), send: post({}), status: 415 },
    { what: what("multipart without boundary"), send: post({ "Content-Type": "multipart/form-data" }, encode(route.fields)), status: 400 },
    {
      what: what("malformed multipart"),
      send: post({ "Content-Type": "multipart/form-data; boundary=zzz" }, `--zzz\r\nnot a part\r\n${encode(route.fields)}`),
      status: 400,
    },
    { what: what("__proto__ field"), send: post(form, withFields([["__proto__[polluted]", "1"]])), status: 400 },
    { what: what("constructor field"), send: post(form, withFields([["constructor", "1"]])), status: 400 },
    { what: what("prototype field"), send: post(form, withFields([["prototype", "1"]])), status: 400 },
    { what: what("nested __proto__"), send: post(form, withFields([["children[0].__proto__", "1"]])), status: 400 },
    {
      what: what("a value and a group under one name"),
      send: post(
        form,
        withFields([
          ["goals.x", "1"],
          ["goals", "a"],
        ]),
      ),
      status: 400,
    },
    // One such request used to spin the Worker building a 100-million-item array.
    { what: what("a list index past any list"), send: post(form, withFields([["children[99999999].ageBand", "1"]])), status: 400 },
    {
      what: what(`a field over ${FIELD_CAP} characters`),
      send: post(form, withFields([["note", "n".repeat(FIELD_CAP + 1)]])),
      status: 400,
    },
    {
      what: what("a Content-Length over the cap"),
      send: post(form, Buffer.from(withFields([["pad", "p".repeat(route.cap)]]))),
      status: 413,
    },
  ];
}

function methodClasses(api: APIRequestContext, route: Route, allow = "GET, HEAD, POST"): Attempt[] {
  return ["DELETE", "PUT", "PATCH"].map((method) => ({
    what: `${method} ${route.name} ${route.path}`,
    send: () =>
      api.fetch(route.path, {
        method,
        headers: { ...ip(), "Content-Type": "application/x-www-form-urlencoded" },
        data: encode(route.fields),
        maxRedirects: 0,
      }),
    status: 405,
    allow,
  }));
}

/** A chunked body (no Content-Length) over the cap, sent with Node's fetch: the guard must count it. */
async function chunkedAttempt(api: APIRequestContext, route: Route): Promise<Attempt> {
  const cookie = (await api.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  return {
    what: `chunked body over the cap -> ${route.name} ${route.path}`,
    send: () => {
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent > route.cap + 8192) return controller.close();
          const chunk = sent === 0 ? `${encode(route.fields)}&pad=` : "p".repeat(4096);
          sent += chunk.length;
          controller.enqueue(new TextEncoder().encode(chunk));
        },
      });
      return fetch(MAIN_URL + route.path, {
        method: "POST",
        headers: { ...ip(), Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body,
        redirect: "manual",
        duplex: "half",
      } as RequestInit);
    },
    status: 413,
  };
}

/** Session cookies the server did not write; the value is URL-encoded like the real one. */
function forgedSessions(): [string, string][] {
  const payload = Buffer.from(JSON.stringify({ isAuthenticated: true, userId: "someone" })).toString("base64");
  const signature = createHmac("sha256", "not-the-session-secret").update(payload).digest("base64").replace(/=+$/, "");
  return [
    ["a dot between two words", "x.y"],
    ["garbage", "garbage%%%"],
    ["a broken percent escape", "%E0%A4%A"],
    ["signed with another secret", encodeURIComponent(`${payload}.${signature}`)],
    ["a huge value", `${"A".repeat(6000)}.${"B".repeat(2000)}`],
  ];
}

function cookieClasses(api: APIRequestContext, route: Route): Attempt[] {
  return forgedSessions().map(([label, value]) => ({
    what: `session cookie: ${label} -> ${route.name} ${route.path}`,
    send: () =>
      api.fetch(route.path, {
        method: "POST",
        headers: { ...ip(), Cookie: `__session=${value}`, "Content-Type": "application/x-www-form-urlencoded" },
        data: "",
        maxRedirects: 0,
      }),
    status: null,
  }));
}

// ---- the sweep ----

test.describe("hostile requests", { tag: "@http" }, () => {
  // In order, in one worker, sharing the set-up; a failure does not skip the classes after it.
  test.describe.configure({ mode: "default" });
  // Hundreds of requests plus D1 checks through wrangler: allow 3x the time.
  test.beforeEach(() => test.slow());

  let visitors: Visitor[] = [];
  let admin: Admin;
  let owned: { table: string; id: string }[] = [];

  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(180_000);
    visitors = [];
    for (const v of variants) visitors.push(await newVisitor(playwright, v));
    admin = await newAdmin(playwright);
    const leads = await queryD1<{ t: string; id: string }>(
      visitors
        .map(({ v, emails }) => `SELECT '${v.table}' AS t, id FROM ${v.table} WHERE email IN (${emails.map(sqlString).join(", ")})`)
        .join(" UNION ALL "),
    );
    expect(leads, "two leads per visitor").toHaveLength(2 * visitors.length);
    owned = [
      ...leads.map((lead) => ({ table: lead.t, id: lead.id })),
      ...variants.map((v) => ({ table: v.table, id: admin.targets[v.key] })),
    ];
  });

  test.afterAll(async () => {
    for (const visitor of visitors) await visitor.api.dispose();
    await admin?.api.dispose();
  });

  /** Runs the attempts between two snapshots: every answer right, and nothing written. */
  async function sweep(attempts: Attempt[]) {
    const before = await snapshot(owned);
    const wrong = await run(attempts);
    const after = await snapshot(owned);
    expect.soft(wrong, `${wrong.length} of ${attempts.length} answers were wrong`).toEqual([]);
    expect(after, "rows written or the run's own leads changed").toEqual(before);
  }

  test("bodies that are not a clean form: 415, 400 or 413 on every POST route, nothing written", async () => {
    const attempts: Attempt[] = [];
    for (const visitor of visitors) for (const route of visitorRoutes(visitor)) attempts.push(...bodyClasses(visitor.api, route));
    for (const route of adminRoutes(admin)) attempts.push(...bodyClasses(admin.api, route));
    await sweep(attempts);
  });

  test("chunked bodies over the cap are counted and refused with 413", async () => {
    const attempts: Attempt[] = [];
    for (const visitor of visitors) {
      for (const route of visitorRoutes(visitor)) attempts.push(await chunkedAttempt(visitor.api, route));
    }
    for (const route of adminRoutes(admin)) attempts.push(await chunkedAttempt(admin.api, route));
    await sweep(attempts);
  });

  test("methods no page takes: 405 with Allow, nothing written", async () => {
    const attempts: Attempt[] = [];
    for (const visitor of visitors) for (const route of visitorRoutes(visitor)) attempts.push(...methodClasses(visitor.api, route));
    for (const route of adminRoutes(admin)) attempts.push(...methodClasses(admin.api, route));
    const api = visitors[0].api;
    for (const path of ["/api/send-email", "/api/send-email.data"]) {
      attempts.push(...methodClasses(api, { name: "send-email API", path, fields: [], cap: 0 }, "POST"));
    }
    await sweep(attempts);
  });

  test("session cookies the server did not write: a new session, never a 5xx, nothing written", async ({ playwright }) => {
    const api = await playwright.request.newContext({ baseURL: MAIN_URL });
    try {
      const attempts: Attempt[] = [];
      for (const visitor of visitors) for (const route of visitorRoutes(visitor)) attempts.push(...cookieClasses(api, route));
      for (const route of adminRoutes(admin)) attempts.push(...cookieClasses(api, route));
      // Pages read the session too (the root loader): they render as for a new visitor.
      for (const [label, value] of forgedSessions()) {
        for (const path of ["/", pathIn(genius, "form"), pathIn(genius, "form", { step: "2" }), pathIn(genius, "admin/leads")]) {
          attempts.push({
            what: `GET ${path} with session cookie: ${label}`,
            send: () => api.get(path, { headers: { ...ip(), Cookie: `__session=${value}` }, maxRedirects: 0 }),
            status: path.includes("admin") ? 401 : path.includes("step=2") ? 302 : 200,
          });
        }
      }
      await sweep(attempts);
    } finally {
      await api.dispose();
    }
  });

  test("over-long text: refused with a 4xx by the schema or the guard, nothing written", async () => {
    const [visitor] = visitors;
    const api = visitor.api;
    // A person's form carries the bot guard's stamp: the refusal must come from the long text.
    const stamp = await personStamp();
    const form = (path: string, fields: Record<string, string>) => () =>
      api.post(path, { form: { ...stamp, ...fields }, headers: ip(), maxRedirects: 0 });
    const longEmail = `${RUN}-${"e".repeat(260)}@example.com`;
    const options = getPage("genius", "options");
    const signup = {
      mode: "signup",
      email: emailFor("longname"),
      password: "long-enough-password",
      confirmPassword: "long-enough-password",
    };
    const attempts: Attempt[] = [
      { what: "signup: a 200-character name", send: form(pathIn(genius, "signup"), { ...signup, name: "n".repeat(200) }), status: 422 },
      { what: "signup: a 3,000-character name", send: form(pathIn(genius, "signup"), { ...signup, name: "n".repeat(3000) }), status: 422 },
      {
        what: "signup: a 2,000,000-character name",
        send: form(pathIn(genius, "signup"), { ...signup, name: "n".repeat(2_000_000) }),
        status: 413,
      },
      {
        what: "signup: a 300-character e-mail",
        send: form(pathIn(genius, "signup"), { ...signup, email: longEmail, name: "Ann" }),
        status: 422,
      },
      {
        what: "signup: a 200-character password",
        send: form(pathIn(genius, "signup"), { ...signup, name: "Ann", password: "p".repeat(200), confirmPassword: "p".repeat(200) }),
        status: 422,
      },
      {
        what: "form step 3: a 300-character e-mail",
        send: form(pathIn(genius, "form", { step: "3" }), { step: "3", email: longEmail }),
        status: 422,
      },
      {
        what: "guide form: a 300-character e-mail",
        send: form(pathIn(genius, "guide-form"), {
          email: longEmail,
          ageBand: options.leadFormAgeBands[0].value,
          goals: options.leadFormGoals[0].value,
        }),
        status: 400,
      },
      {
        what: "admin edit: a 300-character e-mail",
        send: () =>
          admin.api.post(pathIn(genius, `admin/leads/${admin.targets.genius}/edit`), {
            form: { email: longEmail, step_completed: "2", lead_source: "main_funnel" },
            headers: ip(),
            maxRedirects: 0,
          }),
        status: 400,
      },
    ];
    await sweep(attempts);
  });

  test("the JSON e-mail API keeps its own rules and never answers 5xx to bad input", async () => {
    const api = visitors[0].api;
    const call = (headers: Record<string, string>, data?: string) => () =>
      api.post("/api/send-email", { headers: { ...ip(), Authorization: `Bearer ${API_TOKEN}`, ...headers }, data, maxRedirects: 0 });
    const attempts: Attempt[] = [
      { what: "API: text/plain", send: call({ "Content-Type": "text/plain" }, "to=x"), status: 400 },
      { what: "API: malformed JSON", send: call({ "Content-Type": "application/json" }, "{not json"), status: 400 },
      {
        what: "API: __proto__ in JSON",
        send: call({ "Content-Type": "application/json" }, `{"__proto__":{"to":"${emailFor("api")}"},"constructor":{"prototype":{}}}`),
        status: 400,
      },
      {
        what: "API: a body over its 256 kB cap",
        send: call({ "Content-Type": "application/json" }, `"${"x".repeat(300 * 1024)}"`),
        status: 413,
      },
      {
        what: "API: forged session cookie",
        send: call({ "Content-Type": "application/json", Cookie: "__session=x.y" }, "{}"),
        status: 400,
      },
    ];
    await sweep(attempts);
  });
});
