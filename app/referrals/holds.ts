import { getDomain } from "tldts";
import { referralRules } from "#content/referrals";
import type { HoldReason } from "~/data/referral-model";
import type { HoldFacts } from "~/data/ports/referral-store";

/**
 * The hold rules (docs/decisions/036-holds-and-fairness.md): at credit time, a credit from a
 * suspicious cluster is held for an admin's review instead of granted. Pure; the facts come from
 * the referral store (holdFacts), the thresholds from content/referrals.ts.
 */

const { holds, fastReferrals } = referralRules;

/** The domain of an address, lower-cased ("" when it has none). */
export function domainOf(email: string): string {
  const at = email.lastIndexOf("@");
  return at < 0
    ? ""
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
}

/**
 * The registrable domain of a host (the public suffix and one label more, ICANN's list), lower-cased:
 * a catch-all's s0.corp-b.test and s5.corp-b.test are one corp-b.test. A TLD the list does not know
 * (.test, .example) is a one-label suffix; a host with nothing above its suffix is itself.
 */
export function registrableDomain(host: string): string {
  const name = host.trim().toLowerCase();
  return (name && getDomain(name, { validateHostname: false })) || name;
}

/** Free mail: many friends on gmail.com is a family, not a catch-all. */
export function isFreeMail(domain: string): boolean {
  return (holds.freeMailDomains as readonly string[]).includes(domain.toLowerCase());
}

/** Why this credit is held, in HOLD_REASONS order; empty when it may be granted. */
export function holdReasonsFor(facts: HoldFacts, domain: string): HoldReason[] {
  const reasons: HoldReason[] = [];
  if (domain && !isFreeMail(domain) && facts.sameDomain >= holds.catchAllAddresses) reasons.push("catch-all");
  if (facts.sameNetwork >= holds.networkBurst.count) reasons.push("ip-burst");
  if (facts.recent >= fastReferrals.count) reasons.push("time-burst");
  return reasons;
}

/**
 * The windows the facts are counted in: the network's and the burst's ending at `now` (the
 * confirmation), and the burst's around the friend's own sign-up (`signedUpAt`), so friends who
 * sign up together are a burst however long they wait to confirm.
 */
export function holdWindows(
  now: Date,
  signedUpAt: string,
): { networkSince: string; burstSince: string; burstUntil: string; signedUpFrom: string; signedUpTo: string } {
  const burst = fastReferrals.withinMinutes * 60_000;
  const signedUp = new Date(signedUpAt).getTime();
  return {
    networkSince: new Date(now.getTime() - holds.networkBurst.withinMinutes * 60_000).toISOString(),
    burstSince: new Date(now.getTime() - burst).toISOString(),
    burstUntil: now.toISOString(),
    signedUpFrom: new Date(signedUp - burst).toISOString(),
    signedUpTo: new Date(signedUp + burst).toISOString(),
  };
}
