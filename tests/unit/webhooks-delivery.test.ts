import { createHmac } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { getBackend } from "~/data/backend.server";
import type { WebhookEndpoint } from "~/data/ports/webhook-store";
import { eraseParentData } from "~/trust/my-data.server";
import { replayDelivery } from "~/webhooks/admin.server";
import { BACKOFF_SECONDS, consumeWebhookBatch, sweepWebhooks } from "~/webhooks/deliver.server";
import { emitWebhookEvent, recordWebhookEvent } from "~/webhooks/emit.server";
import type { WebhookContext, WebhookMessage } from "~/webhooks/webhook-queue.server";
import { testContext } from "./helpers/context";
import { useLocalD1 } from "./helpers/local-d1";

/** Emitting and delivering (ADR 038) on a local D1, against a fake receiver that checks every signature by the spec. */
const d1 = useLocalD1();

const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const OLD_SECRET = "whsec_dGhlIG9sZCBzZWNyZXQgb2YgdGhlIGVuZHBvaW50";
const T0 = new Date("2025-09-01T12:00:00.000Z");

type Received = { id: string; timestamp: string; signatures: string[]; body: string; validWith: string[] };
let received: Received[];
let answers: (number | "network" | "timeout")[];
let clock: Date;

/** The spec's algorithm by hand (node:crypto), not the app's module. */
const signatureOf = (secret: string, id: string, timestamp: string, body: string) =>
  `v1,${createHmac("sha256", Buffer.from(secret.slice(6), "base64"))
    .update(`${id}.${timestamp}.${body}`)
    .digest("base64")}`;

const receiver: typeof fetch = async (_url, init) => {
  const headers = new Headers(init?.headers);
  const [id, timestamp, signature] = ["webhook-id", "webhook-timestamp", "webhook-signature"].map((name) => headers.get(name) ?? "");
  const body = String(init?.body);
  const signatures = signature.split(" ");
  const validWith = [SECRET, OLD_SECRET].filter((secret) => signatures.includes(signatureOf(secret, id, timestamp, body)));
  expect(headers.get("content-type")).toBe("application/json");
  expect(init?.redirect).toBe("manual");
  received.push({ id, timestamp, signatures, body, validWith });
  const answer = answers.shift() ?? 200;
  if (answer === "network") throw new TypeError("fetch failed");
  if (answer === "timeout") throw new DOMException("The operation timed out.", "TimeoutError");
  return new Response(null, { status: answer });
};

const ctx = (): WebhookContext => ({
  env: { WEBHOOK_LOOPBACK: "on" },
  // The D1 only: the local platform also binds wrangler.toml's WEBHOOK_QUEUE, and these attempts run without one.
  bindings: { DB: d1.bindings.DB as D1Database },
  now: () => clock,
  fetch: receiver,
});
const store = () => getBackend(ctx()).webhooks;

async function addEndpoint(over: Partial<WebhookEndpoint> = {}) {
  const endpoint: WebhookEndpoint = {
    id: crypto.randomUUID(),
    url: "http://127.0.0.1:9799/hook",
    events: ["lead.confirmed"],
    secret: SECRET,
    previous_secret: null,
    previous_secret_expires_at: null,
    enabled: true,
    created_at: T0.toISOString(),
    updated_at: T0.toISOString(),
    ...over,
  };
  await store().addEndpoint(endpoint);
  return endpoint;
}

/** lead.confirmed as events.server emits it: ids only, the address is read from the lead when it is sent. */
const confirmed = (leadId = "lead-1") => ({
  type: "lead.confirmed" as const,
  id: `lead.confirmed:leads:${leadId}`,
  variant: "genius",
  data: { lead_id: leadId },
});

/** The confirmed parent behind lead `id`: `<id>@example.com`, or parent@example.com for lead-1. */
const addressOf = (id: string) => (id === "lead-1" ? "parent@example.com" : `${id}@example.com`);
async function addLead(id: string) {
  await getBackend(ctx()).leads.createOnce("leads", id, { email: addressOf(id), step_completed: 3, created_at: T0.toISOString() });
}

/** The parent erases their data on /my-data. */
async function erase(address: string) {
  const { ctx: request, settle } = testContext("http://127.0.0.1:8810/my-data", { DB: d1.bindings.DB });
  await eraseParentData(request, address, "self", clock);
  await settle();
}

