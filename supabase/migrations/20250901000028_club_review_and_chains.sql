-- Clubs: the Postgres mirror of migrations/0025_club_review_and_chains.sql (docs/decisions/039-clubs.md):
-- duplicate_of (a same-name registration waits for review), register_club() (the club and its first
-- contact in one transaction), the fair count in club_summaries() and club_counted_members() (one
-- family per inbox, no disposable address), and merge_clubs() pointing earlier merges at the club
-- that stays. Safe to run again.
alter table public.clubs add column if not exists duplicate_of uuid;

-- A club merged into a club that was merged on later pointed at the middle one: point it at the end.
with recursive chain (id, into_id, depth) as (
  select id, merged_into, 1 from public.clubs where status = 'merged' and merged_into is not null
  union all
  select chain.id, c.merged_into, chain.depth + 1 from chain join public.clubs c on c.id = chain.into_id
   where c.status = 'merged' and c.merged_into is not null and chain.depth < 20
)
update public.clubs f set merged_into = (select into_id from chain where chain.id = f.id order by depth desc limit 1)
 where f.status = 'merged' and f.merged_into is not null;

-- Writes the club unless its slug is taken, with the address as its first (unconfirmed) contact, in one
-- transaction; answers the club under the slug with created (written now) and contact (the address
-- is one of its contacts). Another address never becomes a contact of an existing club here.
create or replace function public.register_club(p_club jsonb, p_email text)
returns jsonb
language plpgsql volatile set search_path = public
as $$
declare
  made integer;
  stored public.clubs;
begin
  insert into public.clubs (id, lead_table, variant, slug, name, city, sport, created_at, duplicate_of)
  values ((p_club->>'id')::uuid, p_club->>'lead_table', p_club->>'variant', p_club->>'slug', p_club->>'name',
          p_club->>'city', p_club->>'sport', (p_club->>'created_at')::timestamptz, (p_club->>'duplicate_of')::uuid)
  on conflict (lead_table, slug) do nothing;
  get diagnostics made = row_count;
  if made > 0 then
    insert into public.club_contacts (club_id, email, created_at)
    values ((p_club->>'id')::uuid, p_email, (p_club->>'created_at')::timestamptz)
    on conflict do nothing;
  end if;
  select * into stored from public.clubs where lead_table = p_club->>'lead_table' and slug = p_club->>'slug';
  return to_jsonb(stored) || jsonb_build_object(
    'created', made > 0,
    'contact', exists (select 1 from public.club_contacts k where k.club_id = stored.id and k.email = p_email));
end
$$;

-- Each club of a lead table with its figures: families = confirmed members whose referral credit is
-- neither held nor rejected on review, whose address is not disposable, one per inbox (the
-- normalised address); unconfirmed = members not confirmed yet.
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
      'families', (select count(distinct coalesce(l.normalized_email, l.email)) from public.club_members m join %1$I l on l.id = m.lead_id
                    where m.club_id = c.id and l.confirmed_at is not null
                      and not ('disposable-domain' = any (l.risk_flags))
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

-- The members a club counts, oldest join first, the first of each inbox: the ones a club wave admits.
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
    select coalesce(jsonb_agg(lead_id order by joined_at, lead_id), '[]'::jsonb) from (
      select m.lead_id, m.joined_at,
             row_number() over (partition by coalesce(l.normalized_email, l.email) order by m.joined_at, m.lead_id) as nth
        from public.club_members m join %1$I l on l.id = m.lead_id
       where m.club_id = $1 and l.confirmed_at is not null
         and not ('disposable-domain' = any (l.risk_flags))
         and not exists (select 1 from public.referrals r where r.lead_table = %1$L and r.referred_id = m.lead_id
                          and (r.status = 'held' or r.reason = 'review-rejected'))) counted
     where nth = 1$q$, t) into result using p_club;
  return result;
end
$$;

-- Moves the members and contacts of one club into another of the same table and marks it merged,
-- pointing the clubs merged into it before at the club that stays; false (nothing written) when
-- either is missing, they differ in table, or it was merged already.
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
  update public.clubs set merged_into = p_into where merged_into = p_from and status = 'merged';
  update public.club_members set club_id = p_into where club_id = p_from;
  insert into public.club_contacts (club_id, email, confirmed_at, created_at)
    select p_into, email, confirmed_at, created_at from public.club_contacts where club_id = p_from
    on conflict (club_id, email) do update set confirmed_at = coalesce(club_contacts.confirmed_at, excluded.confirmed_at);
  delete from public.club_contacts where club_id = p_from;
  return true;
end
$$;

revoke all on function public.register_club(jsonb, text) from public, anon, authenticated;
grant execute on function public.register_club(jsonb, text) to service_role;
