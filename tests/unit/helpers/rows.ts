import type { NewRewardStep } from "~/data/ports/reward-store";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType, type WebhookStore } from "~/data/ports/webhook-store";

/** Rows several tests start from, written through the app's own stores. */

/** A download at the first credit: every referrer earns one (and is mailed it). */
export const FIRST_CREDIT_DOWNLOAD: NewRewardStep = {
  threshold: 1,
  kind: "download",
  title: "The printable starter plan",
  description: "A one-page plan for your first week.",
  file: "/downloads/ai-parenting-guide.pdf",
  places: null,
  enabled: true,
};

/**
 * An endpoint subscribed to `events` (every event by default) at an address nothing listens on:
 * each first attempt fails at once, so the delivery row stays for the test to read.
 */
export async function addUnreachableEndpoint(
  webhooks: WebhookStore,
  events: readonly WebhookEventType[] = WEBHOOK_EVENT_TYPES,
): Promise<void> {
  const now = new Date().toISOString();
  await webhooks.addEndpoint({
    id: crypto.randomUUID(),
    url: "http://127.0.0.1:9/hook",
    events: [...events],
    secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
    previous_secret: null,
    previous_secret_expires_at: null,
    enabled: true,
    created_at: now,
    updated_at: now,
  });
}
