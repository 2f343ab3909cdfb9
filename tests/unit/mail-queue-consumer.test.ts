import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { MailContext } from "~/mail/mailer.server";
import { queueTemplateMail, sendMail } from "~/mail/outbox.server";
import { consumeDeadLetters } from "~/mail/dead-mail.server";
import { consumeMailBatch } from "~/mail/queue-consumer.server";
import { sweepOutbox } from "~/mail/sweep.server";
import type { MailMessage } from "~/mail/mail-queue.server";
import { getBatchTransport } from "~/mail/batch-transport.server";
import type { OutboxRow } from "~/data/ports/outbox-store";
import { createD1Outbox } from "~/data/d1/outbox-store.server";
import { sha256Hex } from "~/platform/crypto.server";
import { parseEnv } from "~/utils/env.server";
import { outboxRow } from "./helpers/outbox-row";
import { testContext } from "./helpers/context";
import { useLocalD1 } from "./helpers/local-d1";

/**
 * Delivery through the mail queue (ADR 024) on a real local D1: the producer, the batch consumer,
 * the shared pacer, the sweeper and the dead-letter consumer. Resend is a fake fetch; the queue
 * and its message batches are fakes that record acks and retries.
 */
const d1 = useLocalD1();
let db: D1Database;
beforeAll(async () => {
  db = d1.db;
}, 60_000);
beforeEach(async () => {
  await db.batch([db.prepare("DELETE FROM outbox"), db.prepare("DELETE FROM send_pacer")]);
});

type Call = { url: string; headers: Headers; body: unknown };
type Answer = (body: Record<string, unknown>[], call: number) => Response;

/** Resend's batch endpoint: accepts every mail unless `answer` says otherwise; records every request. */
function fakeResend(answer?: Answer) {
  const calls: Call[] = [];
  const fetchImpl = (async (url: string, init: RequestInit): Promise<Response> => {
    const body = JSON.parse(String(init.body)) as Record<string, unknown>[];
    calls.push({ url, headers: new Headers(init.headers), body });
    if (answer) return answer(body, calls.length);
    return Response.json({ data: body.map((_, i) => ({ id: `re-${calls.length}-${i}` })) });
  }) as unknown as typeof globalThis.fetch;
  return { calls, fetch: fetchImpl };
}

/**
 * Resend's batch endpoint with its Idempotency-Key memory: a key seen before with the same body
 * gets the first answer again and nothing is accepted twice. `hangFirst`: the first request is
 * accepted but its answer never arrives (the transport gives up: a timeout); `neverAnswerFirst`: the
 * first request is accepted and the call never returns.
 */
function rememberingResend(options: { hangFirst?: boolean; neverAnswerFirst?: boolean } = {}) {
  const calls: Call[] = [];
  const recipients: string[] = [];
  const answers = new Map<string, { body: string; answer: { data: { id: string }[] } }>();
  const fetchImpl = (async (url: string, init: RequestInit): Promise<Response> => {
    const body = JSON.parse(String(init.body)) as { to: string[] }[];
    const headers = new Headers(init.headers);
    calls.push({ url, headers, body });
    const key = headers.get("Idempotency-Key") ?? "";
    const seen = answers.get(key);
    if (seen) {
      if (seen.body !== String(init.body)) return Response.json({ name: "invalid_idempotent_request" }, { status: 409 });
      return Response.json(seen.answer);
    }
    const answer = { data: body.map((mail, i) => (recipients.push(mail.to[0]), { id: `re-${calls.length}-${i}` })) };
    answers.set(key, { body: String(init.body), answer });
    if (calls.length === 1 && options.hangFirst) throw new DOMException("The operation timed out.", "TimeoutError");
    if (calls.length === 1 && options.neverAnswerFirst) return new Promise<Response>(() => {});
    return Response.json(answer);
  }) as unknown as typeof globalThis.fetch;
  return { calls, fetch: fetchImpl, accepted: () => [...recipients] };
}

