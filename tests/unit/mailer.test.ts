import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MAX_ATTEMPTS } from "~/mail/deliver.server";
import type { MailContext } from "~/mail/mailer.server";
import { queueTemplateMail, sendMail } from "~/mail/outbox.server";
import { retryFailedMail } from "~/mail/sweep.server";
import { createD1Outbox } from "~/data/d1/outbox-store.server";
import { parseEnv } from "~/utils/env.server";
import { useLocalD1 } from "./helpers/local-d1";
import { outboxRow } from "./helpers/outbox-row";

/** A stand-in for Resend's API on 127.0.0.1: answers from a script, records every call. */
type Reply = { status: number; body: unknown; headers?: Record<string, string> };
type Call = { path: string; headers: IncomingMessage["headers"]; body: Record<string, unknown> };
let server: Server;
let apiUrl = "";
let replies: Reply[] = [];
let calls: Call[] = [];

const d1 = useLocalD1();

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      calls.push({ path: req.url ?? "", headers: req.headers, body: JSON.parse(raw || "{}") });
      const reply = replies.shift() ?? { status: 500, body: { statusCode: 500, name: "internal_server_error", message: "Down" } };
      res.writeHead(reply.status, { "Content-Type": "application/json", ...reply.headers });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

beforeEach(async () => {
  replies = [];
  calls = [];
  await d1.db.prepare("DELETE FROM outbox").run();
});

/** A mail context on the real D1 with a controllable clock. */
function context(transport: "resend" | "outbox", clock: { now: Date }): MailContext {
  const env = parseEnv({
    MAIL_TRANSPORT: transport,
    RESEND_API_KEY: "re_test_key",
    RESEND_API_URL: apiUrl,
    MAIL_FROM: "AI Parenting <no-reply@aiparenting.example>",
  });
  return { env, bindings: { DB: d1.db }, now: () => clock.now };
}

const mail = (to: string) => ({
  template: "prelaunch" as const,
  variant: { domain: "champion" as const, sport: "tennis" },
  to,
  subject: "Welcome to Compete - Your Referral Link is Ready!",
  html: "<p>Hello</p>",
  text: "Hello",
});

const later = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);
const row = (id: string) => createD1Outbox(d1.db).get(id);
const serverError = { status: 500, body: { statusCode: 500, name: "internal_server_error", message: "Mail service down" } };

