import { getBackend } from "~/data/backend.server";
import { LEAD_TABLES } from "~/data/lead-model";
import type { LeadTable } from "~/data/ports/lead-store";
import type { AttemptRecord, WebhookDelivery, WebhookEndpoint } from "~/data/ports/webhook-store";
import { log } from "~/platform/log.server";
import { checkEndpointUrl } from "./endpoint-url.server";
import { signedHeaders } from "./standard-webhooks";
import { allowsLoopback, webhookQueueOf, type WebhookContext, type WebhookMessage } from "./webhook-queue.server";

/**
 * One attempt of a delivery and what follows from its answer (ADR 038): a 2xx is delivered; a 5xx,
 * 429, 408, a timeout or a network error is tried again after the next backoff step; anything else
 * (a 3xx: redirects are not followed; a 4xx: the receiver refuses the request itself; an endpoint
 * disabled or no longer allowed) is dead at once. After the last step it is dead too. A
 * lead.confirmed whose lead is gone (erased or deleted) is cancelled, never sent.
 */

/** The waits after attempts 1..6: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h; about 18 hours in all, 7 attempts. */
export const BACKOFF_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000] as const;
const MAX_ATTEMPTS = BACKOFF_SECONDS.length + 1;

/** The receiver's whole answer must come within this. */
const ATTEMPT_TIMEOUT_MS = 10_000;

/** A claim holds a delivery this long: longer than an attempt may take, so no one else starts it meanwhile. */
const LEASE_SECONDS = 60;

export type AttemptOutcome = { status: WebhookDelivery["status"]; retryInSeconds: number | null };

const secondsFrom = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000).toISOString();

const retryable = (code: number) => code >= 500 || code === 429 || code === 408;

/** The secrets that sign now: the current one, and the previous one during its grace period. */
function signingSecrets(endpoint: WebhookEndpoint, now: Date): string[] {
  const previous =
    endpoint.previous_secret && endpoint.previous_secret_expires_at && endpoint.previous_secret_expires_at > now.toISOString()
      ? [endpoint.previous_secret]
      : [];
  return [endpoint.secret, ...previous];
}

/**
 * Claims the delivery (so a second message or sweep does not send it too), POSTs it once and records
 * the outcome. Null when it was not ours to send (not due, already final, claimed elsewhere).
 */
export async function attemptDelivery(ctx: WebhookContext, id: string): Promise<AttemptOutcome | null> {
  const store = getBackend(ctx).webhooks;
  const now = (ctx.now ?? (() => new Date()))();
  const claimed = await store.claim(id, now.toISOString(), secondsFrom(now, LEASE_SECONDS));
  return claimed ? attemptClaimed(ctx, claimed) : null;
}

/**
 * The bytes to send. lead.confirmed is stored with ids only; the address is read from the lead now
 * and put into the body, so an erased or deleted lead's address is never sent (null: cancel it).
 * The same lead gives the same bytes on every attempt.
 */
async function bodyOf(ctx: WebhookContext, delivery: WebhookDelivery): Promise<string | null> {
  if (delivery.event_type !== "lead.confirmed") return delivery.payload;
  // The event id names the lead: lead.confirmed:<table>:<lead id>.
  const [, table, leadId] = /^lead\.confirmed:([a-z_]+):(.+)$/.exec(delivery.event_id) ?? [];
  if (!table || !(LEAD_TABLES as readonly string[]).includes(table)) return null;
  const lead = await getBackend(ctx).leads.getById(table as LeadTable, leadId);
  if (!lead) return null;
  const stored = JSON.parse(delivery.payload) as { type: string; timestamp: string; data: Record<string, unknown> };
  // An older row may still hold the address it was written with: the lead's own wins.
  const { email: _written, ...data } = stored.data;
  return JSON.stringify({ type: stored.type, timestamp: stored.timestamp, data: { lead_id: lead.id, email: lead.email, ...data } });
}

