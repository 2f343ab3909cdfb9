import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getPage } from "#content/index";
import { referralRules } from "#content/referrals";
import { getBackend } from "~/data/backend.server";
import { suppress } from "~/mail/suppression.server";
import { action, loader } from "~/routes/admin/launch";
import { testContext } from "./helpers/context";
import { signedIn } from "./helpers/signed-in";
import { useLocalD1 } from "./helpers/local-d1";

/**
 * /admin/launch (ADR 026) through its loader and action: the audience's breakdown, the preview as a
 * real recipient gets it, a test that reaches the admin only, one campaign per form key and per
 * announcement, bad input answered with a 400 and nothing written, admins only.
 */

const ORIGIN = "http://127.0.0.1:8844";
const PAGE = `${ORIGIN}/admin/launch?domain=champion&sport=tennis`;
const text = getPage("tennis", "admin").launch;

const d1 = useLocalD1();
let bindings: Record<string, unknown>;
beforeAll(async () => {
  // Without the queue binding, as under Vite dev: the campaign's first step runs after the response.
  bindings = { ...d1.bindings, MAIL_QUEUE: undefined };
}, 60_000);
beforeEach(async () => {
  await d1.db.batch(["outbox", "campaigns", "suppressions", "leads_tennis"].map((t) => d1.db.prepare(`DELETE FROM ${t}`)));
});

const context = (url = PAGE) => testContext(url, bindings);
const backend = () => getBackend(context().ctx);

const cookieFor = (role: "user" | "admin") => signedIn(d1, PAGE, role);

async function parent(email: string, confirmed = true) {
  const lead = await backend().leads.create("leads_tennis", { email, step_completed: 3 });
  if (confirmed) await backend().referrals.confirmLead("leads_tennis", lead.id, new Date().toISOString(), referralRules.placesPerCredit);
}

/** 3 confirmed, 1 unsubscribed, 1 bounced, 1 unconfirmed. */
async function waitlist() {
  for (const i of [1, 2, 3]) await parent(`ok${i}@example.com`);
  await parent("unsub@example.com");
  await suppress(context().ctx, "unsub@example.com", "marketing", "unsubscribe");
  await parent("bounce@example.com");
  await suppress(context().ctx, "bounce@example.com", "all", "bounce");
  await parent("waiting@example.com", false);
}

type Loaded = {
  audience: { count: number; unsubscribed: number; bounced: number; unconfirmed: number };
  preview: { subject: string; html: string; to: string | null } | null;
  errors: Record<string, string>;
  key: string;
};

async function load(cookie: string, url = PAGE): Promise<Loaded> {
  const request = new Request(url, { headers: { Cookie: cookie } });
  const result = (await loader({ request, context: context(url).load, params: {} } as LoaderFunctionArgs)) as unknown as { data: Loaded };
  return result.data;
}

const FIELDS = {
  date: "2026-05-04",
  message: "Early access opens soon.",
  ctaLabel: "See the plans",
  ctaUrl: "https://example.com/plans",
  when: "now",
};

