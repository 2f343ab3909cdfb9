-- Milestone rewards (issue 34, docs/decisions/035-rewards-and-revocation.md): the Postgres mirror of
-- migrations/0019_rewards.sql, the place score with the places bonus, and the two functions that must
-- run in one transaction: earn_reward() (a step earned once, a code taken from the pool with
-- FOR UPDATE SKIP LOCKED, the bonus recounted) and withdraw_reward(). Safe to run again.
-- Only the service role (the Worker) reads or writes: RLS on, no policies.
alter table public.leads add column if not exists bonus_places integer not null default 0;
alter table public.leads_icehockey add column if not exists bonus_places integer not null default 0;
alter table public.leads_tennis add column if not exists bonus_places integer not null default 0;

create table if not exists public.reward_steps (
  id uuid primary key default gen_random_uuid(),
  lead_table text not null check (lead_table in ('leads', 'leads_icehockey', 'leads_tennis')),
  threshold integer not null check (threshold > 0),
  kind text not null check (kind in ('download', 'places', 'code', 'perk')),
  title text not null,
  description text not null,
  file text,
  places integer,
  enabled boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists reward_steps_table_idx on public.reward_steps (lead_table, threshold);

create table if not exists public.reward_codes (
  id uuid primary key default gen_random_uuid(),
  step_id uuid not null references public.reward_steps (id) on delete cascade,
  code text not null,
  earned_id uuid,
  added_at timestamptz not null default now(),
  assigned_at timestamptz
);
create unique index if not exists reward_codes_code_key on public.reward_codes (step_id, code);
create unique index if not exists reward_codes_earned_key on public.reward_codes (earned_id);
create index if not exists reward_codes_free_idx on public.reward_codes (step_id, added_at) where earned_id is null;

create table if not exists public.rewards_earned (
  id uuid primary key default gen_random_uuid(),
  lead_table text not null check (lead_table in ('leads', 'leads_icehockey', 'leads_tennis')),
  lead_id uuid not null,
  step_id uuid not null references public.reward_steps (id),
  kind text not null,
  code text,
  places integer not null default 0,
  earned_at timestamptz not null,
  delivered_at timestamptz,
  withdrawn_at timestamptz,
  flagged_at timestamptz,
  done_by text
);
create unique index if not exists rewards_earned_key on public.rewards_earned (lead_table, lead_id, step_id);
create index if not exists rewards_earned_table_idx on public.rewards_earned (lead_table, earned_at);

alter table public.reward_steps enable row level security;
alter table public.reward_codes enable row level security;
alter table public.rewards_earned enable row level security;
revoke all on table public.reward_steps from anon, authenticated;
revoke all on table public.reward_codes from anon, authenticated;
revoke all on table public.rewards_earned from anon, authenticated;
grant all on table public.reward_steps to service_role;
grant all on table public.reward_codes to service_role;
grant all on table public.rewards_earned to service_role;

-- The place score now also subtracts the places bonus (only the formula changed).
create or replace function public.recount_referrer(lead_table text, referrer uuid, places integer) returns void
language plpgsql volatile set search_path = public
as $$
begin
  perform public.check_lead_table(lead_table);
  if referrer is null then return; end if;
  execute format('select 1 from %1$I where id = $1 for update', lead_table) using referrer;
  execute format($q$
    update %1$I t set referral_count = c.n,
      place_score = case when t.confirm_seq is null then null else t.confirm_seq - $2 * c.n - t.bonus_places end
    from (select count(*)::integer as n from public.referrals r
           where r.lead_table = %1$L and r.referrer_id = $1 and r.status = 'credited') c
    where t.id = $1$q$, lead_table) using referrer, places;
end
$$;

create or replace function public.confirm_lead(lead_table text, lead_id uuid, at timestamptz, places integer) returns jsonb
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
    return jsonb_build_object('lead', confirmed, 'confirmed_now', true);
  end if;
  execute format('select to_jsonb(t.*) from %1$I t where id = $1', lead_table) into existing using lead_id;
  if existing is null then return null; end if;
  return jsonb_build_object('lead', existing, 'confirmed_now', false);
end
$$;

-- Sets a lead's bonus_places to its active places rewards and moves its score by the difference
-- (the score's other terms stay as they are, so no places-per-credit is needed here).
create or replace function public.sync_reward_bonus(p_table text, p_lead uuid) returns void
language plpgsql volatile set search_path = public
as $$
begin
  perform public.check_lead_table(p_table);
  execute format($q$
    update %1$I t set bonus_places = b.n,
      place_score = case when t.confirm_seq is null then null else t.place_score + t.bonus_places - b.n end
    from (select coalesce(sum(e.places), 0)::integer as n from public.rewards_earned e
           where e.lead_table = %1$L and e.lead_id = $1 and e.withdrawn_at is null) b
    where t.id = $1$q$, p_table) using p_lead;
end
$$;

-- Earns a step once (or reinstates a withdrawn one), gives a code step a free code from its pool
-- (SKIP LOCKED: parallel earners of other parents take other codes) and recounts the bonus.
-- earned_now is true only for the call that wrote or reinstated the row.
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
  return jsonb_build_object('reward', to_jsonb(made), 'earned_now', now_earned);
end
$$;

-- Credits fell below the step: an undelivered reward (and always a places bonus) is withdrawn and
-- its code goes back to the pool; a delivered one is kept and flagged. Null when no such active row.
create or replace function public.withdraw_reward(p_id uuid, p_at timestamptz) returns jsonb
language plpgsql volatile set search_path = public
as $$
declare
  changed public.rewards_earned;
begin
  update public.rewards_earned e set
      withdrawn_at = case when e.kind = 'places' or e.delivered_at is null then p_at else null end,
      flagged_at = case when e.kind <> 'places' and e.delivered_at is not null then coalesce(e.flagged_at, p_at) else null end,
      code = case when e.kind = 'places' or e.delivered_at is null then null else e.code end
   where e.id = p_id and e.withdrawn_at is null
  returning * into changed;
  if changed.id is null then return null; end if;
  if changed.withdrawn_at is not null then
    update public.reward_codes set earned_id = null, assigned_at = null where earned_id = p_id;
  end if;
  perform public.sync_reward_bonus(changed.lead_table, changed.lead_id);
  return to_jsonb(changed);
end
$$;

revoke all on function public.sync_reward_bonus(text, uuid) from public, anon, authenticated;
revoke all on function public.earn_reward(text, uuid, uuid, timestamptz) from public, anon, authenticated;
revoke all on function public.withdraw_reward(uuid, timestamptz) from public, anon, authenticated;
grant execute on function public.sync_reward_bonus(text, uuid) to service_role;
grant execute on function public.earn_reward(text, uuid, uuid, timestamptz) to service_role;
grant execute on function public.withdraw_reward(uuid, timestamptz) to service_role;

-- A lead deleted (erasure, the purge of unconfirmed leads, an admin's delete) takes its rewards with
-- it; a code it had not been shown goes back to the pool, a shown one stays used.
create or replace function public.forget_lead_rewards() returns trigger
language plpgsql volatile set search_path = public
as $$
begin
  update public.reward_codes set earned_id = null, assigned_at = null
   where earned_id in (select e.id from public.rewards_earned e
                        where e.lead_table = tg_table_name and e.lead_id = old.id and e.delivered_at is null);
  delete from public.rewards_earned e where e.lead_table = tg_table_name and e.lead_id = old.id;
  return old;
end
$$;
revoke all on function public.forget_lead_rewards() from public, anon, authenticated;
drop trigger if exists leads_rewards_forget on public.leads;
drop trigger if exists leads_icehockey_rewards_forget on public.leads_icehockey;
drop trigger if exists leads_tennis_rewards_forget on public.leads_tennis;
create trigger leads_rewards_forget after delete on public.leads for each row execute function public.forget_lead_rewards();
create trigger leads_icehockey_rewards_forget after delete on public.leads_icehockey for each row execute function public.forget_lead_rewards();
create trigger leads_tennis_rewards_forget after delete on public.leads_tennis for each row execute function public.forget_lead_rewards();
