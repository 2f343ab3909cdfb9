-- Every e-mail the site sends, written before it is handed to the transport (DESIGN "E-mail").
-- Only the service role (server-side) reads or writes it: RLS on, no policies, no grants to clients.
create table if not exists public.outbox (
  id uuid primary key,
  template text not null,
  variant text not null,
  recipient text not null,
  subject text not null,
  html text not null,
  text text not null,
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed', 'dead')),
  attempts integer not null default 0,
  last_error text,
  provider_message_id text,
  next_attempt_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index if not exists outbox_status_next_attempt_idx on public.outbox (status, next_attempt_at);
create index if not exists outbox_created_at_idx on public.outbox (created_at);

alter table public.outbox enable row level security;
revoke all on table public.outbox from anon, authenticated;
