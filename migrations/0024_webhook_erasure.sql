-- Webhooks and erasure (docs/decisions/038-webhooks.md): a lead.confirmed delivery is stored with ids
-- only and the lead's address is added when it is sent, so an erased parent's address is neither
-- kept nor sent. A delivery whose lead was erased or deleted before it was sent is 'cancelled'
-- (never sent, never replayed).
-- SQLite cannot change a CHECK constraint in place: the table is rebuilt with its indexes.
CREATE TABLE webhook_deliveries_new (
  id TEXT PRIMARY KEY NOT NULL,
  event_id TEXT NOT NULL,
  endpoint_id TEXT NOT NULL,
  event_type TEXT NOT NULL,
  payload TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'dead', 'cancelled')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_response_code INTEGER,
  last_latency_ms INTEGER,
  next_attempt_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
-- The addresses older lead.confirmed rows were written with go: delivery reads the lead's own.
INSERT INTO webhook_deliveries_new (id, event_id, endpoint_id, event_type, payload, status, attempts, last_response_code,
    last_latency_ms, next_attempt_at, created_at, updated_at)
  SELECT id, event_id, endpoint_id, event_type,
    CASE WHEN event_type = 'lead.confirmed' AND json_valid(payload) THEN json_remove(payload, '$.data.email') ELSE payload END,
    status, attempts, last_response_code, last_latency_ms, next_attempt_at, created_at, updated_at
  FROM webhook_deliveries;
DROP TABLE webhook_deliveries;
ALTER TABLE webhook_deliveries_new RENAME TO webhook_deliveries;
CREATE UNIQUE INDEX webhook_deliveries_event_endpoint_key ON webhook_deliveries (event_id, endpoint_id);
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (status, next_attempt_at);
CREATE INDEX webhook_deliveries_created_idx ON webhook_deliveries (created_at);
