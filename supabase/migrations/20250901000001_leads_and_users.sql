-- Lead tables (SPEC 3.1), one per variant, and the users record (SPEC 3.5), for Supabase Postgres.
-- The same shape as migrations/0001_leads_and_users.sql (D1), with native types.
--
-- Access: the Worker uses the service_role key (bypasses RLS). RLS is enabled on every table;
-- anon gets nothing; authenticated gets only select/update/delete, and the policies let only admins
-- through. The admin role is read from app_metadata (set by the server), never from user_metadata
-- (which the user can edit).

create table public.leads (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  hashed_email text,
  age_bands text[] not null default '{}',
  time_available text,
  children_count integer,
  step_completed smallint not null default 1 check (step_completed between 1 and 3),
  referred_by text,
  ref_code text,
  utm_source text,
  utm_medium text,
  utm_campaign text,
  utm_term text,
  utm_content text,
  referral_count integer not null default 0,
  email_verified boolean not null default false,
  followed_on_facebook boolean not null default false,
  copied_share_message boolean not null default false,
  copied_ref_link boolean not null default false,
  clicked_roadmap_button boolean not null default false,
  lead_source text not null default 'main_funnel'
    check (lead_source in ('main_funnel', 'guide_download', 'tips_download')),
  focus_areas text[] not null default '{}',
  goals text[] not null default '{}',
  biggest_concern text,
  plan_chosen text,
  billing_cycle text check (billing_cycle in ('monthly', 'yearly')),
  created_at timestamptz not null default now()
);

create index leads_email_idx on public.leads (email, created_at desc);
create unique index leads_ref_code_key on public.leads (ref_code);
create index leads_created_at_idx on public.leads (created_at desc, id desc);
create index leads_lead_source_idx on public.leads (lead_source, created_at desc);
create index leads_step_completed_idx on public.leads (step_completed, created_at desc);

alter table public.leads enable row level security;
revoke all on table public.leads from anon, authenticated;
grant select, update, delete on table public.leads to authenticated;
grant all on table public.leads to service_role;

