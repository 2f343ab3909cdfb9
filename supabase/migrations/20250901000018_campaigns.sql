-- Launch-day announcements: the Postgres mirror of migrations/0017_campaigns.sql and the functions
-- the Supabase campaign store calls (docs/decisions/026-announcements.md). Only the service role
-- (the Worker) reads or writes: RLS on, no policies. Safe to run again.
create table if not exists public.campaigns (
  id uuid primary key,
  form_key text not null unique,
  content_key text not null unique,
  scope text not null,
  early_access_date text not null,
  message text not null,
  cta_label text not null,
  cta_url text not null,
  origin text not null,
  created_by text not null,
  created_at timestamptz not null,
  send_at timestamptz not null,
  status text not null default 'scheduled' check (status in ('scheduled', 'sending', 'written')),
  audience integer not null default 0,
  written integer not null default 0,
  excluded integer not null default 0,
  cursor text,
  lease_until timestamptz,
  started_at timestamptz,
  written_at timestamptz,
  updated_at timestamptz not null
);
create index if not exists campaigns_status_send_at_idx on public.campaigns (status, send_at);
create index if not exists campaigns_created_at_idx on public.campaigns (created_at);
alter table public.campaigns enable row level security;
revoke all on table public.campaigns from anon, authenticated;
grant all on table public.campaigns to service_role;

-- Writes the campaign unless its form key or content key is taken; the stored row and whether this call wrote it.
create or replace function public.campaign_create(p jsonb) returns jsonb
language plpgsql set search_path = public
as $$
declare
  written integer;
  stored public.campaigns;
begin
  insert into public.campaigns (id, form_key, content_key, scope, early_access_date, message, cta_label, cta_url,
                                origin, created_by, created_at, send_at, audience, status, updated_at)
  values ((p->>'id')::uuid, p->>'form_key', p->>'content_key', p->>'scope', p->>'early_access_date', p->>'message',
          p->>'cta_label', p->>'cta_url', p->>'origin', p->>'created_by', (p->>'created_at')::timestamptz,
          (p->>'send_at')::timestamptz, coalesce((p->>'audience')::integer, 0), 'scheduled', (p->>'created_at')::timestamptz)
  on conflict do nothing;
  get diagnostics written = row_count;
  select * into stored from public.campaigns c
  where c.form_key = p->>'form_key' or c.content_key = p->>'content_key'
  order by c.created_at limit 1;
  return jsonb_build_object('created', written = 1 and stored.id = (p->>'id')::uuid, 'campaign', to_jsonb(stored));
end
$$;

create or replace function public.campaign_due(p_now timestamptz, p_limit integer) returns setof public.campaigns
language sql stable set search_path = public
as $$
  select * from public.campaigns
  where (status = 'scheduled' and send_at <= p_now)
     or (status = 'sending' and (lease_until is null or lease_until <= p_now))
  order by send_at, id limit p_limit;
$$;

create or replace function public.campaign_acquire(p_id uuid, p_now timestamptz, p_lease timestamptz, p_audience integer)
returns setof public.campaigns
language sql set search_path = public
as $$
  update public.campaigns set
    audience = case when status = 'scheduled' then p_audience else audience end,
    started_at = coalesce(started_at, p_now),
    status = 'sending', lease_until = p_lease, updated_at = p_now
  where id = p_id
    and ((status = 'scheduled' and send_at <= p_now) or status = 'sending')
    and (lease_until is null or lease_until <= p_now)
  returning *;
$$;

create or replace function public.campaign_advance(p_id uuid, p_lease timestamptz, p_cursor text, p_written integer,
                                                   p_excluded integer, p_done boolean, p_next_lease timestamptz, p_now timestamptz)
returns boolean
language plpgsql set search_path = public
as $$
declare
  changed integer;
