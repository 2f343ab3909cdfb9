-- Every admin change leaves an audit row (/admin/audit): what it changed, by id (a lead, a club, an
-- endpoint, a wave), beside the action, and the variant it was made in (its variantKey, '' for a
-- change of every variant, e.g. the safelist). Rows written before keep '' (their detail names it).
-- The page filters by the action's kind, its first part ('clubs' of 'clubs.merge').
ALTER TABLE admin_audit ADD COLUMN target TEXT NOT NULL DEFAULT '';
ALTER TABLE admin_audit ADD COLUMN variant TEXT NOT NULL DEFAULT '';
