-- Self-serve access and erasure (docs/decisions/014-erasure.md): the Postgres
-- mirror of migrations/0012_erasure_log.sql, and the two functions the Supabase trust store calls.
-- Only the service role (the Worker) may call them or touch the log: RLS on, no policies.

create table if not exists public.erasure_log (
  id uuid primary key default gen_random_uuid(),
  at timestamptz not null default now(),
  -- Rows each table lost or had anonymised, e.g. {"leads":1,"outbox":3}. No e-mail, no hash, no ids.
  tables jsonb not null default '{}'::jsonb,
  source text not null check (source in ('self', 'admin'))
);
create index if not exists erasure_log_at_idx on public.erasure_log (at);
alter table public.erasure_log enable row level security;
revoke all on table public.erasure_log from anon, authenticated;
grant all on table public.erasure_log to service_role;

-- Everything held about an address (compared trimmed and lower-cased), for the parent's download.
-- Other parents appear only as referral ids, statuses and dates; accounts never carry secrets.
-- security definer: Supabase Auth's accounts live in auth.users, which only the owner may read.
create or replace function public.parent_data(p_email text) returns jsonb
language plpgsql stable security definer set search_path = public
as $$
declare
  addr text := lower(btrim(p_email));
  t text;
  ids uuid[];
  all_ids uuid[] := '{}';
  leads jsonb := '[]'::jsonb;
  rows jsonb;
  as_referrer jsonb := '[]'::jsonb;
  as_referred jsonb := '[]'::jsonb;
  accounts jsonb := '[]'::jsonb;
  users jsonb;
  mails jsonb;
begin
  if addr is null or addr = '' or addr = 'pending@placeholder.invalid' then
    raise exception 'No address to look up' using errcode = '22023';
  end if;
  foreach t in array array['leads', 'leads_icehockey', 'leads_tennis'] loop
    execute format('select coalesce(jsonb_agg(jsonb_build_object(''table'', %1$L, ''row'', to_jsonb(l.*)) order by l.created_at), ''[]''),
                           coalesce(array_agg(l.id), ''{}'') from %1$I l where lower(l.email) = $1', t)
      into rows, ids using addr;
    leads := leads || rows;
    all_ids := all_ids || ids;
    as_referrer := as_referrer || coalesce((select jsonb_agg(jsonb_build_object('id', r.id, 'lead_table', r.lead_table, 'variant', r.variant,
        'status', r.status, 'reason', r.reason, 'created_at', r.created_at, 'credited_at', r.credited_at) order by r.created_at)
      from public.referrals r where r.lead_table = t and r.referrer_id = any(ids)), '[]');
    as_referred := as_referred || coalesce((select jsonb_agg(jsonb_build_object('id', r.id, 'lead_table', r.lead_table, 'variant', r.variant,
        'status', r.status, 'reason', r.reason, 'created_at', r.created_at, 'credited_at', r.credited_at) order by r.created_at)
      from public.referrals r where r.lead_table = t and r.referred_id = any(ids)), '[]');
  end loop;
  if to_regclass('auth.users') is not null then
    execute 'select coalesce(jsonb_agg(jsonb_build_object(''id'', u.id, ''email'', u.email, ''created_at'', u.created_at,
               ''email_confirmed_at'', u.email_confirmed_at, ''last_sign_in_at'', u.last_sign_in_at)), ''[]'')
             from auth.users u where lower(u.email) = $1'
      into accounts using addr;
  end if;
  select coalesce(jsonb_agg(to_jsonb(u.*) order by u.created_at), '[]') into users
    from public.users u where lower(u.email) = addr or u.lead_id = any(all_ids);
  select coalesce(jsonb_agg(jsonb_build_object('id', o.id, 'template', o.template, 'variant', o.variant, 'subject', o.subject,
      'status', o.status, 'attempts', o.attempts, 'created_at', o.created_at, 'updated_at', o.updated_at,
      'html', o.html, 'text', o.text) order by o.created_at), '[]') into mails
    from public.outbox o where lower(o.recipient) = addr;
  return jsonb_build_object('leads', leads, 'referralsAsReferrer', as_referrer, 'referralsAsReferred', as_referred,
    'accounts', accounts, 'users', users, 'mails', mails);
