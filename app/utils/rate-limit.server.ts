import { limitKeyOf } from "./ip-list";

/**
 * Cloudflare Rate Limiting bindings (wrangler.toml [[ratelimits]]).
 * Under Vite dev the bindings may be missing: then requests are allowed.
 */
export type RateLimiter = { limit(options: { key: string }): Promise<{ success: boolean }> };

export function limiterFrom(bindings: object, name: string): RateLimiter | null {
  const candidate = (bindings as Record<string, unknown>)[name] as Partial<RateLimiter> | undefined;
  return candidate && typeof candidate.limit === "function" ? (candidate as RateLimiter) : null;
}

/** The client's IP as Cloudflare reports it; one shared key when there is none (local runs). */
export function clientIp(request: Request): string {
  return request.headers.get("CF-Connecting-IP")?.trim() || "unknown";
}

/** The key per-IP limits count the client by: its IPv4 address, or its IPv6 /64 (limitKeyOf). */
export function clientLimitKey(request: Request): string {
  return limitKeyOf(clientIp(request));
}

export const TOO_MANY_FORM_POSTS = "Too many submissions in a short time. Please wait a few seconds and try again.";

/**
 * Burst limit on the public lead forms (FORM_LIMITER, 30 posts per 10 s per client (an IPv4
 * address, an IPv6 /64) and form): enough for
 * any person, not for a script filling the lead tables. Returns the message when over the limit.
 */
export async function formPostLimited(bindings: object, request: Request, form: string): Promise<string | null> {
  const limiter = limiterFrom(bindings, "FORM_LIMITER");
  if (!limiter) return null;
  const { success } = await limiter.limit({ key: `${form}:${clientLimitKey(request)}` });
  return success ? null : TOO_MANY_FORM_POSTS;
}
