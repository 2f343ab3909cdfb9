-- Signed webhooks out (issue 35, docs/decisions/038-webhooks.md): the Postgres mirror of
-- migrations/0021_webhooks.sql. Safe to run again.

create table if not exists public.webhook_endpoints (
  id text primary key,
  url text not null,
  events jsonb not null,
  secret text not null,
  previous_secret text,
  previous_secret_expires_at timestamptz,
  enabled boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.webhook_endpoints enable row level security;
revoke all on table public.webhook_endpoints from anon, authenticated;
grant all on table public.webhook_endpoints to service_role;

create table if not exists public.webhook_deliveries (
  id text primary key,
  event_id text not null,
  endpoint_id text not null,
  event_type text not null,
  payload text not null,
  status text not null default 'pending' check (status in ('pending', 'delivered', 'dead')),
  attempts integer not null default 0,
  last_response_code integer,
  last_latency_ms integer,
  next_attempt_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index if not exists webhook_deliveries_event_endpoint_key on public.webhook_deliveries (event_id, endpoint_id);
create index if not exists webhook_deliveries_due_idx on public.webhook_deliveries (status, next_attempt_at);
create index if not exists webhook_deliveries_created_idx on public.webhook_deliveries (created_at);
alter table public.webhook_deliveries enable row level security;
revoke all on table public.webhook_deliveries from anon, authenticated;
grant all on table public.webhook_deliveries to service_role;
