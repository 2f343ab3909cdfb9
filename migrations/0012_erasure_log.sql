-- That an erasure happened (GDPR Art. 17 accountability), with no personal data: no e-mail, no hash
-- of it, no lead or account id (docs/decisions/014-erasure.md).
--   tables: JSON object of the rows each table lost or had anonymised, e.g. {"leads":1,"outbox":3}.
--   source: 'self' (the parent's signed "Manage my data" link) or 'admin' (a parent who wrote in).
CREATE TABLE erasure_log (
  id TEXT PRIMARY KEY NOT NULL,
  at TEXT NOT NULL,
  tables TEXT NOT NULL DEFAULT '{}',
  source TEXT NOT NULL CHECK (source IN ('self', 'admin'))
);
CREATE INDEX erasure_log_at_idx ON erasure_log (at);
