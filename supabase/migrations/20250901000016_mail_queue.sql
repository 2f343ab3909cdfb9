-- Mirror of migrations/0015_mail_queue.sql: the outbox row's queue message lease (enqueued_at), the
-- batch request whose outcome is unknown (batch_key) and the one send pacer every sender consults
-- (docs/decisions/024-mail-queue.md). Safe to run again.
alter table public.outbox add column if not exists enqueued_at timestamptz;
create index if not exists outbox_status_enqueued_at_idx on public.outbox (status, enqueued_at);
alter table public.outbox add column if not exists batch_key text;
create index if not exists outbox_batch_key_idx on public.outbox (batch_key) where batch_key is not null;

create table if not exists public.send_pacer (
  key text primary key,
  next_at bigint not null
);
alter table public.send_pacer enable row level security;
revoke all on table public.send_pacer from anon, authenticated;

-- Takes the next request slot of p_key (slots p_interval ms apart) if it starts by p_latest, in one
-- locked step, so parallel consumers never share a slot. Answers the slot's start (granted), or when
-- the next slot is free (not granted: paused or booked further than the caller may wait).
create or replace function public.reserve_send_slot(p_key text, p_now bigint, p_interval bigint, p_latest bigint)
returns table (granted boolean, slot_at bigint)
language plpgsql
set search_path = public
as $$
declare
  current_next bigint;
  start_at bigint;
begin
  insert into public.send_pacer (key, next_at) values (p_key, 0) on conflict (key) do nothing;
  select p.next_at into current_next from public.send_pacer p where p.key = p_key for update;
  start_at := greatest(current_next, p_now);
  if start_at <= p_latest then
    update public.send_pacer set next_at = start_at + p_interval where key = p_key;
    return query select true, start_at;
  else
    return query select false, current_next;
  end if;
end;
$$;

-- No slot of p_key starts before p_until (a 429's Retry-After): pauses every sender at once.
create or replace function public.pause_sends(p_key text, p_until bigint)
returns void
language sql
set search_path = public
as $$
  insert into public.send_pacer as p (key, next_at) values (p_key, p_until)
  on conflict (key) do update set next_at = greatest(p.next_at, excluded.next_at);
$$;

revoke all on function public.reserve_send_slot(text, bigint, bigint, bigint) from public, anon, authenticated;
grant execute on function public.reserve_send_slot(text, bigint, bigint, bigint) to service_role;
revoke all on function public.pause_sends(text, bigint) from public, anon, authenticated;
grant execute on function public.pause_sends(text, bigint) to service_role;
