-- A club admitted as a whole: the Postgres mirror of migrations/0034_wave_club.sql
-- (docs/decisions/039-clubs.md). waves.club_id keeps the club a club wave admitted (NULL for a wave
-- of the line), with no foreign key on purpose: a club removed later leaves the id, so the wave still
-- reads as a club's wave. admit_wave() writes it with the wave; wave_figures() answers the club's
-- name and city as they are now, a merged club's as the club that stays. Safe to run again.
alter table public.waves add column if not exists club_id uuid;

create or replace function public.admit_wave(wave jsonb, members jsonb) returns jsonb
language plpgsql volatile set search_path = public
as $$
declare
  made public.waves;
  existing public.waves;
begin
  perform public.check_lead_table(wave->>'lead_table');
  insert into public.waves (id, lead_table, variant, seq, size_asked, created_at, created_by, club_id)
  values ((wave->>'id')::uuid, wave->>'lead_table', wave->>'variant', (wave->>'seq')::integer,
          (wave->>'size_asked')::integer, (wave->>'created_at')::timestamptz, wave->>'created_by',
          (wave->>'club_id')::uuid)
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

-- The result gains columns, so the function is dropped and made again (create or replace cannot).
drop function if exists public.wave_figures(text, timestamptz);
create function public.wave_figures(p_table text, p_at timestamptz)
returns table (
  id uuid, lead_table text, variant text, seq integer, size_asked integer, created_at timestamptz, created_by text,
  admitted integer, invited integer, opened integer, accepted integer, accounts integer, expired integer, last_place integer,
  club_id uuid, club_name text, club_city text
)
language sql stable set search_path = public
as $$
  select w.id, w.lead_table, w.variant, w.seq, w.size_asked, w.created_at, w.created_by,
         count(m.lead_id)::integer, count(m.invite_sent_at)::integer, count(m.invite_opened_at)::integer,
         count(m.accepted_at)::integer, count(m.account_created_at)::integer,
         count(*) filter (where m.lead_id is not null and m.accepted_at is null and m.invite_expires_at <= p_at)::integer,
         max(m.place)::integer,
         w.club_id, coalesce(kept.name, c.name), coalesce(kept.city, c.city)
    from public.waves w
    left join public.wave_members m on m.wave_id = w.id
    left join public.clubs c on c.id = w.club_id
    -- A merge points at the club that stays (chains are pointed at their end), so one hop is enough.
    left join public.clubs kept on kept.id = c.merged_into and c.status = 'merged'
   where w.lead_table = p_table
   group by w.id, c.id, kept.id
   order by w.seq desc
$$;

revoke all on function public.wave_figures(text, timestamptz) from public, anon, authenticated;
grant execute on function public.wave_figures(text, timestamptz) to service_role;
