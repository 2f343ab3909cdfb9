-- One e-mail per dedupe key ("prelaunch:{table}:{leadId}", "welcome:{userId}", "api:{Idempotency-Key}"):
-- the mailer inserts with ON CONFLICT (dedupe_key) DO NOTHING, so a retry, a reload or a parallel
-- request with the same key finds the first row and sends nothing. The key is also the provider's
-- Idempotency-Key (at most 256 characters there).
-- SQLite cannot add a NOT NULL column without a default, so the table is rebuilt. A row written
-- before keys existed was its own mail: its key is its id.
CREATE TABLE outbox_next (
  id TEXT PRIMARY KEY,
  dedupe_key TEXT NOT NULL UNIQUE CHECK (length(dedupe_key) BETWEEN 1 AND 256),
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

INSERT INTO outbox_next (id, dedupe_key, template, variant, recipient, subject, html, text, status, attempts,
  last_error, provider_message_id, next_attempt_at, created_at, updated_at)
SELECT id, id, template, variant, recipient, subject, html, text, status, attempts,
  last_error, provider_message_id, next_attempt_at, created_at, updated_at
FROM outbox;

DROP TABLE outbox;
ALTER TABLE outbox_next RENAME TO outbox;

CREATE INDEX IF NOT EXISTS outbox_status_next_attempt_idx ON outbox (status, next_attempt_at);
-- The cron also looks for pending rows left behind by a send that died (status, updated_at).
CREATE INDEX IF NOT EXISTS outbox_status_updated_at_idx ON outbox (status, updated_at);
CREATE INDEX IF NOT EXISTS outbox_created_at_idx ON outbox (created_at);
