-- Every admin change leaves an audit row (/admin/audit): what it changed, by id (a lead, a club, an
-- endpoint, a wave), beside the action, and the variant it was made in (its variantKey, '' for a
-- change of every variant, e.g. the safelist). Rows written before keep '' (their detail names it).
-- The page filters by the action's kind, its first part ('clubs' of 'clubs.merge').
alter table public.admin_audit add column if not exists target text not null default '';
alter table public.admin_audit add column if not exists variant text not null default '';
