-- Milestone rewards (issue 34, docs/decisions/035-rewards-and-revocation.md).
--   reward_steps:   the ladder, per lead table (variant): at `threshold` credited referrals the parent
--                   earns the step's reward, of kind download (a file under /downloads/, served
--                   through a signed link), places (a bonus of `places` on the line), code (one
--                   single-use code from the step's pool) or perk (the team fulfils it by hand).
--                   Steps are disabled, never deleted: the ledger keeps pointing at them.
--   reward_codes:   the pool of a code step, uploaded by the admin; earned_id is the ledger row the
--                   code went to, NULL while free. A withdrawn reward gives its code back.
--   rewards_earned: the ledger. (lead_table, lead_id, step_id) is unique: a step is earned once,
--                   however many confirmations settle at once. withdrawn_at: taken back before
--                   delivery (credits fell below the threshold); flagged_at: credits fell below it
--                   after delivery, kept. delivered_at: download fetched, code shown, perk done,
--                   places applied.
--   bonus_places:   the sum of a lead's active places rewards; the place score subtracts it.
ALTER TABLE leads ADD COLUMN bonus_places INTEGER NOT NULL DEFAULT 0;
ALTER TABLE leads_icehockey ADD COLUMN bonus_places INTEGER NOT NULL DEFAULT 0;
ALTER TABLE leads_tennis ADD COLUMN bonus_places INTEGER NOT NULL DEFAULT 0;

CREATE TABLE reward_steps (
  id TEXT PRIMARY KEY NOT NULL,
  lead_table TEXT NOT NULL CHECK (lead_table IN ('leads', 'leads_icehockey', 'leads_tennis')),
  threshold INTEGER NOT NULL CHECK (threshold > 0),
  kind TEXT NOT NULL CHECK (kind IN ('download', 'places', 'code', 'perk')),
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  file TEXT,
  places INTEGER,
  enabled INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX reward_steps_table_idx ON reward_steps (lead_table, threshold);

CREATE TABLE reward_codes (
  id TEXT PRIMARY KEY NOT NULL,
  step_id TEXT NOT NULL REFERENCES reward_steps (id) ON DELETE CASCADE,
  code TEXT NOT NULL,
  earned_id TEXT,
  added_at TEXT NOT NULL,
  assigned_at TEXT
);
CREATE UNIQUE INDEX reward_codes_code_key ON reward_codes (step_id, code);
CREATE UNIQUE INDEX reward_codes_earned_key ON reward_codes (earned_id);
CREATE INDEX reward_codes_free_idx ON reward_codes (step_id, added_at) WHERE earned_id IS NULL;

CREATE TABLE rewards_earned (
  id TEXT PRIMARY KEY NOT NULL,
  lead_table TEXT NOT NULL CHECK (lead_table IN ('leads', 'leads_icehockey', 'leads_tennis')),
  lead_id TEXT NOT NULL,
  step_id TEXT NOT NULL REFERENCES reward_steps (id),
  kind TEXT NOT NULL,
  code TEXT,
  places INTEGER NOT NULL DEFAULT 0,
  earned_at TEXT NOT NULL,
  delivered_at TEXT,
  withdrawn_at TEXT,
  flagged_at TEXT,
  done_by TEXT
);
CREATE UNIQUE INDEX rewards_earned_key ON rewards_earned (lead_table, lead_id, step_id);
CREATE INDEX rewards_earned_table_idx ON rewards_earned (lead_table, earned_at);

-- A lead deleted (erasure, the purge of unconfirmed leads, an admin's delete) takes its rewards with
-- it; a code it had not been shown goes back to the pool, a shown one stays used.
CREATE TRIGGER leads_rewards_forget AFTER DELETE ON leads BEGIN
  UPDATE reward_codes SET earned_id = NULL, assigned_at = NULL
    WHERE earned_id IN (SELECT id FROM rewards_earned WHERE lead_table = 'leads' AND lead_id = OLD.id AND delivered_at IS NULL);
  DELETE FROM rewards_earned WHERE lead_table = 'leads' AND lead_id = OLD.id;
END;
CREATE TRIGGER leads_icehockey_rewards_forget AFTER DELETE ON leads_icehockey BEGIN
  UPDATE reward_codes SET earned_id = NULL, assigned_at = NULL
    WHERE earned_id IN (SELECT id FROM rewards_earned WHERE lead_table = 'leads_icehockey' AND lead_id = OLD.id AND delivered_at IS NULL);
  DELETE FROM rewards_earned WHERE lead_table = 'leads_icehockey' AND lead_id = OLD.id;
END;
CREATE TRIGGER leads_tennis_rewards_forget AFTER DELETE ON leads_tennis BEGIN
  UPDATE reward_codes SET earned_id = NULL, assigned_at = NULL
    WHERE earned_id IN (SELECT id FROM rewards_earned WHERE lead_table = 'leads_tennis' AND lead_id = OLD.id AND delivered_at IS NULL);
  DELETE FROM rewards_earned WHERE lead_table = 'leads_tennis' AND lead_id = OLD.id;
END;
