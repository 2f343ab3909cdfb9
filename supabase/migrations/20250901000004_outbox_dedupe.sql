-- One e-mail per dedupe key ("prelaunch:{table}:{leadId}", "welcome:{userId}", "api:{Idempotency-Key}"):
-- the outbox adapter upserts with on_conflict=dedupe_key and ignore-duplicates (INSERT ... ON CONFLICT
-- (dedupe_key) DO NOTHING), so a retry, a reload or a parallel request with the same key finds the
-- first row and sends nothing. The key is also the provider's Idempotency-Key (at most 256 characters).
-- A row written before keys existed was its own mail: its key is its id. Safe to run again.
alter table public.outbox add column if not exists dedupe_key text;
update public.outbox set dedupe_key = id::text where dedupe_key is null;
alter table public.outbox alter column dedupe_key set not null;

create unique index if not exists outbox_dedupe_key_idx on public.outbox (dedupe_key);
alter table public.outbox drop constraint if exists outbox_dedupe_key_length;
alter table public.outbox add constraint outbox_dedupe_key_length check (char_length(dedupe_key) between 1 and 256);

-- The cron also looks for pending rows left behind by a send that died (status, updated_at).
create index if not exists outbox_status_updated_at_idx on public.outbox (status, updated_at);

-- Still only the service role (server-side) reads or writes it: RLS on, no policies, no grants to clients.
alter table public.outbox enable row level security;
revoke all on table public.outbox from anon, authenticated;