create policy leads_admin_select on public.leads for select to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');
create policy leads_admin_update on public.leads for update to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin')
  with check (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');
create policy leads_admin_delete on public.leads for delete to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');

create table public.leads_icehockey (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  hashed_email text,
  age_bands text[] not null default '{}',
  time_available text,
  children_count integer,
  step_completed smallint not null default 1 check (step_completed between 1 and 3),
  referred_by text,
  ref_code text,
  utm_source text,
  utm_medium text,
  utm_campaign text,
  utm_term text,
  utm_content text,
  referral_count integer not null default 0,
  email_verified boolean not null default false,
  followed_on_facebook boolean not null default false,
  copied_share_message boolean not null default false,
  copied_ref_link boolean not null default false,
  clicked_roadmap_button boolean not null default false,
  lead_source text not null default 'main_funnel'
    check (lead_source in ('main_funnel', 'guide_download', 'tips_download')),
  focus_areas text[] not null default '{}',
  goals text[] not null default '{}',
  biggest_concern text,
  plan_chosen text,
  billing_cycle text check (billing_cycle in ('monthly', 'yearly')),
  created_at timestamptz not null default now()
);

create index leads_icehockey_email_idx on public.leads_icehockey (email, created_at desc);
create unique index leads_icehockey_ref_code_key on public.leads_icehockey (ref_code);
create index leads_icehockey_created_at_idx on public.leads_icehockey (created_at desc, id desc);
create index leads_icehockey_lead_source_idx on public.leads_icehockey (lead_source, created_at desc);
create index leads_icehockey_step_completed_idx on public.leads_icehockey (step_completed, created_at desc);

alter table public.leads_icehockey enable row level security;
revoke all on table public.leads_icehockey from anon, authenticated;
grant select, update, delete on table public.leads_icehockey to authenticated;
grant all on table public.leads_icehockey to service_role;

create policy leads_icehockey_admin_select on public.leads_icehockey for select to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');
create policy leads_icehockey_admin_update on public.leads_icehockey for update to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin')
  with check (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');
create policy leads_icehockey_admin_delete on public.leads_icehockey for delete to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');

create table public.leads_tennis (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  hashed_email text,
  age_bands text[] not null default '{}',
  time_available text,
  children_count integer,
  step_completed smallint not null default 1 check (step_completed between 1 and 3),
  referred_by text,
  ref_code text,
  utm_source text,
  utm_medium text,
  utm_campaign text,
  utm_term text,
  utm_content text,
  referral_count integer not null default 0,
  email_verified boolean not null default false,
  followed_on_facebook boolean not null default false,
  copied_share_message boolean not null default false,
  copied_ref_link boolean not null default false,
  clicked_roadmap_button boolean not null default false,
  lead_source text not null default 'main_funnel'
    check (lead_source in ('main_funnel', 'guide_download', 'tips_download')),
  focus_areas text[] not null default '{}',
  goals text[] not null default '{}',
  biggest_concern text,
  plan_chosen text,
  billing_cycle text check (billing_cycle in ('monthly', 'yearly')),
  created_at timestamptz not null default now()
);

create index leads_tennis_email_idx on public.leads_tennis (email, created_at desc);
create unique index leads_tennis_ref_code_key on public.leads_tennis (ref_code);
create index leads_tennis_created_at_idx on public.leads_tennis (created_at desc, id desc);
create index leads_tennis_lead_source_idx on public.leads_tennis (lead_source, created_at desc);
create index leads_tennis_step_completed_idx on public.leads_tennis (step_completed, created_at desc);

alter table public.leads_tennis enable row level security;
revoke all on table public.leads_tennis from anon, authenticated;
grant select, update, delete on table public.leads_tennis to authenticated;
grant all on table public.leads_tennis to service_role;

create policy leads_tennis_admin_select on public.leads_tennis for select to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');
create policy leads_tennis_admin_update on public.leads_tennis for update to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin')
  with check (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');
create policy leads_tennis_admin_delete on public.leads_tennis for delete to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');

create table public.users (
  id uuid primary key,
  email text,
  name text,
  lead_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index users_email_idx on public.users (email);

alter table public.users enable row level security;
revoke all on table public.users from anon, authenticated;
grant select, update, delete on table public.users to authenticated;
grant all on table public.users to service_role;

create policy users_admin_select on public.users for select to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');
create policy users_admin_update on public.users for update to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin')
  with check (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');
create policy users_admin_delete on public.users for delete to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');

-- Stat cards of the admin page in one round trip (PostgREST has no aggregates by default).
-- The table name is checked against the allow-list before it is quoted into the query.
create function public.lead_stats(lead_table text) returns jsonb
language plpgsql stable security invoker set search_path = public
as $$
declare
  result jsonb;
begin
  if lead_table is null or lead_table not in ('leads', 'leads_icehockey', 'leads_tennis') then
    raise exception 'Unknown lead table: %', lead_table using errcode = '22023';
  end if;
  execute format($q$
    select jsonb_build_object(
      'total', (select count(*) from %1$I),
      'completed', (select count(*) from %1$I where step_completed = 3),
      'referrals', (select count(*) from %1$I where coalesce(referred_by, '') <> ''),
      'bySource', coalesce((select jsonb_object_agg(lead_source, n)
                              from (select lead_source, count(*) as n from %1$I group by lead_source) s), '{}'::jsonb),
      'byPlan', coalesce((select jsonb_object_agg(plan_chosen, n)
                            from (select plan_chosen, count(*) as n from %1$I
                                   where coalesce(plan_chosen, '') <> '' group by plan_chosen) p), '{}'::jsonb)
    )$q$, lead_table)
  into result;
  return result;
end
$$;

revoke all on function public.lead_stats(text) from public, anon, authenticated;
grant execute on function public.lead_stats(text) to service_role;
