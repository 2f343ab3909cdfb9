-- Held credits, the IP safelist and the admin audit (issue 34, docs/decisions/036-holds-and-fairness.md):
-- the Postgres mirror of migrations/0020_referral_holds.sql and the functions the Supabase referral
-- store calls. Safe to run again.

alter table public.referrals drop constraint if exists referrals_status_check;
alter table public.referrals add constraint referrals_status_check check (status in ('pending', 'credited', 'rejected', 'held'));
alter table public.referrals add column if not exists hold_reasons text;
alter table public.referrals add column if not exists network text;

create table if not exists public.ip_safelist (
  id uuid primary key default gen_random_uuid(),
  cidr text not null,
  note text not null default '',
  added_by text not null,
  added_at timestamptz not null default now()
);
create unique index if not exists ip_safelist_cidr_key on public.ip_safelist (cidr);
alter table public.ip_safelist enable row level security;
revoke all on table public.ip_safelist from anon, authenticated;
grant all on table public.ip_safelist to service_role;

create table if not exists public.admin_audit (
  id uuid primary key default gen_random_uuid(),
  action text not null,
  detail text not null,
  actor text not null,
  at timestamptz not null default now()
);
create index if not exists admin_audit_at_idx on public.admin_audit (at);
alter table public.admin_audit enable row level security;
revoke all on table public.admin_audit from anon, authenticated;
grant all on table public.admin_audit to service_role;

-- Credits the pending referral of a referred lead, or holds it when hold (comma-separated reasons)
-- is given, and recounts its referrer (a held credit counts nothing); null when nothing was pending.
create or replace function public.credit_or_hold_referral(lead_table text, referred uuid, at timestamptz, places integer, hold text)
returns jsonb
language plpgsql volatile set search_path = public
as $$
declare
  changed public.referrals;
begin
  perform public.check_lead_table(lead_table);
  update public.referrals r
     set status = case when coalesce(hold, '') = '' then 'credited' else 'held' end,
         hold_reasons = nullif(hold, ''),
         reason = null,
         credited_at = case when coalesce(hold, '') = '' then at else null end,
         updated_at = at
   where r.lead_table = credit_or_hold_referral.lead_table and r.referred_id = referred and r.status = 'pending'
  returning * into changed;
  if changed.id is null then return null; end if;
  perform public.recount_referrer(lead_table, changed.referrer_id, places);
  return to_jsonb(changed);
end
$$;

-- An admin's decision on held credits: approved ones are credited, rejected ones rejected
-- ('review-rejected'); only rows still held change, and every referrer touched is recounted once.
create or replace function public.decide_held_referrals(lead_table text, ids uuid[], approve boolean, at timestamptz, places integer)
returns setof public.referrals
language plpgsql volatile set search_path = public
as $$
declare
  changed public.referrals;
  referrers uuid[] := '{}';
  referrer uuid;
begin
  perform public.check_lead_table(lead_table);
  for changed in
    update public.referrals r
       set status = case when approve then 'credited' else 'rejected' end,
           reason = case when approve then null else 'review-rejected' end,
           credited_at = case when approve then at else null end,
           updated_at = at
     where r.lead_table = decide_held_referrals.lead_table and r.id = any(ids) and r.status = 'held'
    returning r.*
  loop
    return next changed;
    if changed.referrer_id is not null and not (changed.referrer_id = any(referrers)) then
      referrers := referrers || changed.referrer_id;
    end if;
  end loop;
  foreach referrer in array referrers loop
    perform public.recount_referrer(lead_table, referrer, places);
  end loop;
  return;
end
$$;

-- What the hold rules look at for one referrer: friends at one domain (not rejected), friends from
-- one network since network_since, and referrals recorded since burst_since.
create or replace function public.referral_hold_facts(lead_table text, referrer uuid, domain text, net text, network_since timestamptz, burst_since timestamptz)
returns jsonb
language plpgsql stable set search_path = public
as $$
declare
  same_domain integer;
  same_network integer;
  recent integer;
begin
  perform public.check_lead_table(lead_table);
  execute format($q$
    select count(distinct coalesce(l.normalized_email, lower(l.email)))::integer from public.referrals r
      join %1$I l on l.id = r.referred_id
     where r.lead_table = %1$L and r.referrer_id = $1 and r.status <> 'rejected'
       and lower(split_part(l.email, '@', 2)) = $2$q$, lead_table)
    into same_domain using referrer, lower(domain);
  select count(*)::integer into same_network from public.referrals r
   where r.lead_table = referral_hold_facts.lead_table and r.referrer_id = referrer and r.status <> 'rejected'
     and net is not null and r.network = net and r.created_at >= network_since;
  select count(*)::integer into recent from public.referrals r
   where r.lead_table = referral_hold_facts.lead_table and r.referrer_id = referrer and r.created_at >= burst_since;
  return jsonb_build_object('same_domain', same_domain, 'same_network', same_network, 'recent', recent);
end
$$;

revoke all on function public.credit_or_hold_referral(text, uuid, timestamptz, integer, text) from public, anon, authenticated;
revoke all on function public.decide_held_referrals(text, uuid[], boolean, timestamptz, integer) from public, anon, authenticated;
revoke all on function public.referral_hold_facts(text, uuid, text, text, timestamptz, timestamptz) from public, anon, authenticated;
grant execute on function public.credit_or_hold_referral(text, uuid, timestamptz, integer, text) to service_role;
grant execute on function public.decide_held_referrals(text, uuid[], boolean, timestamptz, integer) to service_role;
grant execute on function public.referral_hold_facts(text, uuid, text, text, timestamptz, timestamptz) to service_role;

-- Households: distinct addresses per IP and window (mirror of lead_ip_members in migrations/0020).
create table if not exists public.lead_ip_members (
  ip_hash text not null,
  bucket text not null,
  member text not null,
  nonce text not null,
  expires_at timestamptz not null,
  primary key (ip_hash, bucket, member)
);
create index if not exists lead_ip_members_expires_at_idx on public.lead_ip_members (expires_at);
alter table public.lead_ip_members enable row level security;
revoke all on table public.lead_ip_members from anon, authenticated;
grant all on table public.lead_ip_members to service_role;

-- Counts a member (a hashed address) once per IP and window: the window's count is its distinct members.
create or replace function public.count_lead_ip_member(p_ip_hash text, p_member text, p_buckets text[], p_expires timestamptz[])
returns integer[]
language plpgsql
set search_path = public
as $$
declare
  result integer[] := '{}';
  added integer;
  counted integer;
begin
  delete from public.lead_ip_counts where expires_at < now();
  delete from public.lead_ip_members where expires_at < now();
  for i in 1 .. coalesce(array_length(p_buckets, 1), 0) loop
    insert into public.lead_ip_members (ip_hash, bucket, member, nonce, expires_at)
    values (p_ip_hash, p_buckets[i], p_member, gen_random_uuid()::text, p_expires[i])
    on conflict do nothing;
    get diagnostics added = row_count;
    insert into public.lead_ip_counts as c (ip_hash, bucket, count, expires_at)
    values (p_ip_hash, p_buckets[i], added, p_expires[i])
    on conflict (ip_hash, bucket) do update set count = c.count + added
    returning c.count into counted;
    result := result || counted;
  end loop;
  return result;
end;
$$;
revoke all on function public.count_lead_ip_member(text, text, text[], timestamptz[]) from public, anon, authenticated;
grant execute on function public.count_lead_ip_member(text, text, text[], timestamptz[]) to service_role;
