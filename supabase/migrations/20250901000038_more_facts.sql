-- The facts of rewards, club milestones, accepted invites and erasures
-- (docs/decisions/046-facts-and-reactions.md), the Postgres mirror of the D1 stores: each function
-- writes its fact in the same transaction as the change, only for the call that made it.
-- Safe to run again.

-- earn_reward() as before, plus the `reward.earned` fact when this call earned or reinstated the
-- step (a reinstated reward's fact exists already: the same id, nothing written).
create or replace function public.earn_reward(p_table text, p_lead uuid, p_step uuid, p_at timestamptz) returns jsonb
language plpgsql volatile set search_path = public
as $$
declare
  step public.reward_steps;
  made public.rewards_earned;
  now_earned boolean := true;
  free_code public.reward_codes;
begin
  perform public.check_lead_table(p_table);
  select * into step from public.reward_steps s where s.id = p_step and s.lead_table = p_table;
  if step.id is null then return null; end if;
  insert into public.rewards_earned (lead_table, lead_id, step_id, kind, places, earned_at, delivered_at)
  values (p_table, p_lead, p_step, step.kind, case when step.kind = 'places' then coalesce(step.places, 0) else 0 end, p_at,
          case when step.kind = 'places' then p_at else null end)
  on conflict (lead_table, lead_id, step_id) do nothing
  returning * into made;
  if made.id is null then
    update public.rewards_earned e set withdrawn_at = null, flagged_at = null, earned_at = p_at,
        delivered_at = case when e.kind = 'places' then p_at else e.delivered_at end
     where e.lead_table = p_table and e.lead_id = p_lead and e.step_id = p_step and e.withdrawn_at is not null
    returning * into made;
  end if;
  if made.id is null then
    now_earned := false;
    select * into made from public.rewards_earned e where e.lead_table = p_table and e.lead_id = p_lead and e.step_id = p_step for update;
    -- Back at or above the step after a revocation: a kept, flagged reward is in order again.
    if made.flagged_at is not null then
      update public.rewards_earned set flagged_at = null where id = made.id returning * into made;
    end if;
  end if;
  if made.kind = 'code' and made.code is null and made.withdrawn_at is null then
    select * into free_code from public.reward_codes c where c.step_id = p_step and c.earned_id is null
     order by c.added_at, c.id limit 1 for update skip locked;
    if free_code.id is not null then
      update public.reward_codes set earned_id = made.id, assigned_at = p_at where id = free_code.id;
      update public.rewards_earned set code = free_code.code where id = made.id returning * into made;
    end if;
  end if;
  perform public.sync_reward_bonus(p_table, p_lead);
  if now_earned then
    insert into public.facts (id, type, payload, created_at)
    values ('reward.earned:' || p_table || ':' || made.id, 'reward.earned',
            jsonb_build_object('reward_id', made.id, 'lead_id', p_lead, 'step_id', p_step, 'kind', step.kind,
              'threshold', step.threshold), p_at)
    on conflict (id) do nothing;
  end if;
  return jsonb_build_object('reward', to_jsonb(made), 'earned_now', now_earned);
end
$$;

-- A club's milestone marked reached once, with its `club.milestone` fact (the club, its milestone and
-- the families counted) in the same transaction; true for the call that marked it.
create or replace function public.mark_club_milestone(p_id uuid, p_at timestamptz, p_families integer) returns boolean
language plpgsql volatile set search_path = public
as $$
declare
  marked public.clubs;
begin
  update public.clubs set milestone_reached_at = p_at where id = p_id and milestone_reached_at is null returning * into marked;
  if marked.id is null then return false; end if;
  insert into public.facts (id, type, payload, created_at)
  values ('club.milestone:' || marked.lead_table || ':' || marked.id, 'club.milestone',
          jsonb_build_object('club_id', marked.id, 'milestone', marked.milestone, 'families', p_families), p_at)
  on conflict (id) do nothing;
  return true;
end
$$;

revoke all on function public.mark_club_milestone(uuid, timestamptz, integer) from public, anon, authenticated;
grant execute on function public.mark_club_milestone(uuid, timestamptz, integer) to service_role;

-- An invite accepted once, with its `invite.accepted` fact (the lead's and the wave's ids) in the same
-- transaction; true for the call that accepted it.
create or replace function public.accept_invite(p_table text, p_lead uuid, p_at timestamptz) returns boolean
language plpgsql volatile set search_path = public
as $$
declare
  accepted public.wave_members;
begin
  update public.wave_members set accepted_at = p_at
   where lead_table = p_table and lead_id = p_lead and accepted_at is null
  returning * into accepted;
  if accepted.lead_id is null then return false; end if;
  insert into public.facts (id, type, payload, created_at)
  values ('invite.accepted:' || p_table || ':' || p_lead, 'invite.accepted',
          jsonb_build_object('lead_id', p_lead, 'wave_id', accepted.wave_id), p_at)
  on conflict (id) do nothing;
  return true;
end
$$;

revoke all on function public.accept_invite(text, uuid, timestamptz) from public, anon, authenticated;
grant execute on function public.accept_invite(text, uuid, timestamptz) to service_role;

-- erase_parent() as before (20250901000027_webhook_erasure.sql), plus a `lead.erased` fact for each
-- entry it deleted, in the same transaction.
create or replace function public.erase_parent(p_email text, p_recipient text, p_source text, p_at timestamptz) returns jsonb
language plpgsql volatile security definer set search_path = public
as $$
declare
  addr text := lower(btrim(p_email));
  t text;
  ids uuid[];
  auth_ids uuid[] := '{}';
  n integer;
  refs integer := 0;
  users_n integer := 0;
  counts jsonb := '{}'::jsonb;
  confirmed_events text[] := '{}';
