import { getBackend } from "~/data/backend.server";
import type { WebhookDelivery, WebhookEventType } from "~/data/ports/webhook-store";
import { log } from "~/platform/log.server";
import { attemptDelivery, enqueueDeliveries } from "./deliver.server";
import { webhookQueueOf, type WebhookContext } from "./webhook-queue.server";

/**
 * An event for the endpoints that want it (ADR 038).
 *   id:   deterministic from the fact, e.g. `lead.confirmed:leads:<leadId>`, so a retried
 *         confirmation makes no second event (one delivery chain per event and endpoint).
 *   data: ids and what the event is about, never personal data (lead.confirmed's e-mail is read
 *         from the lead when it is sent). The variant is added to it.
 */
export type WebhookEvent = { type: WebhookEventType; id: string; variant: string; data: Record<string, unknown> };

/** A `webhook-id`: "msg_" and 24 random bytes, base64url. */
function newMessageId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return `msg_${btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "")}`;
}

/** Waits before the second and third write of an event the database refused (a dropped connection passes). */
const EMIT_RETRY_MS = [200, 1000];

/**
 * Emits after the response: never fails, never delays the parent's request. Writing is idempotent
 * (one delivery per event and endpoint), so a refused write is tried again; after the third the
 * failure is logged as webhook.emit_failed and the event is lost for the endpoints, not for the parent.
 */
export function emitWebhookEvent(ctx: WebhookContext, event: WebhookEvent): void {
  const work = (async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        await recordWebhookEvent(ctx, event);
        return;
      } catch (error) {
        const wait = EMIT_RETRY_MS[attempt];
        if (wait === undefined) {
          log.error("webhook.emit_failed", { type: event.type, attempts: attempt + 1 }, error);
          return;
        }
        log.warn("webhook.emit_retry", { type: event.type, attempt: attempt + 1 }, error);
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  })();
  if (ctx.waitUntil) ctx.waitUntil(work);
}

/**
 * Writes one delivery per enabled endpoint subscribed to the type (an event written before writes
 * nothing again) and hands the new ones to the queue, or, without a queue, attempts them now (the
 * cron retries). `endpointIds` limits it to those endpoints (the admin's test event). Answers the new deliveries.
 */
export async function recordWebhookEvent(ctx: WebhookContext, event: WebhookEvent, endpointIds?: string[]): Promise<WebhookDelivery[]> {
  const store = getBackend(ctx).webhooks;
  const endpoints = (await store.listEndpoints()).filter(
    (endpoint) => endpoint.enabled && (endpointIds ? endpointIds.includes(endpoint.id) : endpoint.events.includes(event.type)),
  );
  if (!endpoints.length) return [];
  const now = (ctx.now ?? (() => new Date()))().toISOString();
  // One body for every endpoint and every attempt: the bytes that are signed (lead.confirmed's
  // address is added to it when it is sent, deliver.server.ts).
  const payload = JSON.stringify({ type: event.type, timestamp: now, data: { ...event.data, variant: event.variant } });
  const created = await store.insertDeliveries(
    endpoints.map((endpoint) => ({
      id: newMessageId(),
      event_id: event.id,
      endpoint_id: endpoint.id,
      event_type: event.type,
      payload,
      status: "pending",
      attempts: 0,
      last_response_code: null,
      last_latency_ms: null,
      next_attempt_at: now,
      created_at: now,
      updated_at: now,
    })),
  );
  if (!created.length) return [];
  log.info("webhook.emitted", { type: event.type, deliveries: created.length });
  await startDeliveries(
    ctx,
    created.map((row) => row.id),
  );
  return created;
}

/** To the queue; without one, the first attempts now (in parallel), the retries by the cron. */
export async function startDeliveries(ctx: WebhookContext, ids: string[]): Promise<void> {
  const queue = webhookQueueOf(ctx.bindings);
  if (queue) {
    await enqueueDeliveries(queue, ids);
    return;
  }
  await Promise.all(
    ids.map((id) => attemptDelivery(ctx, id).catch((error) => log.error("webhook.attempt_error", { deliveryId: id }, error))),
  );
}
