-- Proof of consent (app/trust/consent-records.server.ts): one row per choice made in the cookie banner.
--   choice:         'granted' or 'denied' (the advertising pixel).
--   policy_version: the privacy policy's version the visitor saw (content privacy.version).
--   ip_hash:        SHA-256 of the address with the signing secret and the day: rows of one day can
--                   be told apart, rows of different days cannot be linked, the address is never kept.
CREATE TABLE consent_records (
  id TEXT PRIMARY KEY,
  variant TEXT NOT NULL,
  choice TEXT NOT NULL CHECK (choice IN ('granted', 'denied')),
  policy_version TEXT NOT NULL,
  ip_hash TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX consent_records_created_at_idx ON consent_records (created_at);
