-- Addresses we must not mail: the Postgres mirror of migrations/0010_suppressions.sql.
-- email_hash is SHA-256 of the trimmed, lower-cased address; the address itself is never kept.
-- Only the service role (server-side) reads or writes: RLS on, no policies.
create table if not exists public.suppressions (
  email_hash text not null,
  scope text not null check (scope in ('all', 'marketing')),
  reason text not null check (reason in ('unsubscribe', 'bounce', 'complaint', 'erasure')),
  created_at timestamptz not null default now(),
  primary key (email_hash, scope)
);

alter table public.suppressions enable row level security;
revoke all on table public.suppressions from anon, authenticated;
grant all on table public.suppressions to service_role;
