-- Club pools: the Postgres mirror of migrations/0022_clubs.sql (docs/decisions/039-clubs.md), with
-- club_summaries() (the families each club counts) and merge_clubs() (one transaction).
-- Only the service role (the Worker) reads or writes: RLS on, no policies. Safe to run again.
create table if not exists public.clubs (
  id uuid primary key default gen_random_uuid(),
  lead_table text not null check (lead_table in ('leads_icehockey', 'leads_tennis')),
  variant text not null,
  slug text not null,
  name text not null,
  city text not null,
  sport text not null,
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected', 'merged')),
  merged_into uuid,
  milestone integer check (milestone is null or milestone > 0),
  milestone_reached_at timestamptz,
  confirmed_at timestamptz,
  created_at timestamptz not null default now()
);
create unique index if not exists clubs_slug_key on public.clubs (lead_table, slug);
create index if not exists clubs_status_idx on public.clubs (lead_table, status);

create table if not exists public.club_contacts (
  club_id uuid not null references public.clubs (id) on delete cascade,
  email text not null,
  confirmed_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (club_id, email)
);
create index if not exists club_contacts_email_idx on public.club_contacts (email);

create table if not exists public.club_members (
  lead_table text not null check (lead_table in ('leads_icehockey', 'leads_tennis')),
  lead_id uuid not null,
  club_id uuid not null references public.clubs (id) on delete cascade,
  joined_at timestamptz not null default now(),
  primary key (lead_table, lead_id)
);
create index if not exists club_members_club_idx on public.club_members (club_id);

alter table public.clubs enable row level security;
alter table public.club_contacts enable row level security;
alter table public.club_members enable row level security;
revoke all on table public.clubs from anon, authenticated;
revoke all on table public.club_contacts from anon, authenticated;
revoke all on table public.club_members from anon, authenticated;
grant all on table public.clubs to service_role;
grant all on table public.club_contacts to service_role;
grant all on table public.club_members to service_role;

-- Each club of a lead table with its figures: families = confirmed members whose referral credit is
-- neither held nor rejected on review (ADR 039); unconfirmed = members not confirmed yet.
create or replace function public.club_summaries(p_lead_table text)
returns jsonb
language plpgsql stable set search_path = public
as $$
declare
  result jsonb;
begin
  perform public.check_lead_table(p_lead_table);
  execute format($q$
    select coalesce(jsonb_agg(to_jsonb(c) || jsonb_build_object(
      'members', (select count(*) from public.club_members m where m.club_id = c.id),
      'families', (select count(*) from public.club_members m join %1$I l on l.id = m.lead_id
                    where m.club_id = c.id and l.confirmed_at is not null
                      and not exists (select 1 from public.referrals r
                                       where r.lead_table = %1$L and r.referred_id = m.lead_id
                                         and (r.status = 'held' or r.reason = 'review-rejected'))),
      'unconfirmed', (select count(*) from public.club_members m join %1$I l on l.id = m.lead_id
                       where m.club_id = c.id and l.confirmed_at is null))
      order by c.created_at, c.id), '[]'::jsonb)
      from public.clubs c where c.lead_table = %1$L$q$, p_lead_table) into result;
  return result;
end
$$;

-- The members a club counts (ADR 039), oldest join first: the ones a club wave admits.
create or replace function public.club_counted_members(p_club uuid)
returns jsonb
language plpgsql stable set search_path = public
as $$
declare
  t text;
  result jsonb;
begin
  select lead_table into t from public.clubs where id = p_club;
  if t is null then return '[]'::jsonb; end if;
  execute format($q$
    select coalesce(jsonb_agg(m.lead_id order by m.joined_at, m.lead_id), '[]'::jsonb)
      from public.club_members m join %1$I l on l.id = m.lead_id
     where m.club_id = $1 and l.confirmed_at is not null
       and not exists (select 1 from public.referrals r where r.lead_table = %1$L and r.referred_id = m.lead_id
                        and (r.status = 'held' or r.reason = 'review-rejected'))$q$, t) into result using p_club;
  return result;
end
$$;

-- Moves the members and contacts of one club into another of the same table and marks it merged;
-- false (nothing written) when either is missing, they differ in table, or it was merged already.
create or replace function public.merge_clubs(p_from uuid, p_into uuid)
returns boolean
language plpgsql volatile set search_path = public
as $$
declare
  moved integer;
begin
  if p_from = p_into then return false; end if;
  update public.clubs f set status = 'merged', merged_into = p_into
   where f.id = p_from and f.status <> 'merged'
     and exists (select 1 from public.clubs i where i.id = p_into and i.lead_table = f.lead_table and i.status <> 'merged');
  get diagnostics moved = row_count;
  if moved = 0 then return false; end if;
  update public.club_members set club_id = p_into where club_id = p_from;
  insert into public.club_contacts (club_id, email, confirmed_at, created_at)
    select p_into, email, confirmed_at, created_at from public.club_contacts where club_id = p_from
    on conflict (club_id, email) do update set confirmed_at = coalesce(club_contacts.confirmed_at, excluded.confirmed_at);
  delete from public.club_contacts where club_id = p_from;
  return true;
end
$$;

revoke all on function public.club_summaries(text) from public, anon, authenticated;
revoke all on function public.club_counted_members(uuid) from public, anon, authenticated;
revoke all on function public.merge_clubs(uuid, uuid) from public, anon, authenticated;
grant execute on function public.club_summaries(text) to service_role;
grant execute on function public.club_counted_members(uuid) to service_role;
grant execute on function public.merge_clubs(uuid, uuid) to service_role;
