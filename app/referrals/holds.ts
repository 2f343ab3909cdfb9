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

/**
 * The network an address belongs to for the burst rule: the /24 of an IPv4 address, the /48 of an
 * IPv6 one (a household's or an office's block), as text; null when it is not an address.
 */
export function networkOf(ip: string): string | null {
  const address = ip.trim().toLowerCase();
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address);
  if (v4) return v4.slice(1, 5).every((part) => Number(part) <= 255) ? `${v4[1]}.${v4[2]}.${v4[3]}.0/24` : null;
  if (!address.includes(":") || !/^[0-9a-f:]+$/.test(address) || address.split("::").length > 2) return null;
  const [head, tail = ""] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = 8 - left.length - right.length;
  if (address.includes("::") ? missing < 1 : missing !== 0) return null;
  const groups = [...left, ...Array<string>(address.includes("::") ? missing : 0).fill("0"), ...right];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return `${groups
    .slice(0, 3)
    .map((group) => parseInt(group, 16).toString(16))
    .join(":")}::/48`;
}
