import type { AppLoadContext } from "@remix-run/cloudflare";
import { beforeEach, describe, expect, it } from "vitest";
import type { ContentKey } from "#content/index";
import { EMAIL_TEMPLATES, mailKindOf, offersUnsubscribe, type EmailTemplateName } from "#content/schemas/emails";
import { renderEmail } from "#emails/render.server";
import { sampleEmailData } from "#emails/sample-data";
import { variantOfContentKey } from "#emails/variant-of-key";
import { base64url } from "~/platform/crypto.server";
import type { MailContext } from "~/mail/mailer.server";
import { queueTemplateMail, sendMail } from "~/mail/outbox.server";
import { retryFailedMail } from "~/mail/sweep.server";
import { createD1Outbox } from "~/data/d1/outbox-store.server";
import { emailHash, isSuppressed, suppress } from "~/mail/suppression.server";
import { getTransport, type MailTransport, type OutgoingMail } from "~/mail/transport.server";
import { signUnsubscribeToken } from "~/mail/unsubscribe.server";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/unsubscribe";
import { action as webhookAction } from "~/routes/webhooks.resend";
import { parseEnv } from "~/utils/env.server";
import type { Variant } from "~/utils/variant";
import { useLocalD1 } from "./helpers/local-d1";

const d1 = useLocalD1();
beforeEach(async () => {
  await d1.db.prepare("DELETE FROM outbox").run();
  await d1.db.prepare("DELETE FROM suppressions").run();
});

const MAIL_FROM = "AI Parenting <no-reply@aiparenting.example>";
const WEBHOOK_SECRET = `whsec_${btoa("a-webhook-secret-of-32-bytes-!!!")}`;
const ORIGIN = "http://127.0.0.1:8788";

const VARIANTS: Record<ContentKey, Variant> = {
  genius: variantOfContentKey("genius"),
  icehockey: variantOfContentKey("icehockey"),
  tennis: variantOfContentKey("tennis"),
};

/** A transport that records what it is handed. */
function recorder() {
  const sent: OutgoingMail[] = [];
  const transport: MailTransport = {
    name: "outbox",
    async send(mail) {
      sent.push(mail);
      return { ok: true, providerMessageId: `fake-${mail.id}` };
    },
  };
  return { sent, transport };
}

function mailContext(transport: MailTransport, vars: Record<string, string> = {}): MailContext {
  const env = parseEnv({ MAIL_TRANSPORT: "outbox", MAIL_FROM, ...vars });
  return { env, bindings: { DB: d1.db }, transport };
}

async function queueAndSettle(ctx: MailContext, template: EmailTemplateName, to: string, key: ContentKey = "genius") {
  const work: Promise<unknown>[] = [];
  const queued = await queueTemplateMail(
    { ...ctx, waitUntil: (promise) => void work.push(promise) },
    {
      dedupeKey: `${template}:test:${to}:${key}`,
      template,
      variant: VARIANTS[key],
      to,
      data: { ...sampleEmailData(key, ORIGIN, "https://app.example/login") },
    },
  );
  await Promise.all(work);
  if (!queued.queued) throw new Error(queued.error);
  return (await createD1Outbox(d1.db).get(queued.id))!;
}

describe("the template classification", () => {
  it("marks moved-up and the launch announcement as marketing, the rest (the guide and tips asked for, too) and api mails transactional", () => {
    const marketing = EMAIL_TEMPLATES.filter((name) => mailKindOf(name) === "marketing").sort();
    expect(marketing).toEqual(["announcement", "moved-up"]);
    expect(mailKindOf("api")).toBe("transactional");
  });

  it("offers one-click unsubscribe on the marketing mails and on the guide and tips, which start the follow-ups", () => {
    expect(EMAIL_TEMPLATES.filter(offersUnsubscribe).sort()).toEqual(["announcement", "guide", "moved-up", "tips"]);
  });
});

