-- Mirror of migrations/0011_outbox_skipped.sql: a mail to a suppressed address is recorded as
-- 'skipped' (never handed to the mail API, never retried), and a template mail keeps the site
-- origin its links were built against (the List-Unsubscribe header is rebuilt from it at every
-- attempt). Safe to run again.
alter table public.outbox drop constraint if exists outbox_status_check;
alter table public.outbox add constraint outbox_status_check
  check (status in ('pending', 'sent', 'failed', 'dead', 'skipped'));

alter table public.outbox add column if not exists origin text;

-- Still only the service role (server-side) reads or writes it: RLS on, no policies, no grants to clients.
alter table public.outbox enable row level security;
revoke all on table public.outbox from anon, authenticated;
