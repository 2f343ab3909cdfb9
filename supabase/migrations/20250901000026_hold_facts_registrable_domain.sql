-- Hold facts (docs/decisions/036-holds-and-fairness.md), mirror of the D1 adapter's holdFacts:
-- the catch-all rule counts the friends at a registrable domain and its subdomains (s0.corp-b.test
-- and s5.corp-b.test are both corp-b.test), and the time-burst rule counts the referrals signed up
-- around this friend's own sign-up as well as those recorded or confirmed in the last window (up to now).
-- Every count reads only the referrer's own referrals (referrals_referrer_idx).
drop function if exists public.referral_hold_facts(text, uuid, text, text, timestamptz, timestamptz);

create or replace function public.referral_hold_facts(
  lead_table text, referrer uuid, domain text, net text, network_since timestamptz, burst_since timestamptz,
  burst_until timestamptz, signed_up_from timestamptz, signed_up_to timestamptz)
returns jsonb
language plpgsql stable set search_path = public
as $$
declare
  same_domain integer;
  same_network integer;
  recent integer;
begin
  perform public.check_lead_table(lead_table);
  execute format($q$
    select count(distinct coalesce(l.normalized_email, lower(l.email))) filter (
             where r.status <> 'rejected'
               and right('.' || lower(split_part(l.email, '@', 2)), length($2) + 1) = '.' || $2)::integer,
           count(*) filter (
             where r.created_at >= $3 or r.created_at between $4 and $5 or l.confirmed_at between $3 and $6)::integer
      from public.referrals r
      left join %1$I l on l.id = r.referred_id
     where r.lead_table = %1$L and r.referrer_id = $1$q$, lead_table)
    into same_domain, recent using referrer, lower(domain), burst_since, signed_up_from, signed_up_to, burst_until;
  select count(*)::integer into same_network from public.referrals r
   where r.lead_table = referral_hold_facts.lead_table and r.referrer_id = referrer and r.status <> 'rejected'
     and net is not null and r.network = net and r.created_at >= network_since;
  return jsonb_build_object('same_domain', same_domain, 'same_network', same_network, 'recent', recent);
end
$$;

revoke all on function public.referral_hold_facts(text, uuid, text, text, timestamptz, timestamptz, timestamptz, timestamptz, timestamptz) from public, anon, authenticated;
grant execute on function public.referral_hold_facts(text, uuid, text, text, timestamptz, timestamptz, timestamptz, timestamptz, timestamptz) to service_role;
