import { createHash } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createD1Outbox } from "~/data/d1/outbox-store.server";
import { getBatchTransport } from "~/mail/batch-transport.server";
import { consumeDeadLetters } from "~/mail/dead-mail.server";
import type { MailMessage } from "~/mail/mail-queue.server";
import type { MailContext } from "~/mail/mailer.server";
import { sendMail } from "~/mail/outbox.server";
import { consumeMailBatch } from "~/mail/queue-consumer.server";
import { sweepOutbox } from "~/mail/sweep.server";
import { emailHash, suppress } from "~/mail/suppression.server";
import { handleResendWebhook } from "~/mail/resend-webhook.server";
import { log } from "~/platform/log.server";
import { enforceRetention } from "~/trust/retention.server";
import { parseEnv } from "~/utils/env.server";
import { useLocalD1 } from "./helpers/local-d1";
import { outboxRow } from "./helpers/outbox-row";

/** Every line written to each console method while `work` ran, parsed. */
function captured() {
  const spies = {
    log: vi.spyOn(console, "log").mockImplementation(() => {}),
    warn: vi.spyOn(console, "warn").mockImplementation(() => {}),
    error: vi.spyOn(console, "error").mockImplementation(() => {}),
  };
  const lines = (method: keyof typeof spies) => spies[method].mock.calls.map((args) => args.map(String).join(" "));
  return {
    lines,
    /** The JSON events written by `method`. */
    events: (method: keyof typeof spies) => lines(method).map((line) => JSON.parse(line) as Record<string, unknown>),
    /** Everything written, every method, as one text. */
    all: () => [...lines("log"), ...lines("warn"), ...lines("error")].join("\n"),
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("log (app/platform/log.server.ts)", () => {
  it("writes one JSON line per event, through the console method of its level", () => {
    const out = captured();
    log.info("cron.run", { job: "mail.sweep", enqueued: 3 });
    log.warn("webhook.refused", { provider: "resend", status: 401 });
    log.error("mail.send_failed", { outboxId: "row-1" }, new TypeError("fetch failed"));

    expect(out.lines("log")).toEqual(['{"level":"info","event":"cron.run","job":"mail.sweep","enqueued":3}']);
    expect(out.events("warn")).toEqual([{ level: "warn", event: "webhook.refused", provider: "resend", status: 401 }]);
    expect(out.events("error")).toEqual([
      { level: "error", event: "mail.send_failed", outboxId: "row-1", error: { name: "TypeError", message: "fetch failed" } },
    ]);
  });

  it("logs an error as its name and message only, whatever was thrown", () => {
    const out = captured();
    const error = Object.assign(new Error("D1 is down"), { request: { headers: { cookie: "session=secret" } } });
    log.error("lead.save_failed", {}, error);
    // Supabase's errors are plain objects with a message (and a code).
    log.error("lead.save_failed", {}, { code: "23505", message: "duplicate key", details: "Key (email)=(someone@example.com)" });
    log.error("lead.save_failed", {}, "a string");
    expect(out.events("error").map((event) => event.error)).toEqual([
      { name: "Error", message: "D1 is down" },
      { name: "23505", message: "duplicate key" },
      { name: "string", message: "a string" },
    ]);
    expect(out.all()).not.toContain("secret");
    expect(out.all()).not.toContain("someone");
  });

  it("replaces anything that looks like an e-mail address with [email], in the error and in every field", () => {
    const out = captured();
    log.error(
      "mail.send_failed",
      { reason: "Invalid `to` field: Parent.Name+tag@Example.co.uk", list: ["x <kid@school.example>", "ok"] },
      new Error("Mail API refused the e-mail (HTTP 422): parent@example.com, other@example.org; see https://x.example/?to=a%40b.example"),
    );
    const [event] = out.events("error");
    expect(event).toEqual({
      level: "error",
      event: "mail.send_failed",
      reason: "Invalid `to` field: [email]",
      list: ["x <[email]>", "ok"],
      error: { name: "Error", message: "Mail API refused the e-mail (HTTP 422): [email], [email]; see https://x.example/?to=[email]" },
    });
    expect(out.all()).not.toMatch(/@|%40/);
  });

  it("leaves what is not an address as it is: hashes, ids, paths, statuses", () => {
    const out = captured();
    const fields = {
      emailHash: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
      path: "/guide-form",
      status: 503,
      ok: false,
    };
    log.info("mail.suppressed", fields);
    expect(out.events("log")).toEqual([{ level: "info", event: "mail.suppressed", ...fields }]);
  });
});

/**
 * The mail paths on a real local D1, with Resend a fake fetch: a failed send is one named event,
 * carrying the address only as its hash.
 */
describe("mail failures and the cron, as logged", { timeout: 120_000 }, () => {
  const d1 = useLocalD1();
  const PARENT = "Parent.Name+waitlist@example.com";
  const T0 = new Date("2025-09-01T10:00:00.000Z");
  const env = parseEnv({
    MAIL_TRANSPORT: "resend",
    RESEND_API_KEY: "re_test",
    RESEND_API_URL: "https://resend.test",
    RESEND_MAX_PER_SECOND: "1000",
    SESSION_SECRET: "test-secret-for-unsubscribe-links-0123456789",
  });

  beforeEach(async () => {
    await d1.db.batch([
      d1.db.prepare("DELETE FROM outbox"),
      d1.db.prepare("DELETE FROM send_pacer"),
      d1.db.prepare("DELETE FROM suppressions"),
    ]);
  });

  /** Resend answering every request with `reply` (both /emails and /emails/batch). */
  const resendAnswering = (reply: () => Response) => (async () => reply()) as unknown as typeof fetch;
  const context = (fetch: typeof globalThis.fetch, now = T0): MailContext => ({
    env,
    bindings: { DB: d1.db },
    now: () => now,
    transport: getBatchTransport(env, fetch),
  });

  /** A row as the producer leaves it (pending, its message live), and the message batch that carries it. */
  async function queuedRow() {
    const row = outboxRow("guide:leads:lead-1", {
      recipient: PARENT,
      enqueued_at: T0.toISOString(),
      origin: "https://aiparenting.example",
    });
    await createD1Outbox(d1.db).insert(row);
    const messages = [{ id: "msg-0", timestamp: T0, body: { id: row.id }, attempts: 1, ack() {}, retry() {} }];
    return { row, batch: { queue: "mail", messages, ackAll() {}, retryAll() {} } as unknown as MessageBatch<MailMessage> };
  }

  it("the queue consumer's failed send (the mail API answers 500): mail.send_failed with the row's id and the address's hash, never the address", async () => {
    const out = captured();
    const { row, batch } = await queuedRow();
    const down = resendAnswering(() =>
      Response.json({ statusCode: 500, name: "internal_server_error", message: `Could not send to ${PARENT}` }, { status: 500 }),
    );
    await consumeMailBatch(context(down, new Date(T0.getTime() + 6_000)), batch);

    const failed = [...out.events("warn"), ...out.events("error")].filter((event) => event.event === "mail.send_failed");
    expect(failed).toEqual([
      {
        level: "warn",
        event: "mail.send_failed",
        outboxId: row.id,
        template: "guide",
        variant: "genius",
        emailHash: await emailHash(PARENT),
        status: "failed",
        attempts: 1,
        nextAttemptAt: expect.any(String),
        error: {
          name: "TransportError",
          message: "Mail API refused the batch (HTTP 500): internal_server_error: Could not send to [email]",
        },
      },
    ]);
    expect(out.all()).not.toContain(PARENT);
    expect(out.all().toLowerCase()).not.toContain("parent.name");
  });

  it("a mail the API refuses for good (a bad address, quoted back): mail.send_failed at error level, status dead, the address scrubbed", async () => {
    const out = captured();
    const { row, batch } = await queuedRow();
    const refusing = resendAnswering(() => Response.json({ data: [], errors: [{ index: 0, message: `Invalid \`to\` field: ${PARENT}` }] }));
    await consumeMailBatch(context(refusing, new Date(T0.getTime() + 6_000)), batch);

    const [failed] = out.events("error").filter((event) => event.event === "mail.send_failed");
    expect(failed).toMatchObject({ outboxId: row.id, status: "dead", attempts: 1, emailHash: await emailHash(PARENT) });
    expect(failed.error).toEqual({
      name: "TransportError",
      message: "Mail API refused the e-mail (HTTP 422): Invalid `to` field: [email]",
    });
    expect(out.all()).not.toContain(PARENT);
  });

  it("sendMail (/api/send-email's path) whose send fails logs that one event, not a second free-text line", async () => {
    const out = captured();
    const down = resendAnswering(() => Response.json({ statusCode: 500, name: "internal_server_error", message: "Down" }, { status: 500 }));
    const result = await sendMail(context(down), {
      template: "api",
      variant: "genius",
      to: PARENT,
      subject: "Hi",
      html: "<p>Hi</p>",
      text: "Hi",
    });
    expect(result.ok).toBe(false);
    const written = [...out.lines("log"), ...out.lines("warn"), ...out.lines("error")];
    expect(written.map((line) => (JSON.parse(line) as { event: string }).event)).toEqual(["mail.send_failed"]);
    expect(out.all()).not.toContain(PARENT);
  });

  it("the dead-letter consumer: mail.dead_letter for each row it leaves dead", async () => {
    const out = captured();
    const { row, batch } = await queuedRow();
    await consumeDeadLetters(context(resendAnswering(() => Response.json({}))), batch);
    expect(out.events("error")).toEqual([
      {
        level: "error",
        event: "mail.dead_letter",
        outboxId: row.id,
        template: "guide",
        variant: "genius",
        emailHash: await emailHash(PARENT),
        deliveries: 1,
      },
    ]);
    expect(out.all()).not.toContain(PARENT);
  });

  it("a mail to a suppressed address: mail.suppressed with its hash", async () => {
    const out = captured();
    await suppress({ env, bindings: { DB: d1.db } }, PARENT, "all", "bounce");
    const { row, batch } = await queuedRow();
    await consumeMailBatch(context(resendAnswering(() => Response.json({}))), batch);
    const hash = await emailHash(PARENT);
    expect(out.events("log")).toEqual([
      { level: "info", event: "mail.suppression_added", emailHash: hash, scope: "all", reason: "bounce" },
      {
        level: "info",
        event: "mail.suppressed",
        outboxId: row.id,
        template: "guide",
        variant: "genius",
        emailHash: hash,
        kind: "transactional",
      },
    ]);
    expect(out.all()).not.toContain(PARENT);
  });

  it("the cron's jobs: cron.run with each job's counts as fields", async () => {
    const out = captured();
    const { row } = await queuedRow();
    // A lost message: the row is due again once its lease is past.
    const sent: MailMessage[] = [];
    const queue = {
      sendBatch: async (messages: { body: MailMessage }[]) => void sent.push(...messages.map((m) => m.body)),
    } as unknown as Queue<MailMessage>;
    await sweepOutbox(
      context(
        resendAnswering(() => Response.json({})),
        new Date(T0.getTime() + 60 * 60_000),
      ),
      queue,
    );
    expect(sent).toEqual([{ id: row.id }]);
    await enforceRetention({ env, bindings: { DB: d1.db } as never }, T0);
    const runs = out.events("log").filter((event) => event.event === "cron.run");
    expect(runs).toEqual([
      { level: "info", event: "cron.run", job: "mail.sweep", enqueued: 1, failed: 0 },
      expect.objectContaining({ job: "retention", mailBodies: expect.any(Number), failed: [] }),
    ]);
  });
});

describe("the hash an operator searches for (README, Operating)", () => {
  it("node:crypto's SHA-256 of `suppression:` and the trimmed, lower-cased address is emailHash", async () => {
    const readme = (address: string) => createHash("sha256").update(`suppression:${address.trim().toLowerCase()}`).digest("hex");
    for (const address of ["parent@example.com", " Parent.Name+tag@Example.COM "]) expect(readme(address)).toBe(await emailHash(address));
  });
});

describe("webhook refusals, as logged", () => {
  const post = (headers: Record<string, string> = {}) =>
    new Request("https://aiparenting.example/webhooks/resend", {
      method: "POST",
      body: '{"type":"email.bounced","data":{"to":["parent@example.com"]}}',
      headers,
    });

  it("webhook.refused with the status, a stable reason and the Svix message id; nothing of the body", async () => {
    const out = captured();
    const open = { env: parseEnv({}), bindings: {} };
    expect((await handleResendWebhook(post(), open)).status).toBe(401);
    const secured = { env: parseEnv({ RESEND_WEBHOOK_SECRET: `whsec_${btoa("a-webhook-secret-of-32-bytes-!!!")}` }), bindings: {} };
    const forged = post({ "svix-id": "msg_1", "svix-timestamp": String(Math.floor(Date.now() / 1000)), "svix-signature": "v1,bm90LWl0" });
    expect((await handleResendWebhook(forged, secured)).status).toBe(401);
    expect(out.events("warn")).toEqual([
      { level: "warn", event: "webhook.refused", provider: "resend", status: 401, reason: "no-secret", messageId: null },
      { level: "warn", event: "webhook.refused", provider: "resend", status: 401, reason: "bad-signature", messageId: "msg_1" },
    ]);
    expect(out.all()).not.toContain("parent@");
  });
});
