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