async function post(cookie: string, fields: Record<string, string>) {
  const t = context();
  const request = new Request(PAGE, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  const result = await action({ request, context: t.load, params: {} } as ActionFunctionArgs);
  await t.settle();
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location"), data: null };
  const { data, init } = result as unknown as {
    data: { formError: string; errors: Record<string, string>; review?: Record<string, unknown> };
    init?: { status: number };
  };
  return { status: init?.status ?? 200, location: null, data };
}

const count = async (sql: string) => Number((await d1.db.prepare(sql).first<{ n: number }>())?.n ?? 0);

describe("/admin/launch", () => {
  it("shows the audience's breakdown and previews the mail as its first recipient gets it", async () => {
    await waitlist();
    const { cookie } = await cookieFor("admin");
    const page = await load(cookie);
    expect(page.audience).toEqual({ count: 3, unsubscribed: 1, bounced: 1, unconfirmed: 1, waiting: 3, admitted: 0, accounts: 0 });
    expect(page.preview).toBeNull();
    const preview = await load(cookie, `${PAGE}&${new URLSearchParams({ ...FIELDS, intent: "preview" })}`);
    expect(preview.preview?.to).toBe("ok1@example.com");
    expect(preview.preview?.subject).toBe("Early access to Tennis Champion opens 4 May 2026");
    expect(preview.preview?.html).toContain("You&#x27;re number 1 in line.");
    expect(preview.preview?.html).toContain('href="https://example.com/plans"');
    expect(preview.preview?.html).toMatch(/href="http:\/\/127\.0\.0\.1:8844\/status\?domain=champion&amp;sport=tennis&amp;t=/);
    expect(await count("SELECT COUNT(*) AS n FROM outbox")).toBe(0);
    const bad = await load(cookie, `${PAGE}&${new URLSearchParams({ ...FIELDS, ctaUrl: "javascript:alert(1)", intent: "preview" })}`);
    expect(bad.preview).toBeNull();
    expect(bad.errors).toEqual({ ctaUrl: text.errors.ctaUrl });
  });

  it("sends a test to the admin only; it is no campaign, and a second click sends no second test", async () => {
    await waitlist();
    const { cookie, email } = await cookieFor("admin");
    const fields = { ...FIELDS, key: "form-key-test-0001", intent: "test" };
    expect((await post(cookie, fields)).status).toBe(303);
    expect((await post(cookie, fields)).status).toBe(303);
    const rows = (await d1.db.prepare("SELECT recipient, template, dedupe_key FROM outbox").all<Record<string, string>>()).results;
    expect(rows).toEqual([
      { recipient: email, template: "announcement", dedupe_key: expect.stringMatching(/^campaign-test:form-key-test-0001:/) },
    ]);
    expect(await count("SELECT COUNT(*) AS n FROM campaigns")).toBe(0);
  });

  it("asks for one confirmation before sending or scheduling: the count, the variant, the date; nothing written before it", async () => {
    await waitlist();
    const { cookie } = await cookieFor("admin");
    for (const intent of ["review", "send"]) {
      const answer = await post(cookie, { ...FIELDS, key: "form-key-ask-00001", intent });
      expect(answer.status, intent).toBe(200);
      expect(answer.data).toMatchObject({ review: { count: 3, scope: "Tennis", date: "4 May 2026", at: null } });
    }
    const later = await post(cookie, { ...FIELDS, when: "later", sendAt: "2099-01-01T09:30", key: "form-key-ask-00002", intent: "send" });
    expect(later).toMatchObject({ status: 200, data: { review: { count: 3, at: "2099-01-01 09:30 UTC" } } });
    // Only a "yes" counts as the confirmation.
    const maybe = await post(cookie, { ...FIELDS, key: "form-key-ask-00003", intent: "send", confirm: "maybe" });
    expect(maybe.status).toBe(200);
    expect(await count("SELECT COUNT(*) AS n FROM campaigns")).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM outbox")).toBe(0);
  });

  it("sends once per form and per announcement: exactly one mail to each of the 3 recipients", async () => {
    await waitlist();
    const { cookie } = await cookieFor("admin");
    const send = { ...FIELDS, key: "form-key-send-0001", intent: "send", confirm: "yes" };
    // The confirmation posted twice at once (a double click).
    const [first, twice] = await Promise.all([post(cookie, send), post(cookie, send)]);
    expect([first.status, twice.status]).toEqual([303, 303]);
    const id = new URL(first.location!, ORIGIN).searchParams.get("campaign");
    expect(new URL(twice.location!, ORIGIN).searchParams.get("campaign")).toBe(id);
    // The resubmitted POST, and a second admin's form with the same announcement.
    const again = await post(cookie, send);
    const other = await post((await cookieFor("admin")).cookie, { ...send, key: "form-key-send-0002" });
    for (const answer of [again, other]) expect(new URL(answer.location!, ORIGIN).searchParams.get("campaign")).toBe(id);
    expect(await count("SELECT COUNT(*) AS n FROM campaigns")).toBe(1);
    const rows = (await d1.db.prepare("SELECT recipient FROM outbox ORDER BY recipient").all<{ recipient: string }>()).results;
    expect(rows.map((r) => r.recipient)).toEqual(["ok1@example.com", "ok2@example.com", "ok3@example.com"]);
  });

  it("answers bad input with a 400 and a clear message, and writes nothing", async () => {
    await waitlist();
    const { cookie } = await cookieFor("admin");
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{ date: "2026-02-30" }, { date: text.errors.date }],
      [{ message: "  " }, { message: text.errors.message }],
      [{ message: "x".repeat(601) }, { message: text.errors.messageTooLong.replace("{max}", "600") }],
      [{ ctaLabel: "" }, { ctaLabel: text.errors.ctaLabel }],
      [{ ctaUrl: "//evil.example" }, { ctaUrl: text.errors.ctaUrl }],
      [{ ctaUrl: "ftp://files.example" }, { ctaUrl: text.errors.ctaUrl }],
      [{ when: "later", sendAt: "tomorrow" }, { sendAt: text.errors.sendAt }],
      [{ when: "later", sendAt: "2020-01-01T10:00" }, { sendAt: text.errors.sendAtPast }],
    ];
    for (const [change, errors] of cases) {
      const answer = await post(cookie, { ...FIELDS, ...change, key: `form-key-bad-${crypto.randomUUID().slice(0, 8)}`, intent: "send" });
      expect(answer.status, JSON.stringify(change)).toBe(400);
      expect(answer.data).toMatchObject({ formError: text.errors.summary, errors });
    }
    for (const fields of [
      { ...FIELDS, intent: "send" },
      { ...FIELDS, key: "form-key-bad-0001", intent: "explode" },
    ]) {
      expect(await post(cookie, fields)).toMatchObject({ status: 400, data: { formError: text.errors.unknownAction } });
    }
    expect(await count("SELECT COUNT(*) AS n FROM campaigns")).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM outbox")).toBe(0);
  });

  it("schedules for a later time without writing a row; nobody to send to is refused", async () => {
    const { cookie } = await cookieFor("admin");
    expect(await post(cookie, { ...FIELDS, key: "form-key-none-0001", intent: "send" })).toMatchObject({
      status: 400,
      data: { formError: text.errors.noAudience },
    });
    await waitlist();
    const later = await post(cookie, {
      ...FIELDS,
      when: "later",
      sendAt: "2099-01-01T09:30",
      key: "form-key-later-001",
      intent: "send",
      confirm: "yes",
    });
    expect(later.status).toBe(303);
    const stored = await d1.db.prepare("SELECT status, send_at FROM campaigns").first();
    expect(stored).toEqual({ status: "scheduled", send_at: "2099-01-01T09:30:00.000Z" });
    expect(await count("SELECT COUNT(*) AS n FROM outbox")).toBe(0);
  });

  it("is for admins only", async () => {
    const { cookie } = await cookieFor("user");
    const refused = await load(cookie).then(
      () => null,
      (error: unknown) => error as Response,
    );
    expect(refused?.status).toBe(403);
    const posted = await post(cookie, { ...FIELDS, key: "form-key-user-0001", intent: "send" }).then(
      () => null,
      (error: unknown) => error as Response,
    );
    expect(posted?.status).toBe(403);
    expect(await count("SELECT COUNT(*) AS n FROM campaigns")).toBe(0);
  });
});
