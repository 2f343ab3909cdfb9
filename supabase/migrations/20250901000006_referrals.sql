-- Mirror of migrations/0006_referrals.sql (docs/decisions/010-referrals-and-place-in-line.md):
-- confirmation order, place score and risk flags on the lead tables, the referral ledger, and the
-- functions that change credits in one transaction (PostgREST cannot run several statements).
-- Only the service role (the Worker) calls the functions or touches the ledger.

alter table public.leads
  add column if not exists normalized_email text,
  add column if not exists confirmed_at timestamptz,
  add column if not exists confirm_seq integer,
  add column if not exists place_score integer,
  add column if not exists risk_flags text[] not null default '{}';
create index if not exists leads_normalized_email_idx on public.leads (normalized_email, created_at);
create unique index if not exists leads_confirm_seq_key on public.leads (confirm_seq);
create index if not exists leads_place_idx on public.leads (place_score, referral_count, confirm_seq) where confirm_seq is not null;
create index if not exists leads_unconfirmed_idx on public.leads (created_at) where not email_verified;

alter table public.leads_icehockey
  add column if not exists normalized_email text,
  add column if not exists confirmed_at timestamptz,
  add column if not exists confirm_seq integer,
  add column if not exists place_score integer,
  add column if not exists risk_flags text[] not null default '{}';
create index if not exists leads_icehockey_normalized_email_idx on public.leads_icehockey (normalized_email, created_at);
create unique index if not exists leads_icehockey_confirm_seq_key on public.leads_icehockey (confirm_seq);
create index if not exists leads_icehockey_place_idx on public.leads_icehockey (place_score, referral_count, confirm_seq) where confirm_seq is not null;
create index if not exists leads_icehockey_unconfirmed_idx on public.leads_icehockey (created_at) where not email_verified;

alter table public.leads_tennis
  add column if not exists normalized_email text,
  add column if not exists confirmed_at timestamptz,
  add column if not exists confirm_seq integer,
  add column if not exists place_score integer,
  add column if not exists risk_flags text[] not null default '{}';
create index if not exists leads_tennis_normalized_email_idx on public.leads_tennis (normalized_email, created_at);
create unique index if not exists leads_tennis_confirm_seq_key on public.leads_tennis (confirm_seq);
create index if not exists leads_tennis_place_idx on public.leads_tennis (place_score, referral_count, confirm_seq) where confirm_seq is not null;
create index if not exists leads_tennis_unconfirmed_idx on public.leads_tennis (created_at) where not email_verified;

create table if not exists public.referrals (
  id uuid primary key default gen_random_uuid(),
  lead_table text not null check (lead_table in ('leads', 'leads_icehockey', 'leads_tennis')),
  referred_id uuid not null,
  referrer_id uuid,
  ref_code text not null,
  variant text not null,
  status text not null default 'pending' check (status in ('pending', 'credited', 'rejected')),
  reason text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  credited_at timestamptz
);
create unique index if not exists referrals_referred_key on public.referrals (lead_table, referred_id);
create index if not exists referrals_referrer_idx on public.referrals (lead_table, referrer_id, status);
create index if not exists referrals_created_at_idx on public.referrals (created_at);
alter table public.referrals enable row level security;
revoke all on table public.referrals from anon, authenticated;
grant all on table public.referrals to service_role;

create or replace function public.check_lead_table(lead_table text) returns void
language plpgsql immutable set search_path = public
as $$
begin
  if lead_table is null or lead_table not in ('leads', 'leads_icehockey', 'leads_tennis') then
    raise exception 'Unknown lead table: %', lead_table using errcode = '22023';
  end if;
end
$$;

