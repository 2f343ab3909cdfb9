-- Addresses we must not mail (app/mail/suppression.server.ts). The address itself is never kept:
-- email_hash is SHA-256 of the trimmed, lower-cased address, so an erased parent stays unmailable
-- without the list holding who they were.
--   scope:  'all' (erasure, bounce, complaint: no mail of any kind) or 'marketing' (an unsubscribe:
--           follow-ups and notices stop, confirmation links still go out).
--   reason: 'unsubscribe', 'bounce', 'complaint' or 'erasure'.
CREATE TABLE suppressions (
  email_hash TEXT NOT NULL,
  scope TEXT NOT NULL CHECK (scope IN ('all', 'marketing')),
  reason TEXT NOT NULL CHECK (reason IN ('unsubscribe', 'bounce', 'complaint', 'erasure')),
  created_at TEXT NOT NULL,
  PRIMARY KEY (email_hash, scope)
);
