import type { LegalDocument } from "#content/schemas/legal";
import { CONSENT_COOKIE, CONSENT_MAX_AGE } from "~/consent/consent.server";
import { SESSION_COOKIE, SESSION_MAX_AGE } from "~/utils/session.server";

const DAY_S = 24 * 60 * 60;

/**
 * Every cookie this site sets or lets be set, with what the privacy policy says of it. The policy's
 * cookie table is rendered from this list, and an end-to-end test checks the cookies the site
 * actually sets against it (name and lifetime), so the two cannot drift apart.
 */
type SiteCookie = {
  /** The key of its copy in the policy (content privacy.cookieTable.rows). */
  id: "session" | "consent" | "supabaseAuth" | "metaPixel";
  /** The name as the browser shows it. */
  name: string;
  /** Matches the names it is set under (Supabase splits a long token into `.0`, `.1`...). */
  pattern: RegExp;
  /** Max-Age in seconds. */
  maxAgeSeconds: number;
  /** Set before the visitor chose in the banner (strictly necessary), or only after Accept. */
  beforeConsent: boolean;
};

const SITE_COOKIES: readonly SiteCookie[] = [
  { id: "session", name: SESSION_COOKIE, pattern: new RegExp(`^${SESSION_COOKIE}$`), maxAgeSeconds: SESSION_MAX_AGE, beforeConsent: true },
  { id: "consent", name: CONSENT_COOKIE, pattern: new RegExp(`^${CONSENT_COOKIE}$`), maxAgeSeconds: CONSENT_MAX_AGE, beforeConsent: true },
  // Only when accounts use Supabase Auth: @supabase/ssr's default lifetime.
  {
    id: "supabaseAuth",
    name: "sb-{project}-auth-token",
    pattern: /^sb-[a-z0-9]+-auth-token(\.\d+)?$/,
    maxAgeSeconds: 400 * DAY_S,
    beforeConsent: true,
  },
  // Set by Meta's script, on our domain, only once the pixel loads (after Accept): Meta's documented lifetime.
  { id: "metaPixel", name: "_fbp", pattern: /^_fbp$/, maxAgeSeconds: 90 * DAY_S, beforeConsent: false },
];

type CookieTableCopy = NonNullable<LegalDocument["cookieTable"]>;

/** "30 days", "1 year": a Max-Age in the policy's words. */
function lifetimeText(maxAgeSeconds: number, words: CookieTableCopy["lifetimes"]): string {
  const days = Math.round(maxAgeSeconds / DAY_S);
  return days === 365 ? words.year : words.days.replace("{days}", String(days));
}

export type CookieRow = { name: string; purpose: string; lifetime: string; when: string };

/** The policy's cookie table: one row per cookie of SITE_COOKIES, in the policy's words. */
export function cookieRows(copy: LegalDocument["cookieTable"]): CookieRow[] {
  if (!copy) return [];
  return SITE_COOKIES.map((cookie) => ({
    name: cookie.name,
    purpose: copy.purposes[cookie.id],
    lifetime: lifetimeText(cookie.maxAgeSeconds, copy.lifetimes),
    when: cookie.beforeConsent ? copy.beforeConsent : copy.afterConsent,
  }));
}
