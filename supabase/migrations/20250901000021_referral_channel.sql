-- The channel a referral link was shared through (issue 34): the Postgres mirror of
-- migrations/0018_referral_channel.sql, and the count by channel the admin console reads. Safe to run again.
alter table public.referrals add column if not exists channel text;

create or replace function public.referral_channels(lead_table text) returns table (channel text, count bigint)
language sql stable set search_path = public
as $$
  select r.channel, count(*) from public.referrals r
  where r.lead_table = referral_channels.lead_table and r.status = 'credited'
  group by r.channel
  order by count(*) desc, r.channel asc nulls last;
$$;
revoke all on function public.referral_channels(text) from public, anon, authenticated;
grant execute on function public.referral_channels(text) to service_role;
