-- New leads per client IP (docs/decisions/011-bot-guard.md), the Postgres mirror of
-- migrations/0007_lead_ip_counts.sql. The address is never stored: ip_hash is SHA-256 of it with
-- the signing secret. Only the service role (server-side) reads or writes: RLS on, no policies.
create table if not exists public.lead_ip_counts (
  ip_hash text not null,
  bucket text not null,
  count integer not null default 0,
  expires_at timestamptz not null,
  primary key (ip_hash, bucket)
);
create index if not exists lead_ip_counts_expires_at_idx on public.lead_ip_counts (expires_at);

alter table public.lead_ip_counts enable row level security;
revoke all on table public.lead_ip_counts from anon, authenticated;
grant all on table public.lead_ip_counts to service_role;

-- Counts one new lead in each of the given windows at once and answers the new counts, in the
-- order given; deletes expired windows on the way. PostgREST cannot add one to a column itself.
create or replace function public.count_lead_ip(p_ip_hash text, p_buckets text[], p_expires timestamptz[])
returns integer[]
language plpgsql
set search_path = public
as $$
declare
  result integer[] := '{}';
  counted integer;
begin
  delete from public.lead_ip_counts where expires_at < now();
  for i in 1 .. coalesce(array_length(p_buckets, 1), 0) loop
    insert into public.lead_ip_counts as c (ip_hash, bucket, count, expires_at)
    values (p_ip_hash, p_buckets[i], 1, p_expires[i])
    on conflict (ip_hash, bucket) do update set count = c.count + 1
    returning c.count into counted;
    result := result || counted;
  end loop;
  return result;
end;
$$;

revoke all on function public.count_lead_ip(text, text[], timestamptz[]) from public, anon, authenticated;
grant execute on function public.count_lead_ip(text, text[], timestamptz[]) to service_role;
