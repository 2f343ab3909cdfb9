-- Facts and their reactions: the Postgres mirror of migrations/0035_facts.sql
-- (docs/decisions/046-facts-and-reactions.md). admit_wave() gains the wave's fact, written in the
-- same transaction as the wave and only by the call that made it. Only the service role (the
-- Worker) reads or writes: RLS on, no policies. Safe to run again.
create table if not exists public.facts (
  id text primary key,
  type text not null,
  payload jsonb not null,
  created_at timestamptz not null,
  handled_at timestamptz
);
create index if not exists facts_unhandled_idx on public.facts (created_at) where handled_at is null;

create table if not exists public.fact_handlings (
  fact_id text not null references public.facts (id) on delete cascade,
  handler text not null,
  status text not null default 'pending' check (status in ('pending', 'done', 'dead')),
  attempts integer not null default 0,
  last_error text,
  updated_at timestamptz not null,
  done_at timestamptz,
  primary key (fact_id, handler)
);
create index if not exists fact_handlings_dead_idx on public.fact_handlings (updated_at) where status = 'dead';

alter table public.facts enable row level security;
alter table public.fact_handlings enable row level security;
revoke all on table public.facts from anon, authenticated;
revoke all on table public.fact_handlings from anon, authenticated;
grant all on table public.facts to service_role;
grant all on table public.fact_handlings to service_role;

drop function if exists public.admit_wave(jsonb, jsonb);
create or replace function public.admit_wave(wave jsonb, members jsonb, fact jsonb default null) returns jsonb
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
  if fact is not null then
    insert into public.facts (id, type, payload, created_at)
    values (fact->>'id', fact->>'type', fact->'payload', (fact->>'created_at')::timestamptz)
    on conflict (id) do nothing;
  end if;
  return jsonb_build_object('created', true, 'wave', to_jsonb(made));
end
$$;

revoke all on function public.admit_wave(jsonb, jsonb, jsonb) from public, anon, authenticated;
grant execute on function public.admit_wave(jsonb, jsonb, jsonb) to service_role;
