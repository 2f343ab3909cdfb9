import { log } from "~/platform/log.server";
/**
 * Sign-in and sign-up attempt limits, through Cloudflare's Rate Limiting bindings
 * (wrangler.toml [[ratelimits]]). Under Vite dev the bindings may be
 * missing: then attempts are allowed and that is logged once.
 *
 * Sign-in (SIGNIN_IP_LIMITER: 10 a minute per IP; SIGNIN_EMAIL_LIMITER: 5 a minute per IP and
 * e-mail). The per-e-mail limit is keyed on the IP together with the e-mail, not on the e-mail
 * alone: keyed on the e-mail alone, anyone could keep an owner out of their account by sending
 * wrong passwords for it from anywhere. Now only attempts from the owner's own address count
 * against them. What remains is guessing one account from many addresses, each held to 5 guesses a
 * minute for it (and 10 in all), every guess costing a full PBKDF2 check.
 *
 * Sign-up (SIGNUP_IP_LIMITER: 10 a minute per IP; SIGNUP_EMAIL_LIMITER: 10 a minute per e-mail,
 * from any IP). Here the per-e-mail key is the address alone: sign-up has no owner to lock out
 * (the owner of an existing account signs in, under the sign-in limits), and the limit is what
 * stops many addresses together from probing or flooding one address.
 */
import { clientIp, limiterFrom, type RateLimiter } from "~/utils/rate-limit.server";
import { normalizeEmail } from "./auth";

export { clientIp, type RateLimiter };

export type RateLimitResult = { ok: true } | { ok: false; status: 429; message: string };

export const TOO_MANY_SIGN_IN_ATTEMPTS = "Too many sign-in attempts. Please wait a minute and try again.";

export type Attempt = { ip: string; email: string };

let warnedMissing = false;

/** Each [binding, key] in turn; the first limiter that says no answers 429 with `message`. */
async function limitAttempt(bindings: object, checks: Array<[binding: string, key: string]>, message: string): Promise<RateLimitResult> {
  for (const [binding, key] of checks) {
    const limiter = limiterFrom(bindings, binding);
    if (!limiter) {
      if (!warnedMissing) {
        warnedMissing = true;
        // Vite dev has no rate limiter bindings; a deployed Worker without one is misconfigured.
        log.warn("auth.rate_limit_off", { binding });
      }
      continue;
    }
    const { success } = await limiter.limit({ key });
    if (!success) return { ok: false, status: 429, message };
  }
  return { ok: true };
}

/** Checks the sign-in limits; a 429 result carries the message to show the visitor. */
export function limitSignIn(bindings: object, attempt: Attempt): Promise<RateLimitResult> {
  const email = normalizeEmail(attempt.email);
  return limitAttempt(
    bindings,
    [
      ["SIGNIN_IP_LIMITER", `ip:${attempt.ip}`],
      // "|" separates: it is in no IP address, so the key names one (IP, e-mail) pair.
      ["SIGNIN_EMAIL_LIMITER", `ip+email:${attempt.ip}|${email}`],
    ],
    TOO_MANY_SIGN_IN_ATTEMPTS,
  );
}

/** Checks the sign-up limits; `message` is the page's copy (signup.messages.tooManySignUps). */
export function limitSignUp(bindings: object, attempt: Attempt, message: string): Promise<RateLimitResult> {
  return limitAttempt(
    bindings,
    [
      ["SIGNUP_IP_LIMITER", `ip:${attempt.ip}`],
      ["SIGNUP_EMAIL_LIMITER", `email:${normalizeEmail(attempt.email)}`],
    ],
    message,
  );
}
