-- The place in line: the Postgres mirror of migrations/0014_lead_line.sql, one view over
-- the three lead tables. The confirmed leads of a table ranked by place score (lowest first); on a tie
-- more credited referrals first, then the earlier confirmation. A lead that has not confirmed is not
-- in the line (no place). lead_places (the admin list, the CSV of selected rows) and the CSV's read
-- of the whole line use it; one parent's place (lead_place, the status page) is still counted on the
-- index, several times cheaper than ranking the whole line. Only the service role (the Worker) reads it.

create index if not exists leads_line_idx on public.leads (place_score, referral_count desc, confirm_seq) where confirm_seq is not null;
create index if not exists leads_icehockey_line_idx on public.leads_icehockey (place_score, referral_count desc, confirm_seq) where confirm_seq is not null;
create index if not exists leads_tennis_line_idx on public.leads_tennis (place_score, referral_count desc, confirm_seq) where confirm_seq is not null;
drop index if exists public.leads_place_idx;
drop index if exists public.leads_icehockey_place_idx;
drop index if exists public.leads_tennis_place_idx;

-- A filter on lead_table (the partition) reaches the one table it names; the other two drop out.
create or replace view public.lead_line with (security_invoker = true) as
  select l.lead_table, l.id, l.confirm_seq,
         row_number() over (partition by l.lead_table order by l.place_score, l.referral_count desc, l.confirm_seq)::integer as place
    from (select 'leads'::text as lead_table, id, confirm_seq, place_score, referral_count from public.leads
          union all
          select 'leads_icehockey'::text, id, confirm_seq, place_score, referral_count from public.leads_icehockey
          union all
          select 'leads_tennis'::text, id, confirm_seq, place_score, referral_count from public.leads_tennis) l
   where l.confirm_seq is not null;

revoke all on table public.lead_line from public, anon, authenticated;
grant select on table public.lead_line to service_role;

-- The place of each of these leads (null before they confirmed).
create or replace function public.lead_places(lead_table text, ids uuid[]) returns table (id uuid, place integer)
language plpgsql stable set search_path = public
as $$
begin
  perform public.check_lead_table(lead_table);
  return query execute format($q$
    select a.id, l.place from %1$I a left join public.lead_line l on l.lead_table = %1$L and l.id = a.id
     where a.id = any($1)$q$, lead_table)
  using ids;
end
$$;

revoke all on function public.lead_places(text, uuid[]) from public, anon, authenticated;
grant execute on function public.lead_places(text, uuid[]) to service_role;
