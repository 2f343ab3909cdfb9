-- The referral engine (docs/decisions/010-referrals-and-place-in-line.md).
-- Leads gain what double opt-in, duplicate checks and the place in line need; the referral ledger
-- records every referral with its status; risk flags are what an admin should look at twice.
--   normalized_email: lower case, Gmail dots and +tags removed (duplicate and self-referral checks).
--   confirmed_at:     when the parent confirmed the address through the button page.
--   confirm_seq:      1, 2, 3 ... in the order parents of this table confirmed (never reused).
--   place_score:      confirm_seq - (places per credit) * referral_count; the place in line is the
--                     rank by (place_score, more credits first, confirm_seq).
--   risk_flags:       JSON list, e.g. ["disposable-domain","ip-burst","fast-referrals"].

ALTER TABLE leads ADD COLUMN normalized_email TEXT;
ALTER TABLE leads ADD COLUMN confirmed_at TEXT;
ALTER TABLE leads ADD COLUMN confirm_seq INTEGER;
ALTER TABLE leads ADD COLUMN place_score INTEGER;
ALTER TABLE leads ADD COLUMN risk_flags TEXT NOT NULL DEFAULT '[]';
CREATE INDEX leads_normalized_email_idx ON leads (normalized_email, created_at);
CREATE UNIQUE INDEX leads_confirm_seq_key ON leads (confirm_seq);
CREATE INDEX leads_place_idx ON leads (place_score, referral_count, confirm_seq) WHERE confirm_seq IS NOT NULL;
CREATE INDEX leads_unconfirmed_idx ON leads (created_at) WHERE email_verified = 0;

ALTER TABLE leads_icehockey ADD COLUMN normalized_email TEXT;
ALTER TABLE leads_icehockey ADD COLUMN confirmed_at TEXT;
ALTER TABLE leads_icehockey ADD COLUMN confirm_seq INTEGER;
ALTER TABLE leads_icehockey ADD COLUMN place_score INTEGER;
ALTER TABLE leads_icehockey ADD COLUMN risk_flags TEXT NOT NULL DEFAULT '[]';
CREATE INDEX leads_icehockey_normalized_email_idx ON leads_icehockey (normalized_email, created_at);
CREATE UNIQUE INDEX leads_icehockey_confirm_seq_key ON leads_icehockey (confirm_seq);
CREATE INDEX leads_icehockey_place_idx ON leads_icehockey (place_score, referral_count, confirm_seq) WHERE confirm_seq IS NOT NULL;
CREATE INDEX leads_icehockey_unconfirmed_idx ON leads_icehockey (created_at) WHERE email_verified = 0;

ALTER TABLE leads_tennis ADD COLUMN normalized_email TEXT;
ALTER TABLE leads_tennis ADD COLUMN confirmed_at TEXT;
ALTER TABLE leads_tennis ADD COLUMN confirm_seq INTEGER;
ALTER TABLE leads_tennis ADD COLUMN place_score INTEGER;
ALTER TABLE leads_tennis ADD COLUMN risk_flags TEXT NOT NULL DEFAULT '[]';
CREATE INDEX leads_tennis_normalized_email_idx ON leads_tennis (normalized_email, created_at);
CREATE UNIQUE INDEX leads_tennis_confirm_seq_key ON leads_tennis (confirm_seq);
CREATE INDEX leads_tennis_place_idx ON leads_tennis (place_score, referral_count, confirm_seq) WHERE confirm_seq IS NOT NULL;
CREATE INDEX leads_tennis_unconfirmed_idx ON leads_tennis (created_at) WHERE email_verified = 0;

-- One row per referred lead: who referred it, and whether it counts.
--   pending:  waiting for the referred parent to confirm their address;
--   credited: counted in the referrer's referral_count;
--   rejected: not counted; reason says why (self-referral, duplicate-email, disposable-domain,
--             unknown-code, revoked).
CREATE TABLE referrals (
  id TEXT PRIMARY KEY NOT NULL,
  lead_table TEXT NOT NULL CHECK (lead_table IN ('leads', 'leads_icehockey', 'leads_tennis')),
  referred_id TEXT NOT NULL,
  referrer_id TEXT,
  ref_code TEXT NOT NULL,
  variant TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'credited', 'rejected')),
  reason TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  credited_at TEXT
);
CREATE UNIQUE INDEX referrals_referred_key ON referrals (lead_table, referred_id);
CREATE INDEX referrals_referrer_idx ON referrals (lead_table, referrer_id, status);
CREATE INDEX referrals_created_at_idx ON referrals (created_at);
