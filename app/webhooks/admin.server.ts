import { getBackend } from "~/data/backend.server";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "~/data/ports/webhook-store";
import { log } from "~/platform/log.server";
import type { RequestContext } from "~/utils/context.server";
import { checkEndpointUrl, type EndpointUrlRefusal } from "./endpoint-url.server";
import { recordWebhookEvent, startDeliveries } from "./emit.server";
import { newSecret } from "./standard-webhooks";
import { allowsLoopback } from "./webhook-queue.server";

/**
 * What /admin/webhooks does (ADR 038). Each form carries what makes a repeat harmless: a new
 * endpoint's id and a test event's id come from the page (a double click writes one), a rotation
 * names the secret's version it replaces, enable/disable and replay set a state.
 */

/** How long the secret before a rotation keeps signing. */
const ROTATION_GRACE_HOURS = 24;

type Ctx = Pick<RequestContext, "env" | "bindings" | "isLocal" | "waitUntil">;

/** The page: endpoints without their secrets, the newest deliveries, and fresh ids for the forms. */
export async function webhooksPage(ctx: Ctx) {
  const store = getBackend(ctx).webhooks;
  const [endpoints, deliveries] = await Promise.all([store.listEndpoints(), store.listDeliveries(50)]);
  return {
    // Never the secret: it is shown once, in the answer that made it.
    endpoints: endpoints.map(({ secret: _secret, previous_secret: _previous, ...endpoint }) => endpoint),
    deliveries: deliveries.map(({ payload: _payload, ...delivery }) => delivery),
    eventTypes: WEBHOOK_EVENT_TYPES,
    formId: crypto.randomUUID(),
  };
}

export type AddOutcome =
  { kind: "added"; secret: string } | { kind: "already" } | { kind: "refused"; reason: EndpointUrlRefusal } | { kind: "no-events" };

export async function addEndpoint(ctx: Ctx, input: { id: string; url: string; events: string[] }, now = new Date()): Promise<AddOutcome> {
  const store = getBackend(ctx).webhooks;
  if (await store.getEndpoint(input.id)) return { kind: "already" };
  const events = WEBHOOK_EVENT_TYPES.filter((type) => input.events.includes(type));
  if (!events.length) return { kind: "no-events" };
  // Loopback receivers only where the configuration allows them and the admin is on a loopback host.
  const checked = await checkEndpointUrl(input.url, { isLocal: allowsLoopback(ctx) && ctx.isLocal });
  if (!checked.ok) return { kind: "refused", reason: checked.reason };
  const secret = newSecret();
  const at = now.toISOString();
  try {
    await store.addEndpoint({
      id: input.id,
      url: checked.url.toString(),
      events: [...events],
      secret,
      previous_secret: null,
      previous_secret_expires_at: null,
      enabled: true,
      created_at: at,
      updated_at: at,
    });
  } catch (error) {
    // A parallel submission of the same form wrote it first: its answer showed the secret.
    if (await store.getEndpoint(input.id)) return { kind: "already" };
    throw error;
  }
  log.info("webhook.endpoint_added", { endpointId: input.id, events: events.length });
  return { kind: "added", secret };
}

/** A new secret; the old one signs too for ROTATION_GRACE_HOURS. `version` is the updated_at the page showed. */
export async function rotateSecret(ctx: Ctx, id: string, version: string, now = new Date()) {
  const store = getBackend(ctx).webhooks;
  const endpoint = await store.getEndpoint(id);
  if (!endpoint) return { kind: "missing" as const };
  if (endpoint.updated_at !== version) return { kind: "already" as const };
  const secret = newSecret();
  const until = new Date(now.getTime() + ROTATION_GRACE_HOURS * 3_600_000).toISOString();
  await store.updateEndpoint(id, {
    secret,
    previous_secret: endpoint.secret,
    previous_secret_expires_at: until,
    updated_at: now.toISOString(),
  });
  log.info("webhook.secret_rotated", { endpointId: id });
  return { kind: "rotated" as const, secret, until };
}

export async function setEnabled(ctx: Ctx, id: string, enabled: boolean, now = new Date()) {
  const changed = await getBackend(ctx).webhooks.updateEndpoint(id, { enabled, updated_at: now.toISOString() });
  if (changed) log.info(enabled ? "webhook.endpoint_enabled" : "webhook.endpoint_disabled", { endpointId: id });
  return changed;
}

/** Sends `webhook.test` to this endpoint only; `eventId` from the form makes a repeat send nothing more. */
export async function sendTestEvent(ctx: Ctx, endpointId: string, eventId: string, now = new Date()) {
  const endpoint = await getBackend(ctx).webhooks.getEndpoint(endpointId);
  if (!endpoint?.enabled) return false;
  const type: WebhookEventType = "webhook.test";
  await recordWebhookEvent(
    { ...ctx, now: () => now },
    { type, id: `webhook.test:${eventId}`, variant: "all", data: { endpoint_id: endpointId } },
    [endpointId],
  );
  return true;
}

/**
 * A new attempt chain on the same webhook-id, started now. A cancelled delivery (its parent's data
 * was erased) is never replayed; a lead.confirmed whose lead is gone since is cancelled at its attempt.
 */
export async function replayDelivery(ctx: Ctx, id: string, now = new Date()): Promise<"replayed" | "cancelled" | "missing"> {
  const store = getBackend(ctx).webhooks;
  const row = await store.replay(id, now.toISOString());
  if (!row) return (await store.getDelivery(id))?.status === "cancelled" ? "cancelled" : "missing";
  log.info("webhook.replayed", { deliveryId: id });
  await startDeliveries(ctx, [id]);
  return "replayed";
}
