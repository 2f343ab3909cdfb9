-- An active step of a variant's ladder exists once: the same threshold, kind and title again (a
-- second press of the admin's Add button, a parallel post) is refused by this index. A switched-off
-- step may repeat an active one. Copies written before the index are switched off, the oldest stays.
UPDATE reward_steps SET enabled = 0
WHERE enabled = 1 AND EXISTS (
  SELECT 1 FROM reward_steps AS older
  WHERE older.enabled = 1 AND older.lead_table = reward_steps.lead_table AND older.threshold = reward_steps.threshold
    AND older.kind = reward_steps.kind AND older.title = reward_steps.title
    AND (older.created_at < reward_steps.created_at OR (older.created_at = reward_steps.created_at AND older.id < reward_steps.id))
);
CREATE UNIQUE INDEX reward_steps_active_once ON reward_steps (lead_table, threshold, kind, title) WHERE enabled;