describe("the suppression list is checked before every send", () => {
  it.each(["moved-up", "announcement"] as const)("a marketing suppression skips %s: skipped row, no transport call", async (template) => {
    const { sent, transport } = recorder();
    const ctx = mailContext(transport);
    await suppress(ctx, "Parent@Example.com", "marketing", "unsubscribe");
    const row = await queueAndSettle(ctx, template, "parent@example.com");
    expect(row.status).toBe("skipped");
    expect(row.attempts).toBe(0);
    expect(row.next_attempt_at).toBeNull();
    expect(sent).toHaveLength(0);
    // The skipped row keeps neither the address nor the mail.
    expect(row).toMatchObject({
      recipient: `suppressed:${await emailHash("parent@example.com")}`,
      subject: "",
      html: "",
      text: "",
      render_input: null,
    });
  });

  it.each(["confirm-email", "prelaunch", "guide", "tips"] as const)("a marketing suppression does not block %s", async (template) => {
    const { sent, transport } = recorder();
    const ctx = mailContext(transport);
    await suppress(ctx, "parent@example.com", "marketing", "unsubscribe");
    const row = await queueAndSettle(ctx, template, "parent@example.com");
    expect(row.status).toBe("sent");
    expect(sent).toHaveLength(1);
  });

  it("an 'all' suppression (bounce) skips transactional mails and /api/send-email too", async () => {
    const { sent, transport } = recorder();
    const ctx = mailContext(transport);
    await suppress(ctx, "gone@example.com", "all", "bounce");
    const row = await queueAndSettle(ctx, "prelaunch", "gone@example.com");
    expect(row.status).toBe("skipped");
    const api = await sendMail(ctx, {
      template: "api",
      variant: "genius",
      to: "gone@example.com",
      subject: "S",
      html: "<p>x</p>",
      text: "x",
    });
    expect(api.ok).toBe(false);
    expect((await createD1Outbox(d1.db).get(api.id!))?.status).toBe("skipped");
    expect(sent).toHaveLength(0);
  });

  it("the retry cron skips a failed row whose address was suppressed meanwhile, and never picks it again", async () => {
    const failing: MailTransport = { name: "outbox", send: async () => ({ ok: false, error: "down", permanent: false }) };
    const clock = { now: new Date("2025-09-01T10:00:00.000Z") };
    const ctx: MailContext = { ...mailContext(failing), now: () => clock.now };
    const first = await sendMail(ctx, {
      template: "guide",
      variant: "genius",
      to: "later@example.com",
      subject: "S",
      html: "<p>x</p>",
      text: "x",
    });
    expect((await createD1Outbox(d1.db).get(first.id!))?.status).toBe("failed");
    await suppress(ctx, "later@example.com", "all", "complaint");
    const { sent, transport } = recorder();
    clock.now = new Date("2025-09-01T11:00:00.000Z");
    await retryFailedMail({ ...ctx, transport });
    expect((await createD1Outbox(d1.db).get(first.id!))?.status).toBe("skipped");
    expect(sent).toHaveLength(0);
    clock.now = new Date("2025-09-02T11:00:00.000Z");
    const again = await retryFailedMail({ ...ctx, transport });
    expect(again.picked).toBe(0);
  });
});

