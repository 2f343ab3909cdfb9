-- The confirmation's and the held credits' facts (docs/decisions/046-facts-and-reactions.md), the
-- Postgres mirror of the D1 referral store: confirm_lead(), credit_or_hold_referral() and
-- decide_held_referrals() gain `context` (what the request adds to each fact's payload: codes and ids)
-- and write their facts in the same transaction as the change, only for the rows they changed.
-- Safe to run again.
drop function if exists public.confirm_lead(text, uuid, timestamptz, integer);
create or replace function public.confirm_lead(lead_table text, lead_id uuid, at timestamptz, places integer, context jsonb default '{}')
returns jsonb
language plpgsql volatile set search_path = public
as $$
declare
  confirmed jsonb;
  existing jsonb;
begin
  perform public.check_lead_table(lead_table);
  perform pg_advisory_xact_lock(hashtext('confirm_seq:' || lead_table));
  execute format($q$
    update %1$I set email_verified = true, confirmed_at = $2,
      confirm_seq = (select coalesce(max(confirm_seq), 0) + 1 from %1$I),
      place_score = (select coalesce(max(confirm_seq), 0) + 1 from %1$I) - $3 * referral_count - bonus_places
    where id = $1 and confirm_seq is null
    returning to_jsonb(%1$I.*)$q$, lead_table) into confirmed using lead_id, at, places;
  if confirmed is not null then
    insert into public.facts (id, type, payload, created_at)
    values ('lead.confirmed:' || lead_table || ':' || lead_id, 'lead.confirmed',
            coalesce(context, '{}') || jsonb_build_object('lead_id', lead_id, 'source', confirmed->'lead_source',
              'confirmed_at', to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')), at)
    on conflict (id) do nothing;
    return jsonb_build_object('lead', confirmed, 'confirmed_now', true);
  end if;
  execute format('select to_jsonb(t.*) from %1$I t where id = $1', lead_table) into existing using lead_id;
  if existing is null then return null; end if;
  return jsonb_build_object('lead', existing, 'confirmed_now', false);
end
$$;

drop function if exists public.credit_or_hold_referral(text, uuid, timestamptz, integer, text);
create or replace function public.credit_or_hold_referral(lead_table text, referred uuid, at timestamptz, places integer, hold text,
  context jsonb default '{}')
returns jsonb
language plpgsql volatile set search_path = public
as $$
declare
  changed public.referrals;
  held boolean := coalesce(hold, '') <> '';
  fact_type text := case when coalesce(hold, '') = '' then 'referral.credited' else 'referral.held' end;
begin
  perform public.check_lead_table(lead_table);
  update public.referrals r
     set status = case when held then 'held' else 'credited' end,
         hold_reasons = nullif(hold, ''),
         reason = null,
         credited_at = case when held then null else at end,
         updated_at = at
   where r.lead_table = credit_or_hold_referral.lead_table and r.referred_id = referred and r.status = 'pending'
  returning * into changed;
  if changed.id is null then return null; end if;
  insert into public.facts (id, type, payload, created_at)
  values (fact_type || ':' || lead_table || ':' || changed.id, fact_type,
          coalesce(context, '{}') || jsonb_build_object('referral_id', changed.id, 'referrer_id', changed.referrer_id,
            'referred_id', changed.referred_id)
          || case when held then jsonb_build_object('reasons', to_jsonb(string_to_array(hold, ',')))
                  else jsonb_build_object('credits', 1) end,
          at)
  on conflict (id) do nothing;
  perform public.recount_referrer(lead_table, changed.referrer_id, places);
  return to_jsonb(changed);
end
$$;

drop function if exists public.decide_held_referrals(text, uuid[], boolean, timestamptz, integer);
create or replace function public.decide_held_referrals(lead_table text, ids uuid[], approve boolean, at timestamptz, places integer,
  context jsonb default '{}')
returns setof public.referrals
language plpgsql volatile set search_path = public
as $$
declare
  fact_type text := case when approve then 'referral.approved' else 'referral.rejected' end;
  referrer uuid;
begin
  perform public.check_lead_table(lead_table);
  -- The change and one fact per changed row (one statement, with its referrer's credits in this decision).
  return query
  with changed as (
    update public.referrals r
       set status = case when approve then 'credited' else 'rejected' end,
           reason = case when approve then null else 'review-rejected' end,
           credited_at = case when approve then at else null end,
           updated_at = at
     where r.lead_table = decide_held_referrals.lead_table and r.id = any(ids) and r.status = 'held'
    returning r.*
  ), written as (
    insert into public.facts (id, type, payload, created_at)
    select fact_type || ':' || decide_held_referrals.lead_table || ':' || c.id, fact_type,
           coalesce(context, '{}') || jsonb_build_object('referral_id', c.id, 'referrer_id', c.referrer_id, 'referred_id', c.referred_id,
             'credits', count(*) over (partition by c.referrer_id)),
           at
      from changed c
    on conflict (id) do nothing
  )
  select * from changed;
  -- Every referrer of the rows asked about is recounted (a repeat recounts to the same figures).
  for referrer in select distinct r.referrer_id from public.referrals r
                   where r.lead_table = decide_held_referrals.lead_table and r.id = any(ids) and r.referrer_id is not null loop
    perform public.recount_referrer(lead_table, referrer, places);
  end loop;
  return;
end
$$;

revoke all on function public.confirm_lead(text, uuid, timestamptz, integer, jsonb) from public, anon, authenticated;
revoke all on function public.credit_or_hold_referral(text, uuid, timestamptz, integer, text, jsonb) from public, anon, authenticated;
revoke all on function public.decide_held_referrals(text, uuid[], boolean, timestamptz, integer, jsonb) from public, anon, authenticated;
grant execute on function public.confirm_lead(text, uuid, timestamptz, integer, jsonb) to service_role;
grant execute on function public.credit_or_hold_referral(text, uuid, timestamptz, integer, text, jsonb) to service_role;
grant execute on function public.decide_held_referrals(text, uuid[], boolean, timestamptz, integer, jsonb) to service_role;
