-- The ledger's progress of several campaigns in one call (the Supabase campaign store's progressOf):
-- campaign_progress() of 20250901000018_campaigns.sql over many campaigns, each one range of the
-- outbox's dedupe key index (campaign:{id}:... up to campaign:{id};), the ranges given by the caller.
-- Safe to run again.
create or replace function public.campaign_progress_of(p_ids text[], p_from text[], p_to text[])
returns table (campaign_id text, status text, n integer)
language sql stable set search_path = public
as $$
  -- A row erased before it was sent (made dead under an erased: recipient) was skipped, not failed.
  select c.id, case when o.status = 'dead' and o.recipient like 'erased:%' then 'skipped' else o.status end, count(*)::int
  from unnest(p_ids, p_from, p_to) as c(id, key_from, key_to)
  join public.outbox o on o.dedupe_key >= c.key_from and o.dedupe_key < c.key_to
  group by 1, 2;
$$;

revoke all on function public.campaign_progress_of(text[], text[], text[]) from public, anon, authenticated;
grant execute on function public.campaign_progress_of(text[], text[], text[]) to service_role;
