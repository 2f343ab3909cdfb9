-- Proof of consent: the Postgres mirror of migrations/0013_consent_records.sql. The address is never
-- kept: ip_hash is SHA-256 of it with the signing secret and the day.
-- Only the service role (server-side) reads or writes: RLS on, no policies.
create table if not exists public.consent_records (
  id uuid primary key,
  variant text not null,
  choice text not null check (choice in ('granted', 'denied')),
  policy_version text not null,
  ip_hash text not null,
  created_at timestamptz not null default now()
);
create index if not exists consent_records_created_at_idx on public.consent_records (created_at);

alter table public.consent_records enable row level security;
revoke all on table public.consent_records from anon, authenticated;
grant all on table public.consent_records to service_role;

-- Retention (app/trust/retention.server.ts): placeholder leads a visitor left before giving an
-- e-mail, with the pending referrals they were part of; purge_unconfirmed's rule with the e-mail
-- condition and its own, shorter period.
create or replace function public.purge_placeholders(lead_table text, before timestamptz) returns integer
language plpgsql volatile set search_path = public
as $$
declare
  deleted integer;
begin
  perform public.check_lead_table(lead_table);
  execute format($q$
    with doomed as (
      select id from %1$I where not email_verified and email = 'pending@placeholder.invalid' and created_at < $1
    ),
    gone_refs as (
      delete from public.referrals r where r.lead_table = %1$L and r.status = 'pending'
        and (r.referred_id in (select id from doomed) or r.referrer_id in (select id from doomed))
    )
    delete from %1$I t using doomed where t.id = doomed.id$q$, lead_table) using before;
  get diagnostics deleted = row_count;
  return deleted;
end
$$;

revoke all on function public.purge_placeholders(text, timestamptz) from public, anon, authenticated;
grant execute on function public.purge_placeholders(text, timestamptz) to service_role;
