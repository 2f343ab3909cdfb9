-- Webhooks and erasure (docs/decisions/038-webhooks.md): the Postgres mirror of
-- migrations/0024_webhook_erasure.sql. lead.confirmed is stored with ids only and the lead's address is
-- added when it is sent; a delivery whose lead was erased or deleted before it was sent is 'cancelled'.
-- erase_parent() of 20250901000017_waves.sql, with the webhook deliveries added. Safe to run again.

alter table public.webhook_deliveries drop constraint if exists webhook_deliveries_status_check;
alter table public.webhook_deliveries add constraint webhook_deliveries_status_check
  check (status in ('pending', 'delivered', 'dead', 'cancelled'));

-- Whether a stored lead.confirmed payload still holds this (lower-cased) address. The text is looked
-- at before it is read as JSON, so a payload that is not JSON never fails an erasure.
create or replace function public.webhook_payload_holds(p_type text, p_payload text, p_addr text) returns boolean
language sql immutable set search_path = public
as $$
  select p_type = 'lead.confirmed'
     and case when position(p_addr in lower(p_payload)) > 0
              then lower(p_payload::jsonb #>> '{data,email}') = p_addr else false end
$$;
revoke all on function public.webhook_payload_holds(text, text, text) from public, anon, authenticated;
grant execute on function public.webhook_payload_holds(text, text, text) to service_role;

-- The addresses older lead.confirmed rows were written with go: delivery reads the lead's own.
update public.webhook_deliveries
   set payload = (payload::jsonb #- '{data,email}')::text
 where event_type = 'lead.confirmed' and position('"email"' in payload) > 0;

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
  confirmed_events text[] := '{}';
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
    confirmed_events := confirmed_events || array(select 'lead.confirmed:' || t || ':' || x::text from unnest(ids) x);
    update public.referrals r set referred_id = gen_random_uuid(), updated_at = p_at
     where r.lead_table = t and r.referred_id = any(ids);
    get diagnostics n = row_count;
    refs := refs + n;
    update public.referrals r set referrer_id = null, ref_code = 'erased', updated_at = p_at
     where r.lead_table = t and r.referrer_id = any(ids);
    get diagnostics n = row_count;
    refs := refs + n;
    -- A wave keeps its member (the figures stay), under an id that names nobody.
    update public.wave_members m set lead_id = gen_random_uuid() where m.lead_table = t and m.lead_id = any(ids);
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
  -- Webhooks: no stored payload keeps the address (rows written while lead.confirmed carried it),
  -- and a pending lead.confirmed of these leads is cancelled (it would read no lead when sent).
  update public.webhook_deliveries d
     set payload = case when public.webhook_payload_holds(d.event_type, d.payload, addr)
                        then (d.payload::jsonb #- '{data,email}')::text else d.payload end,
         status = case when d.status = 'pending' and d.event_id = any(confirmed_events) then 'cancelled' else d.status end,
         next_attempt_at = case when d.status = 'pending' and d.event_id = any(confirmed_events) then null else d.next_attempt_at end,
         updated_at = p_at
   where public.webhook_payload_holds(d.event_type, d.payload, addr)
      or (d.status = 'pending' and d.event_id = any(confirmed_events));
  get diagnostics n = row_count;
  if n > 0 then counts := counts || jsonb_build_object('webhook_deliveries', n); end if;
  if counts = '{}'::jsonb then return null; end if;
  insert into public.erasure_log (at, tables, source) values (p_at, counts, p_source);
  return counts;
end
$$;

revoke all on function public.erase_parent(text, text, text, timestamptz) from public, anon, authenticated;
grant execute on function public.erase_parent(text, text, text, timestamptz) to service_role;
