-- Admitting a wave: the Postgres mirror of migrations/0016_waves.sql
-- (docs/decisions/025-waves-and-invites.md). (lead_table, seq) is unique, so one admin form makes one
-- wave; (lead_table, lead_id) is unique, so a parent is admitted once. admit_wave() writes a wave and
-- its members in one transaction (PostgREST cannot run several statements).
-- Only the service role (the Worker) reads or writes: RLS on, no policies.
create table if not exists public.waves (
  id uuid primary key default gen_random_uuid(),
  lead_table text not null check (lead_table in ('leads', 'leads_icehockey', 'leads_tennis')),
  variant text not null,
  seq integer not null,
  size_asked integer not null check (size_asked > 0),
  created_at timestamptz not null default now(),
  created_by text not null
);
create unique index if not exists waves_seq_key on public.waves (lead_table, seq);

create table if not exists public.wave_members (
  wave_id uuid not null references public.waves (id) on delete cascade,
  lead_table text not null check (lead_table in ('leads', 'leads_icehockey', 'leads_tennis')),
  lead_id uuid not null,
  place integer not null,
  invite_sent_at timestamptz,
  invite_expires_at timestamptz not null,
  invite_opened_at timestamptz,
  accepted_at timestamptz,
  account_created_at timestamptz,
  primary key (wave_id, lead_id)
);
create unique index if not exists wave_members_lead_key on public.wave_members (lead_table, lead_id);
create index if not exists wave_members_wave_place_idx on public.wave_members (wave_id, place);

alter table public.waves enable row level security;
alter table public.wave_members enable row level security;
revoke all on table public.waves from anon, authenticated;
revoke all on table public.wave_members from anon, authenticated;
grant all on table public.waves to service_role;
grant all on table public.wave_members to service_role;

-- Writes the wave and its members (jsonb list of {lead_id, place, invite_expires_at}) once: when the
-- table already has a wave with this number, nothing is written and that wave is returned with
-- created false. A member already admitted in another wave fails the whole call (unique key).
create or replace function public.admit_wave(wave jsonb, members jsonb) returns jsonb
language plpgsql volatile set search_path = public
as $$
declare
  made public.waves;
  existing public.waves;
begin
  perform public.check_lead_table(wave->>'lead_table');
  insert into public.waves (id, lead_table, variant, seq, size_asked, created_at, created_by)
  values ((wave->>'id')::uuid, wave->>'lead_table', wave->>'variant', (wave->>'seq')::integer,
          (wave->>'size_asked')::integer, (wave->>'created_at')::timestamptz, wave->>'created_by')
  on conflict (lead_table, seq) do nothing
  returning * into made;
  if made.id is null then
    select * into existing from public.waves w where w.lead_table = wave->>'lead_table' and w.seq = (wave->>'seq')::integer;
    return jsonb_build_object('created', false, 'wave', to_jsonb(existing));
  end if;
  insert into public.wave_members (wave_id, lead_table, lead_id, place, invite_expires_at)
  select made.id, made.lead_table, m.lead_id, m.place, m.invite_expires_at
    from jsonb_to_recordset(members) as m(lead_id uuid, place integer, invite_expires_at timestamptz);
  return jsonb_build_object('created', true, 'wave', to_jsonb(made));
end
$$;

revoke all on function public.admit_wave(jsonb, jsonb) from public, anon, authenticated;
grant execute on function public.admit_wave(jsonb, jsonb) to service_role;

-- The table's waves, newest first, with their figures at `p_at` (the admin page, the launch funnel).
create or replace function public.wave_figures(p_table text, p_at timestamptz)
returns table (
  id uuid, lead_table text, variant text, seq integer, size_asked integer, created_at timestamptz, created_by text,
  admitted integer, invited integer, opened integer, accepted integer, accounts integer, expired integer, last_place integer
)
language sql stable set search_path = public
as $$
  select w.id, w.lead_table, w.variant, w.seq, w.size_asked, w.created_at, w.created_by,
         count(m.lead_id)::integer, count(m.invite_sent_at)::integer, count(m.invite_opened_at)::integer,
         count(m.accepted_at)::integer, count(m.account_created_at)::integer,
         count(*) filter (where m.lead_id is not null and m.accepted_at is null and m.invite_expires_at <= p_at)::integer,
         max(m.place)::integer
    from public.waves w left join public.wave_members m on m.wave_id = w.id
   where w.lead_table = p_table
   group by w.id
   order by w.seq desc
$$;

revoke all on function public.wave_figures(text, timestamptz) from public, anon, authenticated;
grant execute on function public.wave_figures(text, timestamptz) to service_role;

-- An erasure (docs/decisions/014-erasure.md) keeps a wave's member rows, so the wave's figures stay,
-- under a fresh id that names nobody: erase_parent() of 20250901000012_erasure_log.sql with that one
-- update added to its per-table loop.
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
    execute format('delete from %I where id = any($1)', t) using ids;
    get diagnostics n = row_count;
    if n > 0 then counts := counts || jsonb_build_object(t, n); end if;
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
  if counts = '{}'::jsonb then return null; end if;
  insert into public.erasure_log (at, tables, source) values (p_at, counts, p_source);
  return counts;
end
$$;

revoke all on function public.erase_parent(text, text, text, timestamptz) from public, anon, authenticated;
grant execute on function public.erase_parent(text, text, text, timestamptz) to service_role;