-- Sets a referrer's referral_count (credited rows) and place score.
create or replace function public.recount_referrer(lead_table text, referrer uuid, places integer) returns void
language plpgsql volatile set search_path = public
as $$
begin
  perform public.check_lead_table(lead_table);
  if referrer is null then return; end if;
  -- Lock the referrer first: the count below then runs after any other credit of theirs committed
  -- (a volatile function's next statement sees it), so two credits at once never count one.
  execute format('select 1 from %1$I where id = $1 for update', lead_table) using referrer;
  execute format($q$
    update %1$I t set referral_count = c.n,
      place_score = case when t.confirm_seq is null then null else t.confirm_seq - $2 * c.n end
    from (select count(*)::integer as n from public.referrals r
           where r.lead_table = %1$L and r.referrer_id = $1 and r.status = 'credited') c
    where t.id = $1$q$, lead_table) using referrer, places;
end
$$;

-- Confirms a lead once: the next confirmation number of its table (a table lock keeps numbers unique).
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
      place_score = (select coalesce(max(confirm_seq), 0) + 1 from %1$I) - $3 * referral_count
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

-- Credits the pending referral of a referred lead and recounts its referrer; null when nothing was pending.
create or replace function public.credit_referral(lead_table text, referred uuid, at timestamptz, places integer) returns jsonb
language plpgsql volatile set search_path = public
as $$
declare
  credited public.referrals;
begin
  perform public.check_lead_table(lead_table);
  update public.referrals r set status = 'credited', reason = null, credited_at = at, updated_at = at
   where r.lead_table = credit_referral.lead_table and r.referred_id = referred and r.status = 'pending'
  returning * into credited;
  if credited.id is null then return null; end if;
  perform public.recount_referrer(lead_table, credited.referrer_id, places);
  return to_jsonb(credited);
end
$$;

-- An admin's revoke (rejected, "revoked") or restore (credited), and the recount.
create or replace function public.set_referral_status(lead_table text, referral uuid, new_status text, at timestamptz, places integer) returns jsonb
language plpgsql volatile set search_path = public
as $$
declare
  changed public.referrals;
begin
  perform public.check_lead_table(lead_table);
  if new_status not in ('credited', 'rejected') then
    raise exception 'Unknown status: %', new_status using errcode = '22023';
  end if;
  update public.referrals r set status = new_status,
      reason = case when new_status = 'rejected' then 'revoked' else null end,
      credited_at = case when new_status = 'credited' then coalesce(r.credited_at, at) else r.credited_at end,
      updated_at = at
   where r.id = referral and r.lead_table = set_referral_status.lead_table
  returning * into changed;
  if changed.id is null then return null; end if;
  perform public.recount_referrer(lead_table, changed.referrer_id, places);
  return to_jsonb(changed);
end
$$;

-- A parent's place: one plus the confirmed parents ahead (lower score; on a tie more credits, then earlier).
create or replace function public.lead_place(lead_table text, score integer, credits integer, seq integer) returns integer
language plpgsql stable set search_path = public
as $$
declare
  ahead integer;
begin
  perform public.check_lead_table(lead_table);
  execute format($q$
    select count(*)::integer from %1$I where confirm_seq is not null and (place_score < $1 or (place_score = $1 and
      (referral_count > $2 or (referral_count = $2 and confirm_seq < $3))))$q$, lead_table)
    into ahead using score, credits, seq;
  return ahead + 1;
end
$$;

-- Deletes leads never confirmed, created before the cut-off, and the pending referrals they were part of.
create or replace function public.purge_unconfirmed(lead_table text, before timestamptz) returns integer
language plpgsql volatile set search_path = public
as $$
declare
  deleted integer;
begin
  perform public.check_lead_table(lead_table);
  execute format($q$
    with doomed as (select id from %1$I where not email_verified and created_at < $1),
    gone_refs as (
      delete from public.referrals r where r.lead_table = %1$L and r.status = 'pending'
        and (r.referred_id in (select id from doomed) or r.referrer_id in (select id from doomed))
    )
    delete from %1$I t using doomed where t.id = doomed.id$q$, lead_table) using before;
  get diagnostics deleted = row_count;
  return deleted;
end
$$;

revoke all on function public.check_lead_table(text) from public, anon, authenticated;
revoke all on function public.recount_referrer(text, uuid, integer) from public, anon, authenticated;
revoke all on function public.confirm_lead(text, uuid, timestamptz, integer) from public, anon, authenticated;
revoke all on function public.credit_referral(text, uuid, timestamptz, integer) from public, anon, authenticated;
revoke all on function public.set_referral_status(text, uuid, text, timestamptz, integer) from public, anon, authenticated;
revoke all on function public.lead_place(text, integer, integer, integer) from public, anon, authenticated;
revoke all on function public.purge_unconfirmed(text, timestamptz) from public, anon, authenticated;
grant execute on function public.check_lead_table(text) to service_role;
grant execute on function public.recount_referrer(text, uuid, integer) to service_role;
grant execute on function public.confirm_lead(text, uuid, timestamptz, integer) to service_role;
grant execute on function public.credit_referral(text, uuid, timestamptz, integer) to service_role;
grant execute on function public.set_referral_status(text, uuid, text, timestamptz, integer) to service_role;
grant execute on function public.lead_place(text, integer, integer, integer) to service_role;
grant execute on function public.purge_unconfirmed(text, timestamptz) to service_role;

-- The stat cards count credited referrals from the ledger, not every lead with a referral code.
create or replace function public.lead_stats(lead_table text) returns jsonb
language plpgsql stable security invoker set search_path = public
as $$
declare
  result jsonb;
begin
  perform public.check_lead_table(lead_table);
  execute format($q$
    select jsonb_build_object(
      'total', (select count(*) from %1$I),
      'completed', (select count(*) from %1$I where step_completed = 3),
      'referrals', (select count(*) from public.referrals where lead_table = %1$L and status = 'credited'),
      'bySource', coalesce((select jsonb_object_agg(lead_source, n)
                              from (select lead_source, count(*) as n from %1$I group by lead_source) s), '{}'::jsonb),
      'byPlan', coalesce((select jsonb_object_agg(plan_chosen, n)
                            from (select plan_chosen, count(*) as n from %1$I
                                   where coalesce(plan_chosen, '') <> '' group by plan_chosen) p), '{}'::jsonb)
    )$q$, lead_table)
  into result;
  return result;
end
$$;
