-- A club admitted as a whole (docs/decisions/039-clubs.md): its wave keeps the club's id, and the
-- admin's list of waves names the club as it is called now (a merged club: the club that stays).
--   waves.club_id: the club a club wave admitted; NULL for a wave of the line. No foreign key on
--                  purpose: a club removed later (its last contact erased their data) leaves the id,
--                  so the wave still reads as a club's wave, and removing the club is never refused.
ALTER TABLE waves ADD COLUMN club_id TEXT;
