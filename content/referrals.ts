/**
 * The referral rules every edition shares (docs/decisions/010-referrals-and-place-in-line.md).
 * The FAQ states them to parents; change both together. Changing placesPerCredit applies to a
 * parent's score the next time it is recounted: recount all rows when you change it.
 */
export const referralRules = {
  /** Places a parent moves up for each credited referral. */
  placesPerCredit: 5,
  /** The first wave: the first places in line (SPEC: 100 first-wave spots). */
  firstWaveSpots: 100,
  /** How long a confirmation link works. */
  confirmLinkDays: 7,
  /** How long a status link works (it is in every waitlist e-mail). */
  statusLinkDays: 365,
  /** How long a wave's invite link works (docs/decisions/025-waves-and-invites.md); an admin can send an expired one again. */
  inviteLinkDays: 14,
  /** A parent's "send my invite again" sends at most one mail per this many minutes. */
  inviteResendMinutes: 10,
  /**
   * This many referrals of one parent within this many minutes are flagged for an admin, and a
   * credit then is held for review ("time-burst", docs/decisions/036-holds-and-fairness.md).
   */
  fastReferrals: { count: 5, withinMinutes: 5 },
  /**
   * When a credit is held for review instead of granted (ADR 036). Each threshold counts the friend
   * being credited; keep them at 5 or more, so a parent who tells four friends is never held.
   */
  holds: {
    /** This many distinct addresses of one parent's friends at one domain (not free mail): "catch-all". */
    catchAllAddresses: 5,
    /** This many of one parent's friends signing up from one IP or network (/24, /48) within the window: "ip-burst". */
    networkBurst: { count: 5, withinMinutes: 60 },
    /** Free-mail providers: many friends on one of them is normal, never a catch-all (disposable domains are rejected). */
    freeMailDomains: [
      "gmail.com",
      "googlemail.com",
      "outlook.com",
      "hotmail.com",
      "live.com",
      "msn.com",
      "yahoo.com",
      "icloud.com",
      "me.com",
      "aol.com",
      "proton.me",
      "protonmail.com",
      "gmx.com",
      "gmx.de",
      "web.de",
      "mail.com",
    ],
  },
} as const;

/**
 * Fairness as a setting (ADR 036): places a parent moves up per credited referral, per variant
 * (keys: app/utils/variant.ts variantKey). 0 is pure first come, first served: referrals still
 * count, but move nobody. In content, not the database: the FAQ and the edge-cached pages read it
 * at build time. After a change, recount every parent (see ADR 036).
 */
const placesPerCreditByVariant: Record<string, number> = {
  genius: referralRules.placesPerCredit,
  "champion-icehockey": referralRules.placesPerCredit,
  "champion-tennis": referralRules.placesPerCredit,
};

/** The places per credit of a variant (its key), the shared rule when it has none of its own. */
export function placesPerCreditOf(key: string): number {
  return placesPerCreditByVariant[key] ?? referralRules.placesPerCredit;
}
