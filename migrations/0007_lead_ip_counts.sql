-- New leads per client IP (docs/decisions/011-bot-guard.md): one counter per IP and window.
--   ip_hash:    SHA-256 of the address with the signing secret; the address itself is never stored.
--   bucket:     'b:{ten-minute window number}' (the burst limit) or 'd:{YYYY-MM-DD}' (the daily ceiling).
--   expires_at: when the window is over; expired rows are deleted as new leads are counted.
CREATE TABLE lead_ip_counts (
  ip_hash TEXT NOT NULL,
  bucket TEXT NOT NULL,
  count INTEGER NOT NULL DEFAULT 0,
  expires_at TEXT NOT NULL,
  PRIMARY KEY (ip_hash, bucket)
);
CREATE INDEX lead_ip_counts_expires_at_idx ON lead_ip_counts (expires_at);