describe("sendMail with the Resend transport", () => {
  it("records a failed first attempt, then the retry delivers it with the same idempotency key", async () => {
    const clock = { now: new Date("2025-09-01T10:00:00.000Z") };
    const ctx = context("resend", clock);
    replies = [serverError, { status: 200, body: { id: "re_msg_123" } }];

    const first = await sendMail(ctx, mail("first@example.com"));
    expect(first.ok).toBe(false);
    expect(first.id).toBeTruthy();
    const failed = await row(first.id!);
    expect(failed).toMatchObject({
      status: "failed",
      attempts: 1,
      recipient: "first@example.com",
      variant: "champion-tennis",
      provider_message_id: null,
      next_attempt_at: "2025-09-01T10:01:00.000Z",
    });
    expect(failed?.last_error).toContain("Mail service down");
    expect(calls).toHaveLength(1);

    // Not due yet: nothing is sent.
    clock.now = later(clock.now, 0.5);
    expect((await retryFailedMail(ctx)).picked).toBe(0);
    expect(calls).toHaveLength(1);

    clock.now = later(clock.now, 1);
    const summary = await retryFailedMail(ctx);
    expect(summary).toMatchObject({ picked: 1, sent: 1 });
    expect(await row(first.id!)).toMatchObject({
      status: "sent",
      attempts: 2,
      provider_message_id: "re_msg_123",
      last_error: null,
    });

    expect(calls).toHaveLength(2);
    for (const call of calls) {
      expect(call.path).toBe("/emails");
      expect(call.headers["idempotency-key"]).toBe(first.id);
      expect(call.headers.authorization).toBe("Bearer re_test_key");
      // Sent under the variant's brand with its contact as Reply-To, not as "AI Parenting".
      expect(call.body).toMatchObject({
        from: "Tennis Champion <no-reply@aiparenting.example>",
        reply_to: "hello@champion.example",
        to: ["first@example.com"],
        subject: "Welcome to Compete - Your Referral Link is Ready!",
        html: "<p>Hello</p>",
        text: "Hello",
      });
    }

    // A sent row is never sent again.
    clock.now = later(clock.now, 600);
    await retryFailedMail(ctx);
    expect(calls).toHaveLength(2);
  });

  it("backs off exponentially and marks the row dead after the bound", async () => {
    const clock = { now: new Date("2025-09-02T10:00:00.000Z") };
    const ctx = context("resend", clock);
    const first = await sendMail(ctx, mail("dead@example.com"));
    const id = first.id!;
    const waits: number[] = [];
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt += 1) {
      const current = await row(id);
      waits.push((Date.parse(current!.next_attempt_at!) - clock.now.getTime()) / 60_000);
      clock.now = new Date(current!.next_attempt_at!);
      await retryFailedMail(ctx);
    }
    expect(waits).toEqual([1, 5, 25, 125]);
    const dead = await row(id);
    expect(dead).toMatchObject({ status: "dead", attempts: MAX_ATTEMPTS, next_attempt_at: null });
    expect(dead?.last_error).toContain("HTTP 500");
    expect(calls).toHaveLength(MAX_ATTEMPTS);

    clock.now = later(clock.now, 10_000);
    expect((await retryFailedMail(ctx)).picked).toBe(0);
    expect(calls).toHaveLength(MAX_ATTEMPTS);
  });

  it("a mail the provider rejects as invalid is dead at once with the provider's message", async () => {
    const clock = { now: new Date("2025-09-03T10:00:00.000Z") };
    replies = [{ status: 422, body: { statusCode: 422, name: "validation_error", message: "Invalid `to` field." } }];
    const result = await sendMail(context("resend", clock), mail("bad@example.com"));
    expect(result).toMatchObject({ ok: false, error: "Mail API refused the e-mail (HTTP 422): validation_error: Invalid `to` field." });
    expect(await row(result.id!)).toMatchObject({ status: "dead", attempts: 1 });
  });

  it("a network error is a clear, retryable failure", async () => {
    const clock = { now: new Date("2025-09-04T10:00:00.000Z") };
    const ctx = context("resend", clock);
    ctx.env = { ...ctx.env, RESEND_API_URL: "http://127.0.0.1:9" };
    const result = await sendMail(ctx, mail("offline@example.com"));
    expect(result.ok).toBe(false);
    expect(result.ok === false && result.error).toMatch(/^Mail API unreachable/);
    expect(await row(result.id!)).toMatchObject({ status: "failed", attempts: 1 });
  });

  it("the outbox transport marks the mail sent locally without any network call", async () => {
    const clock = { now: new Date("2025-09-05T10:00:00.000Z") };
    const result = await sendMail(context("outbox", clock), mail("local@example.com"));
    expect(result.ok).toBe(true);
    expect(await row(result.id!)).toMatchObject({ status: "sent", attempts: 1, provider_message_id: `local-${result.id}` });
    expect(calls).toHaveLength(0);
  });

  it("a send that died while pending is retried by the cron once stale, under its dedupe key", async () => {
    const store = createD1Outbox(d1.db);
    const created = "2025-09-06T10:00:00.000Z";
    await store.insert(
      outboxRow("guide:leads:stale-lead", {
        id: "11111111-1111-4111-8111-111111111111",
        recipient: "stale@example.com",
        created_at: created,
        updated_at: created,
      }),
    );
    replies = [{ status: 200, body: { id: "re_stale" } }];
    const clock = { now: later(new Date(created), 0.5) };
    expect((await retryFailedMail(context("resend", clock))).picked).toBe(0);
    clock.now = later(new Date(created), 3);
    expect((await retryFailedMail(context("resend", clock))).sent).toBe(1);
    expect(calls).toHaveLength(1);
    expect(calls[0].headers["idempotency-key"]).toBe("guide:leads:stale-lead");
  });

  it("a rate-limited send (429) does not use up an attempt and waits as long as the API asks", async () => {
    const clock = { now: new Date("2025-09-07T10:00:00.000Z") };
    replies = [
      {
        status: 429,
        headers: { "retry-after": "90" },
        body: { statusCode: 429, name: "rate_limit_exceeded", message: "Too many requests. You can only make 2 requests per second." },
      },
    ];
    const result = await sendMail(context("resend", clock), mail("busy@example.com"));
    expect(result.ok).toBe(false);
    const stored = await row(result.id!);
    expect(stored).toMatchObject({ status: "failed", attempts: 0, next_attempt_at: "2025-09-07T10:01:30.000Z" });
    expect(stored?.last_error).toContain("HTTP 429");
  });
});

describe("the provider's idempotency key is the dedupe key", () => {
  it("queueTemplateMail sends with Idempotency-Key = the dedupe key, and the retry uses it again", async () => {
    const clock = { now: new Date("2025-09-08T10:00:00.000Z") };
    const background: Promise<unknown>[] = [];
    const ctx = { ...context("resend", clock), waitUntil: (promise: Promise<unknown>) => void background.push(promise) };
    replies = [serverError, { status: 200, body: { id: "re_ok" } }];

    const queued = await queueTemplateMail(ctx, {
      dedupeKey: "prelaunch:leads_tennis:lead-42",
      template: "prelaunch",
      variant: { domain: "champion", sport: "tennis" },
      to: "key@example.com",
      data: { origin: "https://champion.example", selectedPlan: "Compete" },
    });
    expect(queued).toMatchObject({ queued: true, status: "pending" });
    await Promise.all(background);
    expect(calls.map((call) => call.headers["idempotency-key"])).toEqual(["prelaunch:leads_tennis:lead-42"]);

    clock.now = later(clock.now, 2);
    expect(await retryFailedMail(ctx)).toMatchObject({ picked: 1, sent: 1 });
    expect(calls.map((call) => call.headers["idempotency-key"])).toEqual([
      "prelaunch:leads_tennis:lead-42",
      "prelaunch:leads_tennis:lead-42",
    ]);
  });

  it("sendMail without a key uses the row id as its key; with a key it sends once", async () => {
    const clock = { now: new Date("2025-09-09T10:00:00.000Z") };
    replies = [
      { status: 200, body: { id: "re_1" } },
      { status: 200, body: { id: "re_2" } },
    ];
    const plain = await sendMail(context("resend", clock), mail("plain@example.com"));
    expect(calls[0].headers["idempotency-key"]).toBe(plain.id);
    expect(await row(plain.id!)).toMatchObject({ dedupe_key: plain.id });

    const keyed = { ...mail("keyed@example.com"), dedupeKey: "api:order-1042" };
    const first = await sendMail(context("resend", clock), keyed);
    const second = await sendMail(context("resend", clock), keyed);
    expect(first).toMatchObject({ ok: true });
    expect(second).toEqual(first);
    expect(calls.map((call) => call.headers["idempotency-key"])).toEqual([plain.id, "api:order-1042"]);
  });
});
