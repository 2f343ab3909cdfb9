-- Every e-mail the site sends, written before it is handed to the transport (DESIGN "E-mail").
-- status: pending (written, not yet accepted), sent, failed (retried by the cron), dead (gave up).
CREATE TABLE IF NOT EXISTS outbox (
  id TEXT PRIMARY KEY,
  template TEXT NOT NULL,
  variant TEXT NOT NULL,
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL,
  html TEXT NOT NULL,
  text TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'dead')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  provider_message_id TEXT,
  next_attempt_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE INDEX IF NOT EXISTS outbox_status_next_attempt_idx ON outbox (status, next_attempt_at);
CREATE INDEX IF NOT EXISTS outbox_created_at_idx ON outbox (created_at);