/** One POST of a claimed delivery, recorded. */
async function attemptClaimed(ctx: WebhookContext, delivery: WebhookDelivery): Promise<AttemptOutcome> {
  const store = getBackend(ctx).webhooks;
  const clock = ctx.now ?? (() => new Date());
  // The next attempt is counted from before this one: a queue message retried after the POST comes back no sooner.
  const started = clock();
  const endpoint = await store.getEndpoint(delivery.endpoint_id);
  const attempts = delivery.attempts + 1;
  const fields = { deliveryId: delivery.id, endpointId: delivery.endpoint_id, type: delivery.event_type, attempt: attempts };
  const record = async (outcome: AttemptOutcome, code: number | null, latency: number | null, count = attempts) => {
    const change: AttemptRecord = {
      status: outcome.status,
      attempts: count,
      last_response_code: code,
      last_latency_ms: latency,
      next_attempt_at: outcome.retryInSeconds === null ? null : secondsFrom(started, outcome.retryInSeconds),
      updated_at: clock().toISOString(),
    };
    await store.recordAttempt(delivery.id, change);
    return outcome;
  };

  const body = await bodyOf(ctx, delivery);
  if (body === null) {
    log.info("webhook.cancelled", { ...fields, reason: "lead-gone" });
    // Not an attempt: nothing was sent.
    return record({ status: "cancelled", retryInSeconds: null }, delivery.last_response_code, delivery.last_latency_ms, delivery.attempts);
  }
  if (!endpoint?.enabled) {
    log.warn("webhook.endpoint_disabled", fields);
    return record({ status: "dead", retryInSeconds: null }, null, null);
  }
  // Again at every attempt: the name's addresses may have changed since the endpoint was added.
  const allowed = await checkEndpointUrl(endpoint.url, { isLocal: allowsLoopback(ctx), resolve: ctx.resolve });
  if (!allowed.ok) {
    log.warn("webhook.endpoint_refused", { ...fields, reason: allowed.reason });
    return record({ status: "dead", retryInSeconds: null }, null, null);
  }

  const now = clock();
  const timestamp = Math.floor(now.getTime() / 1000);
  const headers = {
    ...signedHeaders(signingSecrets(endpoint, now), delivery.id, timestamp, body),
    "content-type": "application/json",
  };
  const sentAt = Date.now();
  let code: number | null = null;
  try {
    const response = await (ctx.fetch ?? fetch)(allowed.url.toString(), {
      method: "POST",
      headers,
      body,
      // A redirect is an answer, never followed: it could lead anywhere (ADR 038).
      redirect: "manual",
      signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
    });
    code = response.status;
    // The body is not read; cancelling it frees the connection.
    await response.body?.cancel().catch(() => {});
  } catch (error) {
    log.warn("webhook.attempt_failed", { ...fields, reason: error instanceof Error ? error.name : "error" });
  }
  const latency = Date.now() - sentAt;
  if (code !== null && code >= 200 && code < 300) {
    log.info("webhook.delivered", { ...fields, code, latencyMs: latency });
    return record({ status: "delivered", retryInSeconds: null }, code, latency);
  }
  const again = code === null || retryable(code);
  if (again && attempts < MAX_ATTEMPTS) {
    if (code !== null) log.warn("webhook.attempt_failed", { ...fields, code, latencyMs: latency });
    return record({ status: "pending", retryInSeconds: BACKOFF_SECONDS[attempts - 1] }, code, latency);
  }
  log.error("webhook.dead", { ...fields, code, latencyMs: latency });
  return record({ status: "dead", retryInSeconds: null }, code, latency);
}

/**
 * The webhook queue's consumer: each message one delivery attempt, six of the batch at a time.
 * A retry comes back as the same message after the backoff (msg.retry), so the webhook-id is the
 * same on every attempt.
 */
export async function consumeWebhookBatch(ctx: WebhookContext, batch: MessageBatch<WebhookMessage>): Promise<void> {
  // A Worker keeps at most 6 connections open at once and queues the rest: started all at once, a
  // queued POST would spend its 10 s timeout waiting for a slot and be retried though its receiver is fine.
  const messages = [...batch.messages];
  await Promise.all(
    Array.from({ length: Math.min(CONNECTIONS, messages.length) }, async () => {
      for (let message = messages.shift(); message; message = messages.shift()) await consumeOne(ctx, message);
    }),
  );
}

