-- "Manage my data" lists the early-access waves a parent was admitted in (ADR 025): the wave's
-- number, the place in line at admission and the invite's dates, as the D1 trust store does.
-- parent_data() is the one of 20250901000012_erasure_log.sql with the waves added.
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
  waves jsonb := '[]'::jsonb;
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
    waves := waves || coalesce((select jsonb_agg(jsonb_build_object('lead_table', m.lead_table, 'variant', w.variant, 'wave', w.seq,
        'admitted_at', w.created_at, 'place', m.place, 'invite_sent_at', m.invite_sent_at, 'invite_expires_at', m.invite_expires_at,
        'invite_opened_at', m.invite_opened_at, 'accepted_at', m.accepted_at, 'account_created_at', m.account_created_at)
        order by w.created_at)
      from public.wave_members m join public.waves w on w.id = m.wave_id where m.lead_table = t and m.lead_id = any(ids)), '[]');
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
    'accounts', accounts, 'users', users, 'mails', mails, 'waves', waves);
end
$$;

revoke all on function public.parent_data(text) from public, anon, authenticated;
grant execute on function public.parent_data(text) to service_role;