begin
  if addr is null or addr = '' or addr = 'pending@placeholder.invalid' then
    raise exception 'No address to erase' using errcode = '22023';
  end if;
  if p_source is null or p_source not in ('self', 'admin') then
    raise exception 'Unknown erasure source: %', p_source using errcode = '22023';
  end if;
  if p_recipient is null or position('@' in p_recipient) > 0 then
    raise exception 'The outbox recipient must be a hash' using errcode = '22023';
  end if;
  foreach t in array array['leads', 'leads_icehockey', 'leads_tennis'] loop
    execute format('select coalesce(array_agg(id), ''{}'') from %I where lower(email) = $1', t) into ids using addr;
    if cardinality(ids) = 0 then continue; end if;
    confirmed_events := confirmed_events || array(select 'lead.confirmed:' || t || ':' || x::text from unnest(ids) x);
    update public.referrals r set referred_id = gen_random_uuid(), updated_at = p_at
     where r.lead_table = t and r.referred_id = any(ids);
    get diagnostics n = row_count;
    refs := refs + n;
    update public.referrals r set referrer_id = null, ref_code = 'erased', updated_at = p_at
     where r.lead_table = t and r.referrer_id = any(ids);
    get diagnostics n = row_count;
    refs := refs + n;
    -- A wave keeps its member (the figures stay), under an id that names nobody.
    update public.wave_members m set lead_id = gen_random_uuid() where m.lead_table = t and m.lead_id = any(ids);
    delete from public.users u where u.lead_id = any(ids);
    get diagnostics n = row_count;
    users_n := users_n + n;
    execute format('with gone as (delete from %I where id = any($1) returning id) select coalesce(array_agg(id), ''{}'') from gone', t)
      into ids using ids;
    n := cardinality(ids);
    if n > 0 then counts := counts || jsonb_build_object(t, n); end if;
    -- A lead.erased fact per entry this call deleted (ids only: the address is gone).
    insert into public.facts (id, type, payload, created_at)
    select 'lead.erased:' || t || ':' || x::text, 'lead.erased', jsonb_build_object('lead_id', x), p_at from unnest(ids) x
    on conflict (id) do nothing;
  end loop;
  if to_regclass('auth.users') is not null then
    execute 'with gone as (delete from auth.users where lower(email) = $1 returning id) select coalesce(array_agg(id), ''{}'') from gone'
      into auth_ids using addr;
    if cardinality(auth_ids) > 0 then counts := counts || jsonb_build_object('accounts', cardinality(auth_ids)); end if;
  end if;
  delete from public.users u where lower(u.email) = addr or u.id = any(auth_ids);
  get diagnostics n = row_count;
  users_n := users_n + n;
  if users_n > 0 then counts := counts || jsonb_build_object('users', users_n); end if;
  if refs > 0 then counts := counts || jsonb_build_object('referrals', refs); end if;
  update public.outbox o set recipient = p_recipient, subject = '', html = '', text = '', render_input = null,
      status = case when o.status in ('pending', 'failed') then 'dead' else o.status end,
      last_error = case when o.status in ('pending', 'failed') then 'erased before sending' else null end,
      next_attempt_at = null, updated_at = p_at
   where lower(o.recipient) = addr;
  get diagnostics n = row_count;
  if n > 0 then counts := counts || jsonb_build_object('outbox', n); end if;
  -- Webhooks: no stored payload keeps the address (rows written while lead.confirmed carried it),
  -- and a pending lead.confirmed of these leads is cancelled (it would read no lead when sent).
  update public.webhook_deliveries d
     set payload = case when public.webhook_payload_holds(d.event_type, d.payload, addr)
                        then (d.payload::jsonb #- '{data,email}')::text else d.payload end,
         status = case when d.status = 'pending' and d.event_id = any(confirmed_events) then 'cancelled' else d.status end,
         next_attempt_at = case when d.status = 'pending' and d.event_id = any(confirmed_events) then null else d.next_attempt_at end,
         updated_at = p_at
   where public.webhook_payload_holds(d.event_type, d.payload, addr)
      or (d.status = 'pending' and d.event_id = any(confirmed_events));
  get diagnostics n = row_count;
  if n > 0 then counts := counts || jsonb_build_object('webhook_deliveries', n); end if;
  if counts = '{}'::jsonb then return null; end if;
  insert into public.erasure_log (at, tables, source) values (p_at, counts, p_source);
  return counts;
end
$$;

revoke all on function public.erase_parent(text, text, text, timestamptz) from public, anon, authenticated;
grant execute on function public.erase_parent(text, text, text, timestamptz) to service_role;

-- An admin's delete of one entry, with its `lead.erased` fact (the id only) in the same transaction;
-- true for the call that deleted it.
create or replace function public.delete_lead(p_table text, p_id uuid, p_at timestamptz) returns boolean
language plpgsql volatile set search_path = public
as $$
declare
  gone uuid;
begin
  perform public.check_lead_table(p_table);
  execute format('delete from %I where id = $1 returning id', p_table) into gone using p_id;
  if gone is null then return false; end if;
  insert into public.facts (id, type, payload, created_at)
  values ('lead.erased:' || p_table || ':' || gone, 'lead.erased', jsonb_build_object('lead_id', gone), p_at)
  on conflict (id) do nothing;
  return true;
end
$$;

revoke all on function public.delete_lead(text, uuid, timestamptz) from public, anon, authenticated;
grant execute on function public.delete_lead(text, uuid, timestamptz) to service_role;
