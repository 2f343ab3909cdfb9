// Webhooks under load (issue 35, docs/decisions/038-webhooks.md): 1,000 events to one endpoint whose
// receiver answers after 500 ms, drained the way the Worker's queue does it (wrangler.toml: batches of
// 50, up to 5 consumers at once), on a local D1 and a real local HTTP receiver. Mail has its own queue
// and consumers; the one thing the two share is the database, so the bench times a parent's outbox
// write (queueTemplateMail) idle and while the drain runs.
//   npm run bench:webhooks
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, bench, describe } from "vitest";
import { getBackend } from "~/data/backend.server";
import { queueTemplateMail } from "~/mail/outbox.server";
import { consumeWebhookBatch } from "~/webhooks/deliver.server";
import { recordWebhookEvent } from "~/webhooks/emit.server";
import type { WebhookContext, WebhookMessage } from "~/webhooks/webhook-queue.server";
import { testContext } from "../tests/unit/helpers/context";
import { startLocalD1 } from "../tests/unit/helpers/local-d1";

const EVENTS = Number(process.env.WEBHOOK_EVENTS ?? 1000);
const RECEIVER_DELAY_MS = 500;
const BATCH_SIZE = 50;
const CONSUMERS = 5;

const d1 = await startLocalD1();
let received = 0;
const receiver = createServer((request, response) => {
  request.resume();
  request.on("end", () =>
    setTimeout(() => {
      received += 1;
      response.end();
    }, RECEIVER_DELAY_MS),
  );
});
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const mailSends: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const settle of mailSends) await settle();
  receiver.close();
  await d1.dispose();
});

// The queue as the Worker has it: emitting only enqueues; the drain below plays its consumers.
const queued: string[] = [];
const queue = {
  async sendBatch(messages: { body: WebhookMessage }[]) {
    for (const message of messages) queued.push(message.body.delivery);
  },
} as unknown as Queue<WebhookMessage>;
const ctx: WebhookContext = { env: { WEBHOOK_LOOPBACK: "on" }, bindings: { ...d1.bindings, WEBHOOK_QUEUE: queue } };
const store = getBackend(ctx).webhooks;
const at = new Date().toISOString();
await store.addEndpoint({
  id: crypto.randomUUID(),
  url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
  events: ["lead.confirmed"],
  secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
  previous_secret: null,
  previous_secret_expires_at: null,
  enabled: true,
  created_at: at,
  updated_at: at,
});

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** One parent's outbox write, as a confirmation page makes it. */
let mails = 0;
async function outboxWrite(): Promise<number> {
  const { ctx: mail, settle } = testContext("http://127.0.0.1/confirm", d1.bindings);
  // The send after the response (the local outbox) is not the page's wait: settled at the end.
  mailSends.push(settle);
  const started = performance.now();
  mails += 1;
  await queueTemplateMail(mail, {
    dedupeKey: `bench-webhooks:${mails}`,
    template: "moved-up",
    variant: mail.variant,
    to: `parent${mails}@example.com`,
    data: { origin: "http://127.0.0.1", statusLink: "http://127.0.0.1/status", manageLink: "http://127.0.0.1/my-data", place: 3 },
  });
  return performance.now() - started;
}

// The confirmed parents: each attempt reads its lead's address (ADR 038, Erasure).
for (let i = 0; i < EVENTS; i++) {
  await getBackend(ctx).leads.createOnce("leads", `bench-${i}`, { email: `parent${i}@example.com`, step_completed: 3 });
}

// Emitting: each event writes its delivery row (one endpoint subscribed) and enqueues its id.
const emitStarted = performance.now();
for (let i = 0; i < EVENTS; i++) {
  await recordWebhookEvent(ctx, {
    type: "lead.confirmed",
    id: `lead.confirmed:leads:bench-${i}`,
    variant: "genius",
    data: { lead_id: `bench-${i}` },
  });
}
const ids = [...queued];
const emitMs = performance.now() - emitStarted;

const idle: number[] = [];
for (let i = 0; i < 50; i++) idle.push(await outboxWrite());

// The drain: batches of 50 message ids, up to 5 consumer invocations at once, as the queue runs them.
const batches: string[][] = [];
for (let i = 0; i < ids.length; i += BATCH_SIZE) batches.push(ids.slice(i, i + BATCH_SIZE));
let retried = 0;
const messageBatch = (chunk: string[]) =>
  ({
    queue: "webhooks",
    messages: chunk.map((delivery, i) => ({
      id: `${delivery}-${i}`,
      timestamp: new Date(),
      attempts: 1,
      body: { delivery },
      ack() {},
      retry() {
        retried += 1;
      },
    })),
    metadata: {},
    ackAll() {},
    retryAll() {},
  }) as unknown as MessageBatch<WebhookMessage>;
const drainStarted = performance.now();
let draining = true;
const during: number[] = [];
const mailWhileDraining = (async () => {
  while (draining) during.push(await outboxWrite());
})();
const next = { index: 0 };
await Promise.all(
  Array.from({ length: CONSUMERS }, async () => {
    while (next.index < batches.length) await consumeWebhookBatch(ctx, messageBatch(batches[next.index++]));
  }),
);
const drainMs = performance.now() - drainStarted;
draining = false;
await mailWhileDraining;

const delivered = Number(
  (await d1.db.prepare("SELECT COUNT(*) AS n FROM webhook_deliveries WHERE status = 'delivered'").first<{ n: number }>())?.n,
);
console.log(
  `\nwebhooks: ${EVENTS} events, one endpoint answering after ${RECEIVER_DELAY_MS} ms, batches of ${BATCH_SIZE}, ${CONSUMERS} consumers`,
);
console.log(`  emit (delivery row written, id enqueued): ${ms(emitMs)} in all, ${ms(emitMs / EVENTS)} per event`);
console.log(`  drain: ${(drainMs / 1000).toFixed(1)} s, ${((delivered / drainMs) * 1000).toFixed(0)} deliveries/s`);
console.log(`  delivered ${delivered} of ${EVENTS}, receiver saw ${received}, retried ${retried}`);
console.log(`  outbox write idle: p50 ${ms(percentile(idle, 0.5))}, p95 ${ms(percentile(idle, 0.95))} (${idle.length} mails)`);
console.log(
  `  outbox write during the drain: p50 ${ms(percentile(during, 0.5))}, p95 ${ms(percentile(during, 0.95))} (${during.length} mails)\n`,
);

describe("webhooks", () => {
  bench("one parent's outbox write after the drain", async () => {
    await outboxWrite();
  });
});
