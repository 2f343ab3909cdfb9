/**
 * Signed webhooks out (issue 35, docs/decisions/038-webhooks.md): the endpoints an admin added and
 * one delivery chain per event and endpoint.
 */

/** Every event type an endpoint can subscribe to; `webhook.test` is the admin's "Send a test event". */
export const WEBHOOK_EVENT_TYPES = [
  "lead.confirmed",
  "referral.credited",
  "referral.held",
  "reward.earned",
  "club.milestone",
  "wave.admitted",
  "invite.accepted",
  "lead.erased",
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number] | "webhook.test";

/** One endpoint (migrations/0021_webhooks.sql). Timestamps are ISO strings. */
export type WebhookEndpoint = {
  id: string;
  url: string;
  events: WebhookEventType[];
  /** The current `whsec_…` secret: shown to the admin once, never rendered again. */
  secret: string;
  /** The secret before the last rotation; it signs too until previous_secret_expires_at. */
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
  enabled: boolean;
  created_at: string;
  updated_at: string;
};

type EndpointChange = Partial<Pick<WebhookEndpoint, "secret" | "previous_secret" | "previous_secret_expires_at" | "enabled">> & {
  updated_at: string;
};

/** cancelled: a lead.confirmed whose lead was erased or deleted before it was sent; never sent again. */
type DeliveryStatus = "pending" | "delivered" | "dead" | "cancelled";

/** One delivery chain: id is the `webhook-id` header ("msg_…"), the same on every attempt. */
export type WebhookDelivery = {
  id: string;
  /** The fact the event is about, e.g. `lead.confirmed:leads:<leadId>`: one chain per event and endpoint. */
  event_id: string;
  endpoint_id: string;
  event_type: WebhookEventType;
  /**
   * The body that is signed and sent: JSON {type, timestamp, data}. lead.confirmed's data holds ids
   * only; the lead's address is added when it is sent (app/webhooks/deliver.server.ts).
   */
  payload: string;
  status: DeliveryStatus;
  attempts: number;
  last_response_code: number | null;
  last_latency_ms: number | null;
  /** When the next attempt is due (pending), or null once final. A claim moves it on by the lease. */
  next_attempt_at: string | null;
  created_at: string;
  updated_at: string;
};

/** What an attempt recorded. */
export type AttemptRecord = Pick<WebhookDelivery, "status" | "attempts" | "last_response_code" | "last_latency_ms" | "next_attempt_at"> & {
  updated_at: string;
};

/** The webhook port: D1 by default, Supabase in production (DESIGN "Ports and adapters"). */
export interface WebhookStore {
  addEndpoint(endpoint: WebhookEndpoint): Promise<void>;
  getEndpoint(id: string): Promise<WebhookEndpoint | null>;
  /** Oldest first. */
  listEndpoints(): Promise<WebhookEndpoint[]>;
  /** False when there is no such endpoint. */
  updateEndpoint(id: string, change: EndpointChange): Promise<boolean>;
  /**
   * Writes the rows whose (event_id, endpoint_id) is new and answers only those: an event emitted
   * again, or in parallel, writes nothing the second time.
   */
  insertDeliveries(rows: WebhookDelivery[]): Promise<WebhookDelivery[]>;
  getDelivery(id: string): Promise<WebhookDelivery | null>;
  /**
   * Takes a pending delivery whose attempt is due (next_attempt_at <= now) for one attempt: moves
   * next_attempt_at to leaseUntil, so a parallel sender (a second message, an overlapping sweep)
   * finds it not due. The row as claimed, or null when it was not due or not pending.
   */
  claim(id: string, now: string, leaseUntil: string): Promise<WebhookDelivery | null>;
  /** Claims up to `limit` due deliveries, oldest first (the cron's sweep). */
  claimDue(now: string, leaseUntil: string, limit: number): Promise<WebhookDelivery[]>;
  /** Ids of pending deliveries due before `before` (the sweep's lost queue messages). */
  dueIds(before: string, limit: number): Promise<string[]>;
  recordAttempt(id: string, record: AttemptRecord): Promise<void>;
  /**
   * Starts a new attempt chain on the same id (an admin's replay): pending, due now, attempts from 0.
   * Null when there is no such delivery or it was cancelled (its lead was erased).
   */
  replay(id: string, now: string): Promise<WebhookDelivery | null>;
  /** Newest first. */
  listDeliveries(limit: number, filter?: { endpointId?: string }): Promise<WebhookDelivery[]>;
}
