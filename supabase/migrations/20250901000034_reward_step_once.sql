-- An active step of a variant's ladder exists once: the same threshold, kind and title again (a
-- second press of the admin's Add button, a parallel post) is refused by this index. A switched-off
-- step may repeat an active one. Copies written before the index are switched off, the oldest stays.
update public.reward_steps as copy set enabled = false
where copy.enabled and exists (
  select 1 from public.reward_steps as older
  where older.enabled and older.lead_table = copy.lead_table and older.threshold = copy.threshold
    and older.kind = copy.kind and older.title = copy.title
    and (older.created_at < copy.created_at or (older.created_at = copy.created_at and older.id < copy.id))
);
create unique index if not exists reward_steps_active_once on public.reward_steps (lead_table, threshold, kind, title) where enabled;
