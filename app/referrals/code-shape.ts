/**
 * Whether a ?r= value looks like a referral code (eight letters and digits). What a landing page
 * shows for a friend's link needs no lookup: it names nobody, and a made-up code only makes the
 * page say a friend invited them.
 */
export function looksLikeReferralCode(value: string | null | undefined): boolean {
  return /^[A-Za-z0-9]{8}$/.test(value ?? "");
}