const T0 = new Date("2025-09-01T10:00:00.000Z");
const rawEnv = {
  MAIL_TRANSPORT: "resend",
  RESEND_API_KEY: "re_test",
  RESEND_API_URL: "https://resend.test",
  RESEND_MAX_PER_SECOND: "1000",
  SESSION_SECRET: "test-secret-for-unsubscribe-links-0123456789",
};
const env = parseEnv(rawEnv);

function fakeQueue(options: { fail?: boolean } = {}) {
  const sent: MailMessage[] = [];
  const queue = {
    async send(body: MailMessage) {
      if (options.fail) throw new Error("queue unavailable");
      sent.push(body);
    },
    async sendBatch(messages: { body: MailMessage }[]) {
      if (options.fail) throw new Error("queue unavailable");
      sent.push(...messages.map((m) => m.body));
    },
  } as unknown as Queue<MailMessage>;
  return { queue, sent };
}

type Outcome = { acked: boolean; retried?: { delaySeconds?: number } };

function batchOf(ids: string[], attempts = 1) {
  const outcomes = new Map<string, Outcome>();
  const messages = ids.map((id, i) => {
    const outcome: Outcome = { acked: false };
    outcomes.set(id, outcome);
    return {
      id: `msg-${i}`,
      timestamp: T0,
      body: { id },
      attempts,
      ack: () => void (outcome.acked = true),
      retry: (options?: { delaySeconds?: number }) => void (outcome.retried = options ?? {}),
    };
  });
  const batch = { queue: "mail", messages, ackAll() {}, retryAll() {} } as unknown as MessageBatch<MailMessage>;
  return { batch, outcomes };
}

/** The Worker's mail context at `now`, its transport (single and batch) calling `fetch`. */
function context(fetch: typeof globalThis.fetch, now: Date = T0, queue?: Queue<MailMessage>): MailContext {
  return { env, bindings: { DB: db, ...(queue ? { MAIL_QUEUE: queue } : {}) }, now: () => now, transport: getBatchTransport(env, fetch) };
}

/** Rows as the producer leaves them: pending, their message live. */
async function queued(count: number, change: (i: number) => Partial<OutboxRow> = () => ({})) {
  const rows = Array.from({ length: count }, (_, i) =>
    outboxRow(`guide:leads:lead-${i}`, {
      recipient: `parent${i}@example.com`,
      enqueued_at: T0.toISOString(),
      origin: "https://aiparenting.example",
      ...change(i),
    }),
  );
  // One batch for all of them: each insert sent alone is a round trip to workerd.
  await createD1Outbox(db).insertManyOnce(rows);
  return rows;
}

const get = async (id: string) => db.prepare("SELECT * FROM outbox WHERE id = ?").bind(id).first<OutboxRow>();
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

describe("the producer", () => {
  it("writes the row with its message lease and enqueues only its id after the response, calling no provider", async () => {
    const resend = fakeResend();
    const { queue, sent } = fakeQueue();
    const t = testContext("http://127.0.0.1:8810/guide-confirm", { DB: db, MAIL_QUEUE: queue, MAIL_TRANSPORT: "outbox" });
    const result = await queueTemplateMail(
      { ...t.ctx },
      {
        dedupeKey: "guide:leads:p1",
        template: "guide",
        variant: { domain: "genius" },
        to: "p1@example.com",
        data: { origin: "http://127.0.0.1:8810" },
      },
    );
    expect(result).toMatchObject({ queued: true, status: "pending" });
    const [row] = (await db.prepare("SELECT * FROM outbox").all<OutboxRow>()).results;
    expect(row.enqueued_at).not.toBeNull();
    await t.settle();
    expect(sent).toEqual([{ id: row.id }]);
    expect(resend.calls).toHaveLength(0);
    expect((await get(row.id))?.status).toBe("pending");
  });

  it("a failed enqueue leaves the row without a lease, for the sweeper", async () => {
    const { queue } = fakeQueue({ fail: true });
    const t = testContext("http://127.0.0.1:8810/guide-confirm", { DB: db, MAIL_QUEUE: queue, MAIL_TRANSPORT: "outbox" });
    await queueTemplateMail(
      { ...t.ctx },
      {
        dedupeKey: "guide:leads:p2",
        template: "guide",
        variant: { domain: "genius" },
        to: "p2@example.com",
        data: { origin: "http://127.0.0.1:8810" },
      },
    );
    await t.settle();
    const [row] = (await db.prepare("SELECT * FROM outbox").all<OutboxRow>()).results;
    expect(row).toMatchObject({ status: "pending", enqueued_at: null });
    const working = fakeQueue();
    const later = new Date(Date.parse(row.created_at) + 3 * 60_000);
    expect(await sweepOutbox(context(fakeResend().fetch, later), working.queue)).toMatchObject({ enqueued: 1 });
    expect(working.sent).toEqual([{ id: row.id }]);
  });
});