/** Open connections a Worker invocation may hold at once (the platform's limit). */
const CONNECTIONS = 6;

async function consumeOne(ctx: WebhookContext, message: Message<WebhookMessage>): Promise<void> {
  const id = typeof message.body?.delivery === "string" ? message.body.delivery : null;
  if (!id) return message.ack();
  try {
    const outcome = await attemptDelivery(ctx, id);
    if (outcome?.retryInSeconds != null) message.retry({ delaySeconds: outcome.retryInSeconds });
    else message.ack();
  } catch (error) {
    // The database failed: the row stays pending under its lease; the queue brings the message back.
    log.error("webhook.consume_failed", { deliveryId: id }, error);
    message.retry({ delaySeconds: LEASE_SECONDS });
  }
}

/** The dead-letter queue's consumer: a message the queue gave up on leaves its delivery dead, visible in the admin. */
export async function consumeWebhookDeadLetters(ctx: WebhookContext, batch: MessageBatch<WebhookMessage>): Promise<void> {
  const store = getBackend(ctx).webhooks;
  const now = (ctx.now ?? (() => new Date()))().toISOString();
  for (const message of batch.messages) {
    const id = message.body?.delivery;
    const row = typeof id === "string" ? await store.getDelivery(id) : null;
    if (row?.status === "pending") {
      await store.recordAttempt(row.id, { ...row, status: "dead", next_attempt_at: null, updated_at: now });
      log.error("webhook.dead", { deliveryId: row.id, endpointId: row.endpoint_id, type: row.event_type, attempt: row.attempts });
    }
    message.ack();
  }
}

/** Hands deliveries to the queue, 100 a call (the platform's batch limit). A failure is logged: the sweep enqueues them later. */
export async function enqueueDeliveries(queue: Queue<WebhookMessage>, ids: string[]): Promise<number> {
  let enqueued = 0;
  for (let start = 0; start < ids.length; start += 100) {
    const chunk = ids.slice(start, start + 100);
    try {
      await queue.sendBatch(chunk.map((delivery) => ({ body: { delivery }, contentType: "json" as const })));
      enqueued += chunk.length;
    } catch (error) {
      log.error("webhook.enqueue_failed", { deliveries: chunk.length }, error);
    }
  }
  return enqueued;
}

/** A queued delivery this late is taken for a lost message (a failed enqueue, a dropped message) and enqueued again. */
const LOST_AFTER_MINUTES = 15;

/** How many deliveries one cron run attempts itself (no queue), and how many at once. */
const SWEEP_LIMIT = 200;
const SWEEP_CONCURRENCY = 4;

export type WebhookSweep = { attempted: number; delivered: number; enqueued: number };

/**
 * The Cron Trigger's part: with a queue, re-enqueues deliveries whose message seems lost; without
 * one (Vite dev, scripts), attempts the due ones itself. Claims keep two runs from sending one twice.
 */
export async function sweepWebhooks(ctx: WebhookContext): Promise<WebhookSweep> {
  const store = getBackend(ctx).webhooks;
  const now = (ctx.now ?? (() => new Date()))();
  const queue = webhookQueueOf(ctx.bindings);
  const summary: WebhookSweep = { attempted: 0, delivered: 0, enqueued: 0 };
  if (queue) {
    const ids = await store.dueIds(new Date(now.getTime() - LOST_AFTER_MINUTES * 60_000).toISOString(), 1000);
    summary.enqueued = await enqueueDeliveries(queue, ids);
  } else {
    const claimed = await store.claimDue(now.toISOString(), secondsFrom(now, LEASE_SECONDS * 5), SWEEP_LIMIT);
    for (let start = 0; start < claimed.length; start += SWEEP_CONCURRENCY) {
      const outcomes = await Promise.all(claimed.slice(start, start + SWEEP_CONCURRENCY).map((row) => attemptClaimed(ctx, row)));
      summary.attempted += outcomes.length;
      summary.delivered += outcomes.filter((outcome) => outcome.status === "delivered").length;
    }
  }
  log.info("cron.run", { job: "webhooks", ...summary });
  return summary;
}
