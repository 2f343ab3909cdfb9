-- First-party funnel analytics, the Postgres mirror of migrations/0009_analytics.sql
-- (docs/decisions/012-funnel-analytics.md). Anonymous: no e-mail, no IP, no lead id; session_id is a
-- random id from the visitor's session cookie. A session counts an event once per variant; rows
-- without a session (a landing with no cookie) are each counted (NULLs are distinct in a unique index).
-- analytics_daily holds the dashboard's counts, kept by a trigger in the inserting transaction.
-- Only the service role (the Worker) reads or writes: RLS on, no policies.
create table if not exists public.analytics_events (
  id bigint generated always as identity primary key,
  name text not null,
  variant text not null,
  day date not null,
  session_id text,
  utm_source text not null default '',
  utm_medium text not null default '',
  utm_campaign text not null default '',
  has_referrer boolean not null default false,
  js text not null default 'unknown' check (js in ('on', 'off', 'unknown')),
  created_at timestamptz not null default now()
);
create unique index if not exists analytics_events_once_key on public.analytics_events (session_id, variant, name);
create index if not exists analytics_events_day_idx on public.analytics_events (day);

-- Per variant, day, event, UTM campaign and source: what the dashboard filters and groups by.
create table if not exists public.analytics_daily (
  variant text not null,
  day date not null,
  name text not null,
  utm_campaign text not null,
  utm_source text not null,
  count integer not null default 0,
  primary key (variant, day, name, utm_campaign, utm_source)
);
create index if not exists analytics_daily_campaign_idx on public.analytics_daily (utm_campaign, variant, day, name, utm_source) include (count);
create index if not exists analytics_daily_source_idx on public.analytics_daily (utm_source, variant, day, name, utm_campaign) include (count);
-- The same counts without UTM, for a dashboard without UTM filters.
create table if not exists public.analytics_daily_totals (
  variant text not null,
  day date not null,
  name text not null,
  count integer not null default 0,
  primary key (variant, day, name)
);
create index if not exists referrals_analytics_created_idx on public.referrals (lead_table, created_at, referrer_id, status);
create index if not exists referrals_analytics_credit_idx on public.referrals (lead_table, status, referrer_id, credited_at);

create or replace function public.analytics_events_rollup() returns trigger
language plpgsql set search_path = public
as $$
begin
  insert into public.analytics_daily as d (variant, day, name, utm_campaign, utm_source, count)
  values (new.variant, new.day, new.name, new.utm_campaign, new.utm_source, 1)
  on conflict (variant, day, name, utm_campaign, utm_source)
  do update set count = d.count + 1;
  insert into public.analytics_daily_totals as t (variant, day, name, count)
  values (new.variant, new.day, new.name, 1)
  on conflict (variant, day, name) do update set count = t.count + 1;
  return new;
end
$$;

drop trigger if exists analytics_events_rollup on public.analytics_events;
create trigger analytics_events_rollup after insert on public.analytics_events
  for each row execute function public.analytics_events_rollup();

alter table public.analytics_events enable row level security;
alter table public.analytics_daily enable row level security;
alter table public.analytics_daily_totals enable row level security;
revoke all on table public.analytics_events from anon, authenticated;
revoke all on table public.analytics_daily from anon, authenticated;
revoke all on table public.analytics_daily_totals from anon, authenticated;
grant all on table public.analytics_events to service_role;
grant all on table public.analytics_daily to service_role;
grant all on table public.analytics_daily_totals to service_role;

-- Records one event; true when it was counted (false: this session had it already).
create or replace function public.record_analytics_event(
  p_name text, p_variant text, p_day date, p_session_id text, p_utm_source text, p_utm_medium text,
  p_utm_campaign text, p_has_referrer boolean, p_js text
) returns boolean
language plpgsql volatile set search_path = public
as $$
declare
  inserted bigint;