describe("sender, Reply-To and List-Unsubscribe as the transport receives them", () => {
  it.each([
    ["genius", "AI Parenting Genius <no-reply@aiparenting.example>", "hello@aiparenting.example"],
    ["icehockey", "Hockey Champion <no-reply@aiparenting.example>", "hello@champion.example"],
    ["tennis", "Tennis Champion <no-reply@aiparenting.example>", "hello@champion.example"],
  ] as const)("%s mails go out under the variant's brand with its contact as Reply-To", async (key, from, replyTo) => {
    const { sent, transport } = recorder();
    await queueAndSettle(mailContext(transport), "prelaunch", `brand-${key}@example.com`, key);
    expect(sent[0].from).toBe(from);
    expect(sent[0].replyTo).toBe(replyTo);
  });

  it("the welcome mail goes out in the brand the parent signed up in", async () => {
    const { sent, transport } = recorder();
    await queueAndSettle(mailContext(transport), "welcome", "welcome@example.com", "tennis");
    expect(sent[0].from).toBe("Tennis Champion <no-reply@aiparenting.example>");
    expect(sent[0].replyTo).toBe("hello@champion.example");
  });

  it.each(["guide", "tips", "moved-up", "announcement"] as const)("%s carries RFC 8058 one-click headers", async (template) => {
    const { sent, transport } = recorder();
    await queueAndSettle(mailContext(transport), template, "list@example.com", "icehockey");
    const headers = sent[0].headers ?? {};
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const match = /^<(http[^>]+)>, <mailto:([^>]+)>$/.exec(headers["List-Unsubscribe"] ?? "");
    expect(match).not.toBeNull();
    const url = new URL(match![1]);
    expect(url.origin).toBe(ORIGIN);
    expect(url.pathname).toBe("/unsubscribe");
    expect(url.searchParams.get("t")).toBeTruthy();
    expect(url.searchParams.get("domain")).toBe("champion");
    expect(match![2]).toBe("hello@champion.example?subject=unsubscribe");
    // The visible footer link goes to the same page.
    expect(sent[0].html).toContain(`href="${match![1].replace(/&/g, "&amp;")}"`);
  });

  it.each(["confirm-email", "prelaunch", "confirm-account", "account-exists", "welcome"] as const)(
    "%s (transactional) carries no List-Unsubscribe",
    async (template) => {
      const { sent, transport } = recorder();
      await queueAndSettle(mailContext(transport), template, "tx@example.com");
      expect(sent[0].headers?.["List-Unsubscribe"]).toBeUndefined();
      expect(sent[0].headers?.["List-Unsubscribe-Post"]).toBeUndefined();
      expect(sent[0].html).not.toContain("/unsubscribe?");
    },
  );

  it("a retry of a stored body rebuilds the same headers", async () => {
    let fail = true;
    const seen: OutgoingMail[] = [];
    const flaky: MailTransport = {
      name: "outbox",
      async send(mail) {
        seen.push(mail);
        if (fail) return { ok: false, error: "down", permanent: false };
        return { ok: true, providerMessageId: "x" };
      },
    };
    const clock = { now: new Date("2025-09-01T10:00:00.000Z") };
    const ctx: MailContext = { ...mailContext(flaky), now: () => clock.now };
    await queueAndSettle(ctx, "tips", "retry@example.com", "tennis");
    fail = false;
    clock.now = new Date("2025-09-01T11:00:00.000Z");
    await retryFailedMail(ctx);
    expect(seen).toHaveLength(2);
    expect(seen[1].headers).toEqual(seen[0].headers);
    expect(seen[1].from).toBe("Tennis Champion <no-reply@aiparenting.example>");
  });

  it("Resend receives headers and reply_to in POST /emails", async () => {
    const bodies: Record<string, unknown>[] = [];
    const fetchImpl = (async (_url: string, init: RequestInit) => {
      bodies.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify({ id: "re_1" }), { status: 200 });
    }) as unknown as typeof fetch;
    const env = parseEnv({ MAIL_TRANSPORT: "resend", RESEND_API_KEY: "re_key", MAIL_FROM });
    await getTransport(env, fetchImpl).send({
      id: "1",
      idempotencyKey: "k",
      from: "Hockey Champion <no-reply@aiparenting.example>",
      replyTo: "hello@champion.example",
      to: "a@example.com",
      subject: "S",
      html: "<p>x</p>",
      text: "x",
      headers: { "List-Unsubscribe": "<https://x.example/unsubscribe?t=1>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    });
    expect(bodies[0]).toMatchObject({
      from: "Hockey Champion <no-reply@aiparenting.example>",
      reply_to: "hello@champion.example",
      headers: { "List-Unsubscribe": "<https://x.example/unsubscribe?t=1>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    });
  });
});

describe("rendered e-mails", () => {
  const brands: Record<ContentKey, string> = { genius: "AI Parenting Genius", icehockey: "Hockey Champion", tennis: "Tennis Champion" };
  for (const key of ["genius", "icehockey", "tennis"] as const) {
    for (const template of EMAIL_TEMPLATES) {
      it(`${key} ${template}: the plain text starts with the brand; footer names the controller; no "a AI"`, async () => {
        const { text, html } = await renderEmail(template, key, sampleEmailData(key, ORIGIN, "https://app.example/login"));
        const brand = brands[key];
        expect(text.trimStart().startsWith(brand)).toBe(true);
        expect(text).toContain("AI Parenting s.r.o.");
        expect(text).toContain("privacy@aiparenting.example");
        expect(`${text} ${html}`).not.toMatch(/\ba AI\b/);
      });
    }
  }

  it("carries the lead's Manage my data link when the caller gives one, else the privacy policy", async () => {
    const manageLink = `${ORIGIN}/my-data?t=signed-token`;
    const withLead = await renderEmail("prelaunch", "genius", { ...sampleEmailData("genius", ORIGIN, "x"), manageLink });
    expect(withLead.html).toContain(`href="${manageLink}"`);
    expect(withLead.text).toContain("Manage my data");
    const without = await renderEmail("account-exists", "tennis", {
      ...sampleEmailData("tennis", ORIGIN, "https://app.example"),
      manageLink: null,
    });
    expect(without.html).toContain(`${ORIGIN}/privacy?domain=champion&amp;sport=tennis`);
  });
});

function routeContext(vars: Record<string, string> = {}): AppLoadContext {
  const env = { MAIL_TRANSPORT: "outbox", MAIL_FROM, ...vars, DB: d1.db };
  return { cloudflare: { env, ctx: { waitUntil() {} } } } as unknown as AppLoadContext;
}

const suppressionCount = async () => (await d1.db.prepare("SELECT count(*) AS n FROM suppressions").first<{ n: number }>())!.n;

type PageResult = { data: { view: { state: string; email?: string } }; init: { status?: number } | null };
const statusOf = (result: PageResult) => result.init?.status ?? 200;

describe("/unsubscribe", () => {
  const url = (token: string) => `http://127.0.0.1/unsubscribe?t=${encodeURIComponent(token)}`;
  const post = (token: string, vars: Record<string, string> = {}, body = "List-Unsubscribe=One-Click") =>
    unsubscribeAction({
      request: new Request(url(token), { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body }),
      context: routeContext(vars),
      params: {},
    }) as unknown as Promise<PageResult>;

  it("the one-click POST (RFC 8058) answers 200 and suppresses marketing only", async () => {
    const token = await signUnsubscribeToken({}, true, "Click@Example.com", "marketing");
    const result = await post(token);
    expect(statusOf(result)).toBe(200);
    expect(result.data.view).toEqual({ state: "done", email: "click@example.com" });
    const ctx = { env: parseEnv({}), bindings: { DB: d1.db } };
    expect(await isSuppressed(ctx, "click@example.com", "marketing")).toBe(true);
    expect(await isSuppressed(ctx, "click@example.com", "transactional")).toBe(false);
    const entry = await d1.db.prepare("SELECT scope, reason FROM suppressions").first();
    expect(entry).toEqual({ scope: "marketing", reason: "unsubscribe" });
  });

  it("the GET shows the button and writes nothing", async () => {
    const token = await signUnsubscribeToken({}, true, "look@example.com", "marketing");
    const result = (await unsubscribeLoader({
      request: new Request(url(token)),
      context: routeContext(),
      params: {},
    })) as unknown as PageResult;
    expect(statusOf(result)).toBe(200);
    expect(result.data.view).toMatchObject({ state: "ask", email: "look@example.com" });
    expect(await suppressionCount()).toBe(0);
  });

  it.each([
    ["garbage", "not-a-token"],
    ["a forged signature", `${base64url(new TextEncoder().encode("marketing:victim@example.com"))}.${base64url(new Uint8Array(32))}`],
    ["no token", ""],
  ])("%s: 400 and nothing written", async (_name, token) => {
    const result = await post(token);
    expect(statusOf(result)).toBe(400);
    expect(result.data.view.state).toBe("invalid");
    expect(await suppressionCount()).toBe(0);
  });

  it("the one-click POST with no body at all (the URL carries the token) unsubscribes too", async () => {
    const token = await signUnsubscribeToken({}, true, "bare@example.com", "marketing");
    const result = (await unsubscribeAction({
      request: new Request(url(token), { method: "POST" }),
      context: routeContext(),
      params: {},
    })) as unknown as PageResult;
    expect(statusOf(result)).toBe(200);
    expect(await suppressionCount()).toBe(1);
  });

  it("a token whose signature's last character differs only in unused bits is refused", async () => {
    const token = await signUnsubscribeToken({}, true, "bits@example.com", "marketing");
    // 32 bytes are 43 base64url characters: the last one carries 2 bits and 4 unused ones.
    const last = token.at(-1)!;
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const twin = alphabet[alphabet.indexOf(last) ^ 1];
    expect(statusOf(await post(token.slice(0, -1) + twin))).toBe(400);
    expect(await suppressionCount()).toBe(0);
  });

  it("a token signed with another secret is refused", async () => {
    const token = await signUnsubscribeToken({ SESSION_SECRET: "another-secret" }, false, "x@example.com", "marketing");
    expect(statusOf(await post(token, { SESSION_SECRET: "the-real-secret" }))).toBe(400);
    expect(await suppressionCount()).toBe(0);
  });
});

/** Svix's scheme: HMAC-SHA256 over `${id}.${timestamp}.${body}` with the base64 secret after `whsec_`. */
async function svixSign(secret: string, id: string, timestamp: number, body: string) {
  const key = await crypto.subtle.importKey(
    "raw",
    Uint8Array.from(atob(secret.slice("whsec_".length)), (c) => c.charCodeAt(0)),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${id}.${timestamp}.${body}`));
  return `v1,${btoa(String.fromCharCode(...new Uint8Array(mac)))}`;
}

const bounced = (to: string) =>
  JSON.stringify({
    type: "email.bounced",
    created_at: "2025-09-01T10:00:00.000Z",
    data: {
      email_id: "56761188-7520-42d8-8898-ff6fc54ce618",
      from: "AI Parenting Genius <no-reply@aiparenting.example>",
      to: [to],
      subject: "Your AI Parenting Guide is Ready!",
      created_at: "2025-09-01T09:59:58.000Z",
      bounce: { message: "The recipient's mail server permanently rejected the e-mail.", subType: "General", type: "Permanent" },
    },
  });
const complained = (to: string) =>
  JSON.stringify({
    type: "email.complained",
    created_at: "2025-09-01T10:00:00.000Z",
    data: { email_id: "a1", from: MAIL_FROM, to: [to], subject: "Tips", created_at: "2025-09-01T09:00:00.000Z" },
  });

async function webhook(
  body: string,
  headers: Record<string, string>,
  vars: Record<string, string> = { RESEND_WEBHOOK_SECRET: WEBHOOK_SECRET },
) {
  const response = (await webhookAction({
    request: new Request("http://127.0.0.1/webhooks/resend", {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body,
    }),
    context: routeContext(vars),
    params: {},
  })) as Response;
  return response.status;
}

const now = () => Math.floor(Date.now() / 1000);
const svixHeaders = async (body: string, { secret = WEBHOOK_SECRET, timestamp = now(), id = "msg_2KWPBgLlAfxdpx2AI54pPJ85f4W" } = {}) => ({
  "svix-id": id,
  "svix-timestamp": String(timestamp),
  "svix-signature": await svixSign(secret, id, timestamp, body),
});

describe("POST /webhooks/resend", () => {
  const ctx = () => ({ env: parseEnv({}), bindings: { DB: d1.db } });

  it("a signed hard bounce suppresses every kind of mail to the address", async () => {
    const body = bounced("Bounced@Example.com");
    expect(await webhook(body, await svixHeaders(body))).toBe(200);
    expect(await isSuppressed(ctx(), "bounced@example.com", "transactional")).toBe(true);
    expect(await d1.db.prepare("SELECT scope, reason FROM suppressions").first()).toEqual({ scope: "all", reason: "bounce" });
  });

  it("a signed complaint suppresses everything, reason complaint; several signatures may be listed", async () => {
    const body = complained("angry@example.com");
    const signed = await svixHeaders(body);
    signed["svix-signature"] = `v1,${btoa("not-this-one")} ${signed["svix-signature"]}`;
    expect(await webhook(body, signed)).toBe(200);
    expect(await d1.db.prepare("SELECT scope, reason FROM suppressions").first()).toEqual({ scope: "all", reason: "complaint" });
  });

  it("a soft (transient) bounce and other events are answered 200 and ignored", async () => {
    const soft = JSON.stringify({
      ...JSON.parse(bounced("soft@example.com")),
      data: { ...JSON.parse(bounced("soft@example.com")).data, bounce: { type: "Transient", subType: "MailboxFull", message: "full" } },
    });
    expect(await webhook(soft, await svixHeaders(soft))).toBe(200);
    const delivered = JSON.stringify({ type: "email.delivered", created_at: "x", data: { to: ["ok@example.com"] } });
    expect(await webhook(delivered, await svixHeaders(delivered))).toBe(200);
    expect(await suppressionCount()).toBe(0);
  });

  it("unsigned, wrongly signed, tampered and stale requests are 401 and change nothing", async () => {
    const body = bounced("victim@example.com");
    expect(await webhook(body, {})).toBe(401);
    expect(await webhook(body, await svixHeaders(body, { secret: `whsec_${btoa("some-other-secret-of-32-bytes!!!")}` }))).toBe(401);
    expect(await webhook(bounced("other@example.com"), await svixHeaders(body))).toBe(401);
    expect(await webhook(body, await svixHeaders(body, { timestamp: now() - 6 * 60 }))).toBe(401);
    expect(await webhook(body, await svixHeaders(body, { timestamp: now() + 6 * 60 }))).toBe(401);
    expect(await suppressionCount()).toBe(0);
  });

  it.each([
    "null",
    "42",
    "true",
    '"email.bounced"',
    "[]",
    "[{}]",
    "{}",
    '{"type":"email.bounced"}',
    '{"data":{"to":["x@example.com"]}}',
    '{"type":"email.bounced","data":null}',
    '{"type":7,"data":{}}',
  ])("a signed body that is not an event (%s) is 400 and changes nothing", async (body) => {
    expect(await webhook(body, await svixHeaders(body))).toBe(400);
    expect(await suppressionCount()).toBe(0);
  });

  it("refuses every call while RESEND_WEBHOOK_SECRET is unset (401)", async () => {
    const body = bounced("victim@example.com");
    expect(await webhook(body, await svixHeaders(body), {})).toBe(401);
    expect(await suppressionCount()).toBe(0);
  });
});
