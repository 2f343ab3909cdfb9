/**
 * Sign-in attempt limits per IP and per e-mail, through Cloudflare's Rate Limiting bindings
 * (wrangler.toml [[unsafe.bindings]] type = "ratelimit": SIGNIN_IP_LIMITER, SIGNIN_EMAIL_LIMITER,
 * 10 attempts a minute each). Under Vite dev the bindings may be missing: then attempts are
 * allowed and that is logged once.
 */
import { clientIp, limiterFrom, type RateLimiter } from "~/utils/rate-limit.server";
import { normalizeEmail } from "./auth";

export { clientIp, type RateLimiter };

export type RateLimitResult = { ok: true } | { ok: false; status: 429; message: string };

export const TOO_MANY_SIGN_IN_ATTEMPTS = "Too many sign-in attempts. Please wait a minute and try again.";

let warnedMissing = false;


/** Checks both limits; a 429 result carries the message to show the visitor. */
export async function limitSignIn(
  bindings: object,
  attempt: { ip: string; email: string },
): Promise<RateLimitResult> {
  const checks: Array<[RateLimiter | null, string]> = [
    [limiterFrom(bindings, "SIGNIN_IP_LIMITER"), `ip:${attempt.ip}`],
    [limiterFrom(bindings, "SIGNIN_EMAIL_LIMITER"), `email:${normalizeEmail(attempt.email)}`],
  ];
  for (const [limiter, key] of checks) {
    if (!limiter) {
      if (!warnedMissing) {
        warnedMissing = true;
        console.warn("Sign-in rate limiting is off: no SIGNIN_*_LIMITER binding (Vite dev?).");
      }
      continue;
    }
    const { success } = await limiter.limit({ key });
    if (!success) return { ok: false, status: 429, message: TOO_MANY_SIGN_IN_ATTEMPTS };
  }
  return { ok: true };
}
