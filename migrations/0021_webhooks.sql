-- Signed webhooks out (issue 35, docs/decisions/038-webhooks.md).
-- An endpoint an admin added: where to POST, which event types it wants, its signing secret.
--   events:  JSON array of event types, e.g. ["lead.confirmed","referral.credited"].
--   secret:  the current whsec_… secret; previous_secret signs too until previous_secret_expires_at
--            (a rotation's grace period), so a receiver can switch without losing a request.
--   enabled: 0/1; a disabled endpoint gets no new deliveries and no further attempts.
CREATE TABLE webhook_endpoints (
  id TEXT PRIMARY KEY NOT NULL,
  url TEXT NOT NULL,
  events TEXT NOT NULL,
  secret TEXT NOT NULL,
  previous_secret TEXT,
  previous_secret_expires_at TEXT,
  enabled INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

-- One delivery chain per event and endpoint: UNIQUE (event_id, endpoint_id), so an event emitted
-- twice (a retried confirmation) writes one row. id is the webhook-id header ("msg_…"), the same on
-- every attempt and on a replay.
--   status:      pending (an attempt is due at next_attempt_at), delivered (a 2xx), dead (gave up).
--   payload:     the JSON body {type, timestamp, data}, fixed when the event happened.
CREATE TABLE webhook_deliveries (
  id TEXT PRIMARY KEY NOT NULL,
  event_id TEXT NOT NULL,
  endpoint_id TEXT NOT NULL,
  event_type TEXT NOT NULL,
  payload TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'dead')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_response_code INTEGER,
  last_latency_ms INTEGER,
  next_attempt_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX webhook_deliveries_event_endpoint_key ON webhook_deliveries (event_id, endpoint_id);
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (status, next_attempt_at);
CREATE INDEX webhook_deliveries_created_idx ON webhook_deliveries (created_at);
