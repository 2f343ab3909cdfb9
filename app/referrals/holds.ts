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

/** The windows the facts are counted in, ending at `now`. */
export function holdWindows(now: Date): { networkSince: string; burstSince: string } {
  return {
    networkSince: new Date(now.getTime() - holds.networkBurst.withinMinutes * 60_000).toISOString(),
    burstSince: new Date(now.getTime() - fastReferrals.withinMinutes * 60_000).toISOString(),
  };
}
