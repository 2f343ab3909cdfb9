-- Held credits and the IP safelist (issue 34, docs/decisions/036-holds-and-fairness.md).
-- A referral from a suspicious cluster is held at credit time instead of credited: status 'held',
-- not counted in referral_count or place_score until an admin approves it (credited) or rejects it
-- (rejected, reason 'review-rejected').
--   hold_reasons: why it is held, comma-separated: catch-all, ip-burst, time-burst.
--   network:      salted hash of the friend's network at sign-up (/24 IPv4, /48 IPv6); NULL when
--                 the address was allowlisted or safelisted (never held for an IP burst).
-- SQLite cannot change a CHECK constraint in place: the ledger is rebuilt with its indexes.
CREATE TABLE referrals_new (
  id TEXT PRIMARY KEY NOT NULL,
  lead_table TEXT NOT NULL CHECK (lead_table IN ('leads', 'leads_icehockey', 'leads_tennis')),
  referred_id TEXT NOT NULL,
  referrer_id TEXT,
  ref_code TEXT NOT NULL,
  variant TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'credited', 'rejected', 'held')),
  reason TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  credited_at TEXT,
  channel TEXT,
  hold_reasons TEXT,
  network TEXT
);
INSERT INTO referrals_new (id, lead_table, referred_id, referrer_id, ref_code, variant, status, reason, created_at, updated_at, credited_at, channel)
  SELECT id, lead_table, referred_id, referrer_id, ref_code, variant, status, reason, created_at, updated_at, credited_at, channel FROM referrals;
DROP TABLE referrals;
ALTER TABLE referrals_new RENAME TO referrals;
CREATE UNIQUE INDEX referrals_referred_key ON referrals (lead_table, referred_id);
CREATE INDEX referrals_referrer_idx ON referrals (lead_table, referrer_id, status);
CREATE INDEX referrals_created_at_idx ON referrals (created_at);
CREATE INDEX referrals_analytics_created_idx ON referrals (lead_table, created_at, referrer_id, status);
CREATE INDEX referrals_analytics_credit_idx ON referrals (lead_table, status, referrer_id, credited_at);

-- IPs and ranges an admin safelisted (a school, club or office): never limited, never held.
--   cidr: '192.0.2.7' or '192.0.2.0/24' or '2001:db8::/48', as the admin typed it (validated).
CREATE TABLE ip_safelist (
  id TEXT PRIMARY KEY NOT NULL,
  cidr TEXT NOT NULL,
  note TEXT NOT NULL DEFAULT '',
  added_by TEXT NOT NULL,
  added_at TEXT NOT NULL
);
CREATE UNIQUE INDEX ip_safelist_cidr_key ON ip_safelist (cidr);

-- What admins changed that a parent's treatment depends on (the safelist, held credits), newest read first.
--   action: e.g. 'safelist.add', 'safelist.remove', 'holds.approve', 'holds.reject'; detail: what, no personal data.
CREATE TABLE admin_audit (
  id TEXT PRIMARY KEY NOT NULL,
  action TEXT NOT NULL,
  detail TEXT NOT NULL,
  actor TEXT NOT NULL,
  at TEXT NOT NULL
);
CREATE INDEX admin_audit_at_idx ON admin_audit (at);

-- Households (ADR 036): the per-IP lead limits count distinct addresses, not attempts. One row per
-- (address hash, window, member): the member is a salted hash of the parent's e-mail address, so a
-- family that sends the same address again is counted once. lead_ip_counts keeps the window's count
-- (a new member adds one, a known one nothing).
--   nonce: the write that added the row, so the same batch knows whether the member was new.
CREATE TABLE lead_ip_members (
  ip_hash TEXT NOT NULL,
  bucket TEXT NOT NULL,
  member TEXT NOT NULL,
  nonce TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  PRIMARY KEY (ip_hash, bucket, member)
);
CREATE INDEX lead_ip_members_expires_at_idx ON lead_ip_members (expires_at);