end
$$;

-- Erases an address in one transaction: its lead rows in every table, its account (auth.users,
-- whose sessions and identities go with it) and users rows; its referral ledger rows stay as
-- anonymous counts (a referred row gets a random referred_id, so the referrer's credit survives any
-- recount; a referrer's rows lose referrer_id and ref_code); its outbox rows lose subject, bodies and
-- render input, the recipient becomes `p_recipient` (a one-way hash), and an unsent row is given up.
-- Writes one erasure_log row and returns the counts, or null when nothing was held: a repeat (double
-- submit, second tab) finds nothing, writes no log row and answers null.
create or replace function public.erase_parent(p_email text, p_recipient text, p_source text, p_at timestamptz) returns jsonb
language plpgsql volatile security definer set search_path = public
as $$
declare
  addr text := lower(btrim(p_email));
  t text;
  ids uuid[];
  auth_ids uuid[] := '{}';
  n integer;
  refs integer := 0;
  users_n integer := 0;
  counts jsonb := '{}'::jsonb;
begin
  if addr is null or addr = '' or addr = 'pending@placeholder.invalid' then
    raise exception 'No address to erase' using errcode = '22023';
  end if;
  if p_source is null or p_source not in ('self', 'admin') then
    raise exception 'Unknown erasure source: %', p_source using errcode = '22023';
  end if;
  if p_recipient is null or position('@' in p_recipient) > 0 then
    raise exception 'The outbox recipient must be a hash' using errcode = '22023';
  end if;
  foreach t in array array['leads', 'leads_icehockey', 'leads_tennis'] loop
    execute format('select coalesce(array_agg(id), ''{}'') from %I where lower(email) = $1', t) into ids using addr;
    if cardinality(ids) = 0 then continue; end if;
    update public.referrals r set referred_id = gen_random_uuid(), updated_at = p_at
     where r.lead_table = t and r.referred_id = any(ids);
    get diagnostics n = row_count;
    refs := refs + n;
    update public.referrals r set referrer_id = null, ref_code = 'erased', updated_at = p_at
     where r.lead_table = t and r.referrer_id = any(ids);
    get diagnostics n = row_count;
    refs := refs + n;
    delete from public.users u where u.lead_id = any(ids);
    get diagnostics n = row_count;
    users_n := users_n + n;
    execute format('delete from %I where id = any($1)', t) using ids;
    get diagnostics n = row_count;
    if n > 0 then counts := counts || jsonb_build_object(t, n); end if;
  end loop;
  if to_regclass('auth.users') is not null then
    execute 'with gone as (delete from auth.users where lower(email) = $1 returning id) select coalesce(array_agg(id), ''{}'') from gone'
      into auth_ids using addr;
    if cardinality(auth_ids) > 0 then counts := counts || jsonb_build_object('accounts', cardinality(auth_ids)); end if;
  end if;
  delete from public.users u where lower(u.email) = addr or u.id = any(auth_ids);
  get diagnostics n = row_count;
  users_n := users_n + n;
  if users_n > 0 then counts := counts || jsonb_build_object('users', users_n); end if;
  if refs > 0 then counts := counts || jsonb_build_object('referrals', refs); end if;
  update public.outbox o set recipient = p_recipient, subject = '', html = '', text = '', render_input = null,
      status = case when o.status in ('pending', 'failed') then 'dead' else o.status end,
      last_error = case when o.status in ('pending', 'failed') then 'erased before sending' else null end,
      next_attempt_at = null, updated_at = p_at
   where lower(o.recipient) = addr;
  get diagnostics n = row_count;
  if n > 0 then counts := counts || jsonb_build_object('outbox', n); end if;
  if counts = '{}'::jsonb then return null; end if;
  insert into public.erasure_log (at, tables, source) values (p_at, counts, p_source);
  return counts;
end
$$;

revoke all on function public.parent_data(text) from public, anon, authenticated;
revoke all on function public.erase_parent(text, text, text, timestamptz) from public, anon, authenticated;
grant execute on function public.parent_data(text) to service_role;
grant execute on function public.erase_parent(text, text, text, timestamptz) to service_role;