/** What the receiver got in the POSTs' data. */
const receivedData = () => received.map((post) => (JSON.parse(post.body) as { data: Record<string, unknown> }).data);

const later = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};

beforeEach(async () => {
  await d1.db.batch([
    d1.db.prepare("DELETE FROM webhook_deliveries"),
    d1.db.prepare("DELETE FROM webhook_endpoints"),
    d1.db.prepare("DELETE FROM leads"),
    d1.db.prepare("DELETE FROM suppressions"),
  ]);
  received = [];
  answers = [];
  clock = T0;
  for (const id of ["lead-1", "a", "b", ...Array.from({ length: 20 }, (_, i) => `lead-${i}`)]) await addLead(id);
});

describe("webhook emit and delivery", () => {
  it("an emit the database refuses once is written on the retry, once", async () => {
    await addEndpoint();
    let refusals = 1;
    const real = d1.bindings.DB as D1Database;
    // The same database behind a binding whose first query fails (a dropped connection).
    const flaky = new Proxy(real, {
      get(target, name) {
        if (name === "prepare" && refusals > 0) {
          refusals -= 1;
          return () => {
            throw new Error("D1_ERROR: Network connection lost.");
          };
        }
        const value = Reflect.get(target, name);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const background: Promise<unknown>[] = [];
    const withWait = { ...ctx(), bindings: { DB: flaky }, waitUntil: (promise: Promise<unknown>) => void background.push(promise) };
    emitWebhookEvent(withWait, confirmed());
    await Promise.all(background);
    expect(refusals).toBe(0);
    expect(received).toHaveLength(1);
    expect(await store().listDeliveries(10)).toHaveLength(1);
  });

  it("a confirmation emitted twice is one signed POST of {type, timestamp, data}", async () => {
    const endpoint = await addEndpoint();
    const background: Promise<unknown>[] = [];
    const withWait = { ...ctx(), waitUntil: (promise: Promise<unknown>) => void background.push(promise) };
    emitWebhookEvent(withWait, confirmed());
    emitWebhookEvent(withWait, confirmed());
    await Promise.all(background);
    expect(received).toHaveLength(1);
    const [post] = received;
    expect(post.id).toMatch(/^msg_[A-Za-z0-9_-]{32}$/);
    expect(post.timestamp).toBe(String(T0.getTime() / 1000));
    expect(post.validWith).toEqual([SECRET]);
    expect(JSON.parse(post.body)).toEqual({
      type: "lead.confirmed",
      timestamp: T0.toISOString(),
      data: { lead_id: "lead-1", email: "parent@example.com", variant: "genius" },
    });
    const [row] = await store().listDeliveries(10, { endpointId: endpoint.id });
    expect(row).toMatchObject({ id: post.id, status: "delivered", attempts: 1, last_response_code: 200 });
    expect(row.last_latency_ms).toBeGreaterThanOrEqual(0);
  });

  it("500 twice, then the third try delivers with the same webhook-id and a fresh signature", async () => {
    await addEndpoint();
    answers = [500, 500, 200];
    const [delivery] = await recordWebhookEvent(ctx(), confirmed());
    expect(await store().getDelivery(delivery.id)).toMatchObject({ status: "pending", attempts: 1, last_response_code: 500 });
    // Not due before its backoff.
    expect((await sweepWebhooks(ctx())).attempted).toBe(0);
    later(BACKOFF_SECONDS[0]);
    await sweepWebhooks(ctx());
    later(BACKOFF_SECONDS[1]);
    await sweepWebhooks(ctx());
    expect(received.map((post) => post.id)).toEqual([delivery.id, delivery.id, delivery.id]);
    expect(received.every((post) => post.validWith.length === 1)).toBe(true);
    expect(new Set(received.map((post) => post.timestamp)).size).toBe(3);
    expect(await store().getDelivery(delivery.id)).toMatchObject({ status: "delivered", attempts: 3, last_response_code: 200 });
  });

  it("retries 429, timeouts and network errors, and is dead after the last backoff step", async () => {
    await addEndpoint();
    answers = [429, "timeout", "network", 503, 502, 500, 500];
    const [delivery] = await recordWebhookEvent(ctx(), confirmed());
    for (const wait of BACKOFF_SECONDS) {
      later(wait);
      await sweepWebhooks(ctx());
    }
    expect(received).toHaveLength(7);
    expect(await store().getDelivery(delivery.id)).toMatchObject({
      status: "dead",
      attempts: 7,
      last_response_code: 500,
      next_attempt_at: null,
    });
  });

  it.each([404, 410, 301])("a %i is dead at once", async (code) => {
    await addEndpoint();
    answers = [code];
    const [delivery] = await recordWebhookEvent(ctx(), confirmed());
    expect(await store().getDelivery(delivery.id)).toMatchObject({ status: "dead", attempts: 1, last_response_code: code });
  });

  it("a disabled endpoint, or one not subscribed to the type, gets nothing", async () => {
    await addEndpoint({ enabled: false });
    await addEndpoint({ events: ["lead.erased"] });
    expect(await recordWebhookEvent(ctx(), confirmed())).toEqual([]);
    expect(received).toEqual([]);
  });

  it("a pending delivery of an endpoint disabled since is not sent", async () => {
    const endpoint = await addEndpoint();
    answers = [500];
    const [delivery] = await recordWebhookEvent(ctx(), confirmed());
    await store().updateEndpoint(endpoint.id, { enabled: false, updated_at: clock.toISOString() });
    later(BACKOFF_SECONDS[0]);
    await sweepWebhooks(ctx());
    expect(received).toHaveLength(1);
    expect(await store().getDelivery(delivery.id)).toMatchObject({ status: "dead", attempts: 2 });
  });

  it("during a rotation's grace both secrets sign; after it only the new one", async () => {
    await addEndpoint({ previous_secret: OLD_SECRET, previous_secret_expires_at: new Date(T0.getTime() + 86_400_000).toISOString() });
    await recordWebhookEvent(ctx(), confirmed("a"));
    later(86_400);
    await recordWebhookEvent(ctx(), confirmed("b"));
    expect(received.map((post) => [post.signatures.length, post.validWith])).toEqual([
      [2, [SECRET, OLD_SECRET]],
      [1, [SECRET]],
    ]);
  });

  it("a replay sends the same webhook-id again", async () => {
    await addEndpoint();
    const [delivery] = await recordWebhookEvent(ctx(), confirmed());
    await store().replay(delivery.id, clock.toISOString());
    await sweepWebhooks(ctx());
    expect(received.map((post) => post.id)).toEqual([delivery.id, delivery.id]);
  });

  it("lead.confirmed is stored without the address; each attempt reads it from the lead and sends the same signed body", async () => {
    await addEndpoint();
    answers = [500, 200];
    const [delivery] = await recordWebhookEvent(ctx(), confirmed());
    expect((await store().getDelivery(delivery.id))?.payload).not.toContain("@");
    later(BACKOFF_SECONDS[0]);
    await sweepWebhooks(ctx());
    expect(receivedData()).toEqual([
      { lead_id: "lead-1", email: "parent@example.com", variant: "genius" },
      { lead_id: "lead-1", email: "parent@example.com", variant: "genius" },
    ]);
    expect(received[0].body).toBe(received[1].body);
    expect(received.every((post) => post.validWith.length === 1)).toBe(true);
  });

  it("a pending lead.confirmed of a parent who erased their data is cancelled and never sent again", async () => {
    await addEndpoint();
    answers = [500];
    const [delivery] = await recordWebhookEvent(ctx(), confirmed());
    await erase("parent@example.com");
    for (const wait of BACKOFF_SECONDS) {
      later(wait);
      await sweepWebhooks(ctx());
    }
    expect(received).toHaveLength(1);
    const row = await store().getDelivery(delivery.id);
    expect(row).toMatchObject({ status: "cancelled", attempts: 1, next_attempt_at: null });
    expect(row?.payload).not.toContain("parent@example.com");
  });

  it("an admin's replay of an erased parent's lead.confirmed sends nothing: the delivery stays cancelled", async () => {
    await addEndpoint();
    const [delivered] = await recordWebhookEvent(ctx(), confirmed());
    answers = [500];
    const [pending] = await recordWebhookEvent(ctx(), confirmed("a"));
    await erase("parent@example.com");
    await erase("a@example.com");
    // The admin page's context: the receiver and the clock of these tests.
    const admin = { ...ctx(), isLocal: true, waitUntil: () => {} } as unknown as Parameters<typeof replayDelivery>[0];
    // Delivered before the erasure: the replay's attempt finds no lead and cancels it.
    expect(await replayDelivery(admin, delivered.id, clock)).toBe("replayed");
    // Cancelled by the erasure: not replayed at all.
    expect(await replayDelivery(admin, pending.id, clock)).toBe("cancelled");
    later(BACKOFF_SECONDS[0]);
    await sweepWebhooks(ctx());
    expect(received).toHaveLength(2);
    expect(await store().getDelivery(delivered.id)).toMatchObject({ status: "cancelled", next_attempt_at: null });
    expect(await store().getDelivery(pending.id)).toMatchObject({ status: "cancelled", next_attempt_at: null });
    expect(await replayDelivery(admin, "msg_none", clock)).toBe("missing");
  });

  it("a lead.confirmed whose lead an admin deleted is cancelled at its attempt, not sent", async () => {
    await addEndpoint();
    answers = [500];
    const [delivery] = await recordWebhookEvent(ctx(), confirmed());
    await getBackend(ctx()).leads.delete("leads", "lead-1", clock.toISOString());
    later(BACKOFF_SECONDS[0]);
    await sweepWebhooks(ctx());
    expect(received).toHaveLength(1);
    expect(await store().getDelivery(delivery.id)).toMatchObject({ status: "cancelled", attempts: 1, next_attempt_at: null });
  });

  it("the queue consumer acks a delivered message, retries a failed one after the backoff, and acks a stranger", async () => {
    await addEndpoint();
    const sent: string[] = [];
    const queue = { sendBatch: async (messages: { body: WebhookMessage }[]) => void sent.push(...messages.map((m) => m.body.delivery)) };
    const queued = { ...ctx(), bindings: { DB: d1.bindings.DB as D1Database, WEBHOOK_QUEUE: queue as unknown as Queue<WebhookMessage> } };
    const [delivery] = await recordWebhookEvent(queued, confirmed());
    expect(sent).toEqual([delivery.id]);
    expect(received).toEqual([]);
    const outcomes: string[] = [];
    const message = (body: unknown) => ({
      body,
      attempts: 1,
      ack: () => outcomes.push("ack"),
      retry: (options?: { delaySeconds?: number }) => outcomes.push(`retry ${options?.delaySeconds}`),
    });
    answers = [503, 200];
    const batch = (body: unknown) => ({ queue: "webhooks", messages: [message(body)] }) as unknown as MessageBatch<WebhookMessage>;
    await consumeWebhookBatch(queued, batch({ delivery: delivery.id }));
    // A second copy of the message while it waits finds it not due.
    await consumeWebhookBatch(queued, batch({ delivery: delivery.id }));
    later(BACKOFF_SECONDS[0]);
    await consumeWebhookBatch(queued, batch({ delivery: delivery.id }));
    await consumeWebhookBatch(queued, batch({ nothing: true }));
    expect(outcomes).toEqual([`retry ${BACKOFF_SECONDS[0]}`, "ack", "ack", "ack"]);
    expect(received.map((post) => post.id)).toEqual([delivery.id, delivery.id]);
    expect(await store().getDelivery(delivery.id)).toMatchObject({ status: "delivered", attempts: 2 });
  });

  it("the queue consumer POSTs at most 6 of a batch at once (a Worker's open connections), and delivers all 20", async () => {
    await addEndpoint();
    const queue = { sendBatch: async () => {} };
    let open = 0;
    let most = 0;
    const slow: typeof fetch = async (url, init) => {
      most = Math.max(most, ++open);
      // Answers on a later turn of the event loop, so the consumer's parallel POSTs overlap.
      await new Promise((resolve) => setImmediate(resolve));
      open -= 1;
      return receiver(url, init);
    };
    const queued = {
      ...ctx(),
      fetch: slow,
      bindings: { DB: d1.bindings.DB as D1Database, WEBHOOK_QUEUE: queue as unknown as Queue<WebhookMessage> },
    };
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push((await recordWebhookEvent(queued, confirmed(`lead-${i}`)))[0].id);
    const messages = ids.map((delivery) => ({ body: { delivery }, attempts: 1, ack() {}, retry() {} }));
    await consumeWebhookBatch(queued, { queue: "webhooks", messages } as unknown as MessageBatch<WebhookMessage>);
    expect(most).toBeLessThanOrEqual(6);
    expect(received).toHaveLength(20);
  });
});