begin
  insert into public.analytics_events (name, variant, day, session_id, utm_source, utm_medium, utm_campaign, has_referrer, js)
  values (p_name, p_variant, p_day, p_session_id, p_utm_source, p_utm_medium, p_utm_campaign, p_has_referrer, p_js)
  on conflict (session_id, variant, name) do nothing
  returning id into inserted;
  return inserted is not null;
end
$$;

-- The dashboard's counts per day and event, for the variants, days and UTM filters given.
create or replace function public.analytics_counts(
  p_variants text[], p_from date, p_to date, p_utm_source text, p_utm_campaign text
) returns table (day date, name text, count bigint)
language sql stable set search_path = public
as $$
  select d.day, d.name, sum(d.count)::bigint
    from public.analytics_daily d
   where (p_utm_source is not null or p_utm_campaign is not null)
     and d.variant = any (p_variants) and d.day between p_from and p_to
     and (p_utm_source is null or d.utm_source = p_utm_source)
     and (p_utm_campaign is null or d.utm_campaign = p_utm_campaign)
   group by d.day, d.name
  union all
  select t.day, t.name, sum(t.count)::bigint
    from public.analytics_daily_totals t
   where p_utm_source is null and p_utm_campaign is null
     and t.variant = any (p_variants) and t.day between p_from and p_to
   group by t.day, t.name
$$;

-- Top referrers of one lead table by referrals made between p_from and p_to (exclusive), with their flags.
create or replace function public.analytics_referrers(p_table text, p_from timestamptz, p_to timestamptz, p_limit integer)
returns table (referrer_id uuid, email text, ref_code text, risk_flags text[], credited bigint, pending bigint, rejected bigint)
language plpgsql stable set search_path = public
as $$
begin
  perform public.check_lead_table(p_table);
  return query execute format($q$
    select r.referrer_id, l.email, l.ref_code, l.risk_flags,
           count(*) filter (where r.status = 'credited'), count(*) filter (where r.status = 'pending'),
           count(*) filter (where r.status = 'rejected')
      from public.referrals r join %1$I l on l.id = r.referrer_id
     where r.lead_table = %1$L and r.created_at >= $1 and r.created_at < $2
     group by r.referrer_id, l.email, l.ref_code, l.risk_flags
     order by 5 desc, 6 desc, l.email
     limit $3$q$, p_table) using p_from, p_to, p_limit;
end
$$;

-- Hours from a referrer joining to their first credited referral, for first credits in the period.
create or replace function public.analytics_credit_hours(p_table text, p_from timestamptz, p_to timestamptz)
returns table (hours double precision)
language plpgsql stable set search_path = public
as $$
begin
  perform public.check_lead_table(p_table);
  return query execute format($q$
    select (extract(epoch from (f.first_credit - l.created_at)) / 3600.0)::double precision
      from (select r.referrer_id, min(r.credited_at) as first_credit from public.referrals r
             where r.lead_table = %1$L and r.status = 'credited'
             group by r.referrer_id
            having min(r.credited_at) >= $1 and min(r.credited_at) < $2) f
      join %1$I l on l.id = f.referrer_id$q$, p_table) using p_from, p_to;
end
$$;

revoke all on function public.record_analytics_event(text, text, date, text, text, text, text, boolean, text) from public, anon, authenticated;
revoke all on function public.analytics_counts(text[], date, date, text, text) from public, anon, authenticated;
revoke all on function public.analytics_referrers(text, timestamptz, timestamptz, integer) from public, anon, authenticated;
revoke all on function public.analytics_credit_hours(text, timestamptz, timestamptz) from public, anon, authenticated;
grant execute on function public.record_analytics_event(text, text, date, text, text, text, text, boolean, text) to service_role;
grant execute on function public.analytics_counts(text[], date, date, text, text) to service_role;
grant execute on function public.analytics_referrers(text, timestamptz, timestamptz, integer) to service_role;
grant execute on function public.analytics_credit_hours(text, timestamptz, timestamptz) to service_role;
