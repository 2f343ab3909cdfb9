import { getPage } from "#content/index";
import type { RequestContext } from "~/utils/context.server";
import { clientIp } from "~/utils/rate-limit.server";
import { log } from "~/platform/log.server";

/**
 * Cloudflare Turnstile, on when TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY are set (off by
 * default). The widget puts its token in the form as `cf-turnstile-response`; the server asks
 * siteverify whether it is good (a token is single use and lives 5 minutes). Without the keys no
 * widget, no script and no call: the forms work with JavaScript off.
 */
export const TURNSTILE_FIELD = "cf-turnstile-response";
export const SITEVERIFY_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify";
const TIMEOUT_MS = 5_000;

export type TurnstileResult = { ok: true } | { ok: false; reason: string };

export async function verifyTurnstile({
  secret,
  token,
  remoteIp,
  fetchFn = fetch,
  timeoutMs = TIMEOUT_MS,
}: {
  secret: string;
  token: string;
  remoteIp?: string;
  fetchFn?: typeof fetch;
  timeoutMs?: number;
}): Promise<TurnstileResult> {
  // Cloudflare's own codes: no token, or one longer than a token can be.
  if (!token) return { ok: false, reason: "missing-input-response" };
  if (token.length > 2048) return { ok: false, reason: "invalid-input-response" };
  const body = new URLSearchParams({ secret, response: token });
  if (remoteIp && remoteIp !== "unknown") body.set("remoteip", remoteIp);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetchFn(SITEVERIFY_URL, { method: "POST", body, signal: controller.signal });
    if (!response.ok) throw new Error(`siteverify answered ${response.status}`);
    const outcome = (await response.json()) as { success?: unknown; "error-codes"?: unknown };
    if (outcome.success === true) return { ok: true };
    const codes = Array.isArray(outcome["error-codes"]) ? outcome["error-codes"].map(String) : [];
    return { ok: false, reason: codes.join(",") || "failed" };
  } catch (error) {
    log.error("bot.turnstile_failed", {}, error);
    return { ok: false, reason: "unreachable" };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Null when Turnstile is off or the visitor passed; else the status and message to show. Failing
 * closed when siteverify cannot be reached: whoever turned Turnstile on wants no unchecked posts.
 */
export async function turnstileRefusal(
  ctx: Pick<RequestContext, "env" | "contentKey">,
  request: Request,
  form: FormData,
  fetchFn: typeof fetch = fetch,
): Promise<{ status: number; message: string } | null> {
  const secret = ctx.env.TURNSTILE_SECRET_KEY;
  if (!secret) return null;
  const token = form.get(TURNSTILE_FIELD);
  const result = await verifyTurnstile({
    secret,
    token: typeof token === "string" ? token : "",
    remoteIp: clientIp(request),
    fetchFn,
  });
  if (result.ok) return null;
  const copy = getPage(ctx.contentKey, "botGuard");
  return result.reason === "unreachable"
    ? { status: 503, message: copy.turnstileUnavailable }
    : { status: 403, message: copy.turnstileFailed };
}
