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
  /** Fresh confirmation links a parent may ask for per day. */
  freshLinksPerDay: 3,
  /** How long a wave's invite link works (docs/decisions/025-waves-and-invites.md); an admin can send an expired one again. */
  inviteLinkDays: 14,
  /** A parent's "send my invite again" sends at most one mail per this many minutes. */
  inviteResendMinutes: 10,
  /** This many referrals of one parent within this many minutes are flagged for an admin. */
  fastReferrals: { count: 5, withinMinutes: 5 },
} as const;
