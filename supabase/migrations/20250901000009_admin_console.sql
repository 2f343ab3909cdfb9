-- The admin console: the stat cards leave abandoned placeholder leads out of every total and count
-- them apart, and the lead table reads the place in line of a whole page in one call.

drop function if exists public.lead_stats(text);

create or replace function public.lead_stats(lead_table text, today timestamptz, week timestamptz) returns jsonb
language plpgsql stable security invoker set search_path = public
as $$
declare
  result jsonb;
begin
  perform public.check_lead_table(lead_table);
  execute format($q$
    with real as (select * from %1$I where email <> 'pending@placeholder.invalid')
    select jsonb_build_object(
      'total', (select count(*) from real),
      'completed', (select count(*) from real where step_completed = 3),
      'confirmed', (select count(*) from real where confirm_seq is not null),
      'today', (select count(*) from real where created_at >= $1),
      'week', (select count(*) from real where created_at >= $2),
      'incomplete', (select count(*) from %1$I where email = 'pending@placeholder.invalid'),
      'referrals', (select count(*) from public.referrals where lead_table = %1$L and status = 'credited'),
      'bySource', coalesce((select jsonb_object_agg(lead_source, n)
                              from (select lead_source, count(*) as n from real group by lead_source) s), '{}'::jsonb),
      'byPlan', coalesce((select jsonb_object_agg(plan_chosen, n)
                            from (select plan_chosen, count(*) as n from real
                                   where coalesce(plan_chosen, '') <> '' group by plan_chosen) p), '{}'::jsonb)
    )$q$, lead_table)
  into result using today, week;
  return result;
end
$$;

-- The place in line of each of these leads (null before they confirmed), as lead_place counts it.
create or replace function public.lead_places(lead_table text, ids uuid[]) returns table (id uuid, place integer)
language plpgsql stable set search_path = public
as $$
begin
  perform public.check_lead_table(lead_table);
  return query execute format($q$
    select a.id, case when a.confirm_seq is null then null else (
      select count(*)::integer + 1 from %1$I b where b.confirm_seq is not null and (b.place_score < a.place_score or
        (b.place_score = a.place_score and (b.referral_count > a.referral_count or
          (b.referral_count = a.referral_count and b.confirm_seq < a.confirm_seq))))) end
    from %1$I a where a.id = any($1)$q$, lead_table)
  using ids;
end
$$;

revoke all on function public.lead_stats(text, timestamptz, timestamptz) from public, anon, authenticated;
revoke all on function public.lead_places(text, uuid[]) from public, anon, authenticated;
grant execute on function public.lead_stats(text, timestamptz, timestamptz) to service_role;
grant execute on function public.lead_places(text, uuid[]) to service_role;