describe("the consumer", () => {
  it("sends one batch call per message batch with the ids' idempotency key, records the outcomes and acks", async () => {
    const rows = await queued(3);
    const resend = fakeResend();
    const { batch, outcomes } = batchOf(rows.map((r) => r.id));
    await consumeMailBatch(context(resend.fetch, minutes(0.1)), batch);

    expect(resend.calls).toHaveLength(1);
    const [call] = resend.calls;
    expect(call.url).toBe("https://resend.test/emails/batch");
    expect(call.headers.get("Idempotency-Key")).toBe(
      `batch:${await sha256Hex(
        rows
          .map((r) => r.id)
          .sort()
          .join(","),
      )}`,
    );
    expect(call.headers.get("x-batch-validation")).toBe("permissive");
    // The batch goes in id order, so the same rows always make the same request.
    const inOrder = [...rows].sort((a, b) => (a.id < b.id ? -1 : 1));
    expect((call.body as { to: string[] }[]).map((mail) => mail.to[0])).toEqual(inOrder.map((r) => r.recipient));
    expect((call.body as Record<string, unknown>[])[0]).toMatchObject({
      to: [inOrder[0].recipient],
      reply_to: expect.any(String),
      subject: rows[0].subject,
    });
    // Guide mails are marketing: their List-Unsubscribe headers ride along, as on a single send.
    expect((call.body as { headers: Record<string, string> }[])[0].headers["List-Unsubscribe"]).toContain(
      "https://aiparenting.example/unsubscribe",
    );
    for (const row of rows) {
      const i = inOrder.indexOf(row);
      expect(await get(row.id)).toMatchObject({
        status: "sent",
        attempts: 1,
        provider_message_id: `re-1-${i}`,
        enqueued_at: null,
        // The batch it went in stays on it: should that batch ever go again, it goes whole.
        batch_key: call.headers.get("Idempotency-Key"),
      });
      expect(outcomes.get(row.id)).toEqual({ acked: true });
    }
    // The same messages again (a redelivery): nothing is sent twice.
    const again = batchOf(rows.map((r) => r.id));
    await consumeMailBatch(context(resend.fetch, minutes(0.2)), again.batch);
    expect(resend.calls).toHaveLength(1);
    for (const row of rows) expect(again.outcomes.get(row.id)).toEqual({ acked: true });
  });

  it("a batch that failed is retried 15 s later with the same idempotency key", async () => {
    const rows = await queued(2);
    const resend = fakeResend((body, call) =>
      call === 1 ? Response.json({ message: "oops" }, { status: 500 }) : Response.json({ data: body.map((_, i) => ({ id: `ok-${i}` })) }),
    );
    const first = batchOf(rows.map((r) => r.id));
    await consumeMailBatch(context(resend.fetch, minutes(0)), first.batch);
    for (const row of rows) {
      expect(await get(row.id)).toMatchObject({ status: "failed", attempts: 1 });
      expect((await get(row.id))?.enqueued_at).not.toBeNull();
      expect(first.outcomes.get(row.id)?.retried?.delaySeconds).toBe(15);
    }
    const second = batchOf(rows.map((r) => r.id).reverse(), 2);
    await consumeMailBatch(context(resend.fetch, minutes(1.5)), second.batch);
    expect(resend.calls).toHaveLength(2);
    expect(resend.calls[1].headers.get("Idempotency-Key")).toBe(resend.calls[0].headers.get("Idempotency-Key"));
    for (const row of rows) expect(await get(row.id)).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("a batch left without an answer goes again as that same batch (rows, order, key) whichever messages bring its rows back: each mail is accepted once", async () => {
    const rows = await queued(4);
    const provider = rememberingResend({ hangFirst: true });
    const first = batchOf(rows.map((r) => r.id));
    await consumeMailBatch(context(provider.fetch, minutes(0)), first.batch);
    expect(provider.calls).toHaveLength(1);
    expect(provider.accepted()).toHaveLength(4); // taken in, but the answer never came
    for (const row of rows) expect(await get(row.id)).toMatchObject({ status: "failed", attempts: 1 });

    // The queue brings the four messages back in two batches of its own choosing, reversed.
    const second = batchOf([rows[3].id, rows[1].id], 2);
    await consumeMailBatch(context(provider.fetch, minutes(1.5)), second.batch);
    expect(provider.calls).toHaveLength(2);
    expect(provider.calls[1].headers.get("Idempotency-Key")).toBe(provider.calls[0].headers.get("Idempotency-Key"));
    expect(provider.calls[1].body).toEqual(provider.calls[0].body);
    for (const row of rows)
      expect(await get(row.id)).toMatchObject({ status: "sent", batch_key: provider.calls[0].headers.get("Idempotency-Key") });
    const third = batchOf([rows[0].id, rows[2].id], 2);
    await consumeMailBatch(context(provider.fetch, minutes(1.6)), third.batch);
    expect(provider.calls).toHaveLength(2);
    for (const row of rows) expect(third.outcomes.get(row.id) ?? { acked: true }).toEqual({ acked: true });
    expect(provider.accepted().sort()).toEqual(rows.map((r) => r.recipient).sort());
  });

  it("two consumers send a batch in doubt again at once and one is answered 429: the batch stays in doubt, no mail is accepted twice", async () => {
    const rows = await queued(4);
    const provider = rememberingResend({ hangFirst: true });
    await consumeMailBatch(context(provider.fetch, minutes(0)), batchOf(rows.map((r) => r.id)).batch);

    // Consumer Y holds half the messages; its request reaches the provider after X's and is refused for the rate.
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const limited = (async () => {
      await gate;
      return new Response(JSON.stringify({ message: "Too many requests" }), { status: 429, headers: { "retry-after": "1" } });
    }) as unknown as typeof globalThis.fetch;
    const y = consumeMailBatch(context(limited, minutes(1.5)), batchOf([rows[0].id, rows[1].id], 2).batch);
    await consumeMailBatch(context(provider.fetch, minutes(1.5)), batchOf([rows[2].id, rows[3].id], 2).batch);
    open();
    await y;

    // Whatever the rows say now, the next deliveries of their messages (batched otherwise) send nothing new.
    await consumeMailBatch(context(provider.fetch, minutes(10)), batchOf([rows[0].id, rows[1].id], 3).batch);
    await consumeMailBatch(context(provider.fetch, minutes(10)), batchOf([rows[2].id, rows[3].id], 3).batch);
    for (const call of provider.calls.slice(1))
      expect(call.headers.get("Idempotency-Key")).toBe(provider.calls[0].headers.get("Idempotency-Key"));
    expect(provider.accepted().sort()).toEqual(rows.map((r) => r.recipient).sort());
    for (const row of rows) expect(await get(row.id)).toMatchObject({ status: "sent" });
  });

  it("a batch sent again after part of it was recorded sent goes whole and unchanged: the provider answers it from its memory", async () => {
    const rows = await queued(4);
    const provider = rememberingResend({ hangFirst: true });
    await consumeMailBatch(context(provider.fetch, minutes(0)), batchOf(rows.map((r) => r.id)).batch);
    // Another consumer got the answer for two of the rows and recorded them sent.
    const key = provider.calls[0].headers.get("Idempotency-Key");
    for (const row of rows.slice(0, 2))
      await db
        .prepare("UPDATE outbox SET status = 'sent', enqueued_at = NULL, provider_message_id = 'earlier' WHERE id = ?")
        .bind(row.id)
        .run();
    await consumeMailBatch(context(provider.fetch, minutes(1.5)), batchOf([rows[2].id, rows[3].id], 2).batch);
    expect(provider.calls).toHaveLength(2);
    expect(provider.calls[1].headers.get("Idempotency-Key")).toBe(key);
    expect(provider.calls[1].body).toEqual(provider.calls[0].body);
    expect(provider.accepted()).toHaveLength(4);
    for (const row of rows.slice(2)) expect(await get(row.id)).toMatchObject({ status: "sent" });
    // The rows recorded sent before are left as they were.
    for (const row of rows.slice(0, 2)) expect(await get(row.id)).toMatchObject({ status: "sent", provider_message_id: "earlier" });
  });

  it("a consumer that died with its request in flight: the sweeper brings the rows back and they go again as that batch, accepted once", async () => {
    const rows = await queued(3);
    const provider = rememberingResend({ neverAnswerFirst: true });
    // The consumer is never heard of again (its isolate was killed while it waited for the answer).
    void consumeMailBatch(context(provider.fetch, minutes(0)), batchOf(rows.map((r) => r.id)).batch);
    await expect.poll(() => provider.calls.length).toBe(1);
    for (const row of rows) expect(await get(row.id)).toMatchObject({ status: "pending", enqueued_at: null });

    const { queue, sent } = fakeQueue();
    expect(await sweepOutbox(context(provider.fetch, minutes(3)), queue)).toMatchObject({ enqueued: 3 });
    await consumeMailBatch(context(provider.fetch, minutes(3.1)), batchOf(sent.map((m) => m.id).slice(0, 1)).batch);
    expect(provider.calls).toHaveLength(2);
    expect(provider.calls[1].headers.get("Idempotency-Key")).toBe(provider.calls[0].headers.get("Idempotency-Key"));
    for (const row of rows)
      expect(await get(row.id)).toMatchObject({ status: "sent", batch_key: provider.calls[0].headers.get("Idempotency-Key") });
    expect(provider.accepted().sort()).toEqual(rows.map((r) => r.recipient).sort());
  });

  it("a 429 pauses every sender until its retry-after: no provider call from the consumer, the sweeper or a single send", async () => {
    const rows = await queued(2);
    const resend = fakeResend(
      () => new Response(JSON.stringify({ message: "Too many requests" }), { status: 429, headers: { "retry-after": "30" } }),
    );
    const first = batchOf(rows.map((r) => r.id));
    await consumeMailBatch(context(resend.fetch, minutes(0)), first.batch);
    expect(resend.calls).toHaveLength(1);
    for (const row of rows) {
      expect(await get(row.id)).toMatchObject({ status: "failed", attempts: 0 });
      expect(first.outcomes.get(row.id)?.retried?.delaySeconds).toBe(30);
    }

    const more = await queued(1, () => ({ dedupe_key: "guide:leads:later" }));
    const second = batchOf([more[0].id]);
    await consumeMailBatch(context(resend.fetch, minutes(0.1)), second.batch);
    expect(second.outcomes.get(more[0].id)?.retried?.delaySeconds).toBe(24);
    expect((await get(more[0].id))?.status).toBe("pending");

    const { queue } = fakeQueue();
    await sweepOutbox(context(resend.fetch, minutes(10)), queue);
    const single = await sendMail(context(resend.fetch, minutes(0.2)), {
      template: "api",
      variant: "genius",
      to: "x@example.com",
      subject: "s",
      html: "<p>h</p>",
      text: "h",
    });
    expect(single.ok).toBe(false);
    expect(resend.calls).toHaveLength(1);
  });

  it("one invalid address in a batch: that row is dead with the reason, the rest are sent once", async () => {
    const rows = await queued(3, (i) => (i === 1 ? { recipient: "not-an-address" } : {}));
    // Permissive validation: the valid entries are sent (ids in request order), the bad one comes back by index.
    const resend = fakeResend((body) => {
      const bad = body.findIndex((mail) => (mail.to as string[])[0] === "not-an-address");
      const good = body.filter((_, i) => i !== bad).map((mail) => ({ id: `re-${(mail.to as string[])[0].slice(0, 7)}` }));
      return Response.json({ data: good, errors: [{ index: bad, message: "Invalid `to` field." }] });
    });
    const { batch, outcomes } = batchOf(rows.map((r) => r.id));
    await consumeMailBatch(context(resend.fetch, minutes(0.1)), batch);
    expect(resend.calls).toHaveLength(1);
    expect(await get(rows[0].id)).toMatchObject({ status: "sent", provider_message_id: "re-parent0" });
    expect(await get(rows[2].id)).toMatchObject({ status: "sent", provider_message_id: "re-parent2" });
    expect(await get(rows[1].id)).toMatchObject({ status: "dead", last_error: expect.stringContaining("Invalid `to` field") });
    for (const row of rows) expect(outcomes.get(row.id)).toEqual({ acked: true });
  });

  it("a strict refusal of the whole batch naming an entry: that entry is set aside and the rest go in one more call", async () => {
    const rows = await queued(3);
    const resend = fakeResend((body, call) => {
      const bad = body.findIndex((mail) => (mail.to as string[])[0] === rows[2].recipient);
      return call === 1
        ? Response.json(
            { statusCode: 422, name: "validation_error", message: `Invalid \`to\` field at emails[${bad}].to` },
            { status: 422 },
          )
        : Response.json({ data: body.map((_, i) => ({ id: `ok-${i}` })) });
    });
    const { batch, outcomes } = batchOf(rows.map((r) => r.id));
    await consumeMailBatch(context(resend.fetch, minutes(0.1)), batch);
    expect(resend.calls).toHaveLength(2);
    expect(resend.calls[1].body).toHaveLength(2);
    expect(await get(rows[2].id)).toMatchObject({ status: "dead" });
    for (const row of rows.slice(0, 2)) expect(await get(row.id)).toMatchObject({ status: "sent", attempts: 1 });
    for (const row of rows) expect(outcomes.get(row.id)).toEqual({ acked: true });
  });

  it("the rest of a batch refused whole that meets a pause goes back untouched and free of the refused batch's key", async () => {
    const rows = await queued(3);
    const resend = fakeResend((body, call) => {
      const bad = body.findIndex((mail) => (mail.to as string[])[0] === rows[2].recipient);
      return call === 1
        ? Response.json(
            { statusCode: 422, name: "validation_error", message: `Invalid \`to\` field at emails[${bad}].to` },
            { status: 422 },
          )
        : Response.json({ data: body.map((_, i) => ({ id: `ok-${i}` })) });
    });
    // Another sender is answered 429 while this request is out: every sender is paused for a minute.
    const pausedMeanwhile = (async (url: string, init: RequestInit) => {
      await db.prepare("UPDATE send_pacer SET next_at = ?").bind(minutes(1).getTime()).run();
      return resend.fetch(url, init);
    }) as typeof fetch;
    const { batch, outcomes } = batchOf(rows.map((r) => r.id));
    await consumeMailBatch(context(pausedMeanwhile, minutes(0.1)), batch);
    expect(resend.calls).toHaveLength(1);
    expect(await get(rows[2].id)).toMatchObject({ status: "dead" });
    for (const row of rows.slice(0, 2)) {
      expect(await get(row.id)).toMatchObject({ status: "pending", attempts: 0, batch_key: null });
      expect(outcomes.get(row.id)?.retried?.delaySeconds).toBeGreaterThan(50);
    }
  });

  it("with the outbox transport the rows are delivered to the outbox, as before", async () => {
    const rows = await queued(2);
    const { batch, outcomes } = batchOf(rows.map((r) => r.id));
    await consumeMailBatch(
      { env: parseEnv({ SESSION_SECRET: "test-secret-for-unsubscribe-links-0123456789" }), bindings: { DB: db }, now: () => minutes(0.1) },
      batch,
    );
    for (const row of rows) {
      expect(await get(row.id)).toMatchObject({ status: "sent", provider_message_id: `local-${row.id}` });
      expect(outcomes.get(row.id)).toEqual({ acked: true });
    }
  });
});

describe("a preview's allow-list in the consumer", () => {
  it("hands the provider one batch of the allow-listed mail only; the rest stay in the outbox, marked kept", async () => {
    const rows = await queued(3, (i) => ({ recipient: i === 1 ? "tester@qa.example" : `parent${i}@example.com` }));
    const resend = fakeResend();
    const { batch, outcomes } = batchOf(rows.map((r) => r.id));
    const preview = parseEnv({ ...rawEnv, PREVIEW_MODE: "on", PREVIEW_MAIL_ALLOW: "@qa.example" });
    await consumeMailBatch(
      { env: preview, bindings: { DB: db }, now: () => minutes(0.1), transport: getBatchTransport(preview, resend.fetch) },
      batch,
    );

    expect(resend.calls.map((call) => call.url)).toEqual(["https://resend.test/emails/batch"]);
    expect((resend.calls[0].body as { to: string[] }[]).map((mail) => mail.to)).toEqual([["tester@qa.example"]]);
    for (const row of [rows[0], rows[2]]) {
      expect(await get(row.id)).toMatchObject({ status: "sent", last_error: expect.stringContaining("preview mail allow-list") });
    }
    expect(await get(rows[1].id)).toMatchObject({ status: "sent", last_error: null, provider_message_id: "re-1-0" });
    for (const row of rows) expect(outcomes.get(row.id)).toEqual({ acked: true });
  });
});

describe("the sweeper", () => {
  it("re-enqueues a row whose message was lost exactly once, and the row is sent exactly once", async () => {
    const [row] = await queued(1);
    const resend = fakeResend();
    const { queue, sent } = fakeQueue();
    // The message is in flight for a while: the sweeper leaves the row alone.
    await sweepOutbox(context(resend.fetch, minutes(5)), queue);
    expect(sent).toEqual([]);
    // Past the message lease it is taken for lost: enqueued once, and not again while that message is in flight.
    expect(await sweepOutbox(context(resend.fetch, minutes(35)), queue)).toMatchObject({ enqueued: 1 });
    await sweepOutbox(context(resend.fetch, minutes(40)), queue);
    expect(sent).toEqual([{ id: row.id }]);
    const { batch } = batchOf(sent.map((m) => m.id));
    await consumeMailBatch(context(resend.fetch, minutes(41)), batch);
    await sweepOutbox(context(resend.fetch, minutes(80)), queue);
    expect(resend.calls).toHaveLength(1);
    expect(await get(row.id)).toMatchObject({ status: "sent" });
    expect(sent).toHaveLength(1);
  });
});

describe("the dead-letter consumer", () => {
  it("marks the rows of dead-lettered messages dead for a human, keeping their last error, and acks", async () => {
    const rows = await queued(2, (i) => (i === 0 ? { status: "failed", attempts: 2, last_error: "HTTP 500: boom" } : {}));
    const sentRow = await queued(1, () => ({ dedupe_key: "sent", status: "sent" }));
    const { batch, outcomes } = batchOf(
      [...rows, ...sentRow].map((r) => r.id),
      11,
    );
    await consumeDeadLetters(context(fakeResend().fetch, minutes(30)), batch);
    expect(await get(rows[0].id)).toMatchObject({ status: "dead", last_error: "HTTP 500: boom", enqueued_at: null });
    expect(await get(rows[1].id)).toMatchObject({ status: "dead", last_error: expect.stringContaining("dead-letter") });
    expect((await get(sentRow[0].id))?.status).toBe("sent");
    for (const id of [...rows, ...sentRow].map((r) => r.id)) expect(outcomes.get(id)).toEqual({ acked: true });
  });
});
