-- A mail to an address on the suppression list (0010_suppressions.sql) is not handed to the mail
-- API: its row is kept with the status 'skipped' (not failed, so the cron never retries it).
-- `origin` is the site origin a template mail's links were built against (e.g.
-- https://aiparenting.example): a marketing mail's List-Unsubscribe header is rebuilt from it, the
-- template, the recipient and the variant at every attempt, also after the body has been stored.
-- SQLite cannot change a CHECK constraint, so the table is rebuilt (as in 0004_outbox_dedupe.sql),
-- keeping every column, every row and every index.
CREATE TABLE outbox_next (
  id TEXT PRIMARY KEY,
  dedupe_key TEXT NOT NULL UNIQUE CHECK (length(dedupe_key) BETWEEN 1 AND 256),
  template TEXT NOT NULL,
  variant TEXT NOT NULL,
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL,
  html TEXT NOT NULL,
  text TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'dead', 'skipped')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  provider_message_id TEXT,
  next_attempt_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  render_input TEXT,
  origin TEXT
);

INSERT INTO outbox_next (id, dedupe_key, template, variant, recipient, subject, html, text, status, attempts,
  last_error, provider_message_id, next_attempt_at, created_at, updated_at, render_input, origin)
SELECT id, dedupe_key, template, variant, recipient, subject, html, text, status, attempts,
  last_error, provider_message_id, next_attempt_at, created_at, updated_at, render_input, NULL
FROM outbox;

DROP TABLE outbox;
ALTER TABLE outbox_next RENAME TO outbox;

CREATE INDEX IF NOT EXISTS outbox_status_next_attempt_idx ON outbox (status, next_attempt_at);
-- The cron also looks for pending rows left behind by a send that died (status, updated_at).
CREATE INDEX IF NOT EXISTS outbox_status_updated_at_idx ON outbox (status, updated_at);
CREATE INDEX IF NOT EXISTS outbox_created_at_idx ON outbox (created_at);
