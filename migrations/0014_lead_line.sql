-- The place in line, one view per lead table: the confirmed leads ranked by place score (lowest
-- first); on a tie more credited referrals first, then the earlier confirmation. A lead that has not
-- confirmed is not in the line (no place). The admin list and the CSV read places from these views;
-- one parent's place (the status page) is counted on the index instead, several times cheaper than
-- ranking the whole line (docs/decisions/010-referrals-and-place-in-line.md).
-- Each line index holds a line in that order, so ranking it is a walk of one index
-- without a sort; it takes over from the 0006 place index, which served counting the parents ahead.

CREATE INDEX leads_line_idx ON leads (place_score, referral_count DESC, confirm_seq) WHERE confirm_seq IS NOT NULL;
DROP INDEX IF EXISTS leads_place_idx;
CREATE VIEW leads_line AS
  SELECT id, confirm_seq, ROW_NUMBER() OVER (ORDER BY place_score, referral_count DESC, confirm_seq) AS place
  FROM leads WHERE confirm_seq IS NOT NULL;

CREATE INDEX leads_icehockey_line_idx ON leads_icehockey (place_score, referral_count DESC, confirm_seq) WHERE confirm_seq IS NOT NULL;
DROP INDEX IF EXISTS leads_icehockey_place_idx;
CREATE VIEW leads_icehockey_line AS
  SELECT id, confirm_seq, ROW_NUMBER() OVER (ORDER BY place_score, referral_count DESC, confirm_seq) AS place
  FROM leads_icehockey WHERE confirm_seq IS NOT NULL;

CREATE INDEX leads_tennis_line_idx ON leads_tennis (place_score, referral_count DESC, confirm_seq) WHERE confirm_seq IS NOT NULL;
DROP INDEX IF EXISTS leads_tennis_place_idx;
CREATE VIEW leads_tennis_line AS
  SELECT id, confirm_seq, ROW_NUMBER() OVER (ORDER BY place_score, referral_count DESC, confirm_seq) AS place
  FROM leads_tennis WHERE confirm_seq IS NOT NULL;
