-- Launch-day announcements (docs/decisions/026-announcements.md): one row per campaign, the
-- campaign ledger. Its mails are ordinary outbox rows with the dedupe key campaign:{id}:{leadId},
-- so each recipient gets it at most once and its progress is read from those rows.
--   form_key:    the compose form's idempotency key: a double click or a resubmitted POST finds the
--                campaign it already made.
--   content_key: SHA-256 of the scope and the admin's fields: two admins sending the same
--                announcement to the same audience make one campaign.
--   scope:       a variant key ('genius', 'champion-icehockey', 'champion-tennis') or 'all'.
--   status:      'scheduled' (waits for send_at), 'sending' (its rows are being written in chunks),
--                'written' (every recipient has a row; the queue delivers them).
--   cursor:      where writing goes on: JSON {"t": lead table index, "seq": last confirm_seq written}.
--   lease_until: a step that writes a chunk holds the campaign until then; a step killed mid-way
--                leaves it to expire and the next step (queue message or cron) resumes from cursor.
CREATE TABLE campaigns (
  id TEXT PRIMARY KEY,
  form_key TEXT NOT NULL UNIQUE,
  content_key TEXT NOT NULL UNIQUE,
  scope TEXT NOT NULL,
  early_access_date TEXT NOT NULL,
  message TEXT NOT NULL,
  cta_label TEXT NOT NULL,
  cta_url TEXT NOT NULL,
  origin TEXT NOT NULL,
  created_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  send_at TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'sending', 'written')),
  audience INTEGER NOT NULL DEFAULT 0,
  written INTEGER NOT NULL DEFAULT 0,
  excluded INTEGER NOT NULL DEFAULT 0,
  cursor TEXT,
  lease_until TEXT,
  started_at TEXT,
  written_at TEXT,
  updated_at TEXT NOT NULL
);
CREATE INDEX campaigns_status_send_at_idx ON campaigns (status, send_at);
CREATE INDEX campaigns_created_at_idx ON campaigns (created_at);
