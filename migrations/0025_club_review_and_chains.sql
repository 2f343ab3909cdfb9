-- Clubs: same-name registrations wait for review, and merge chains point at the club that stays
-- (docs/decisions/039-clubs.md).
--   clubs.duplicate_of: the club whose name a registration repeats (the same letters and digits): it
--                       is a club of its own, pending, until an admin approves it as a separate club,
--                       merges it into that club or rejects it. Its registrant is never made a contact
--                       of the existing club.
ALTER TABLE clubs ADD COLUMN duplicate_of TEXT;

-- A club merged into a club that was merged on later pointed at the middle one: point it at the end.
WITH RECURSIVE chain (id, into_id, depth) AS (
  SELECT id, merged_into, 1 FROM clubs WHERE status = 'merged' AND merged_into IS NOT NULL
  UNION ALL
  SELECT chain.id, c.merged_into, chain.depth + 1 FROM chain JOIN clubs c ON c.id = chain.into_id
  WHERE c.status = 'merged' AND c.merged_into IS NOT NULL AND chain.depth < 20
)
UPDATE clubs SET merged_into = (SELECT into_id FROM chain WHERE chain.id = clubs.id ORDER BY depth DESC LIMIT 1)
WHERE status = 'merged' AND merged_into IS NOT NULL;