begin
  update public.campaigns set cursor = p_cursor, written = written + p_written, excluded = excluded + p_excluded,
    status = case when p_done then 'written' else status end,
    written_at = case when p_done then p_now else written_at end,
    lease_until = p_next_lease, updated_at = p_now
  where id = p_id and lease_until = p_lease and status = 'sending';
  get diagnostics changed = row_count;
  return changed = 1;
end
$$;

-- Confirmed parents of a lead table after a confirmation number, in confirmation order.
create or replace function public.campaign_audience(lead_table text, p_after integer, p_limit integer)
returns table (id uuid, email text, confirm_seq integer)
language plpgsql stable set search_path = public
as $$
begin
  perform public.check_lead_table(lead_table);
  return query execute format(
    'select id, email, confirm_seq from public.%I where confirm_seq is not null and confirm_seq > $1 order by confirm_seq limit $2',
    lead_table) using p_after, p_limit;
end
$$;

create or replace function public.campaign_unconfirmed(lead_table text, p_pending text) returns integer
language plpgsql stable set search_path = public
as $$
declare
  n integer;
begin
  perform public.check_lead_table(lead_table);
  execute format('select count(*)::int from public.%I where confirm_seq is null and email <> $1', lead_table)
    into n using p_pending;
  return n;
end
$$;

-- A campaign's outbox rows by status: its dedupe keys are campaign:{id}:..., a range of the unique key index.
create or replace function public.campaign_progress(p_from text, p_to text)
returns table (status text, n integer)
language sql stable set search_path = public
as $$
  -- A row erased before it was sent (made dead under an erased: recipient) was skipped, not failed.
  select case when o.status = 'dead' and o.recipient like 'erased:%' then 'skipped' else o.status end, count(*)::int
  from public.outbox o
  where o.dedupe_key >= p_from and o.dedupe_key < p_to group by 1;
$$;

create or replace function public.campaign_restamp(p_from text, p_to text, p_now timestamptz, p_lease_before timestamptz, p_limit integer)
returns table (id uuid)
language sql set search_path = public
as $$
  update public.outbox o set enqueued_at = p_now
  where o.id in (
    select s.id from public.outbox s
    where s.dedupe_key >= p_from and s.dedupe_key < p_to
      and s.enqueued_at is not null and s.enqueued_at <= p_lease_before
      and (s.status = 'pending' or (s.status = 'failed' and s.next_attempt_at <= p_lease_before))
    limit p_limit for update skip locked)
  returning o.id;
$$;

revoke all on function public.campaign_create(jsonb) from public, anon, authenticated;
revoke all on function public.campaign_due(timestamptz, integer) from public, anon, authenticated;
revoke all on function public.campaign_acquire(uuid, timestamptz, timestamptz, integer) from public, anon, authenticated;
revoke all on function public.campaign_advance(uuid, timestamptz, text, integer, integer, boolean, timestamptz, timestamptz) from public, anon, authenticated;
revoke all on function public.campaign_audience(text, integer, integer) from public, anon, authenticated;
revoke all on function public.campaign_unconfirmed(text, text) from public, anon, authenticated;
revoke all on function public.campaign_progress(text, text) from public, anon, authenticated;
revoke all on function public.campaign_restamp(text, text, timestamptz, timestamptz, integer) from public, anon, authenticated;
grant execute on function public.campaign_create(jsonb) to service_role;
grant execute on function public.campaign_due(timestamptz, integer) to service_role;
grant execute on function public.campaign_acquire(uuid, timestamptz, timestamptz, integer) to service_role;
grant execute on function public.campaign_advance(uuid, timestamptz, text, integer, integer, boolean, timestamptz, timestamptz) to service_role;
grant execute on function public.campaign_audience(text, integer, integer) to service_role;
grant execute on function public.campaign_unconfirmed(text, text) to service_role;
grant execute on function public.campaign_progress(text, text) to service_role;
grant execute on function public.campaign_restamp(text, text, timestamptz, timestamptz, integer) to service_role;
