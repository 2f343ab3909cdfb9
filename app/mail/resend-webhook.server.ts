import { fromBase64url, hmacVerify } from "~/platform/crypto.server";
import { log } from "~/platform/log.server";
import { readLimited } from "~/platform/request-guard.server";
import type { AppEnv } from "~/utils/env.server";
import type { SuppressionReason } from "~/data/ports/suppression-store";
import { suppress } from "./suppression.server";

/**
 * POST /webhooks/resend: Resend's delivery events, signed by Svix (https://docs.svix.com/receiving/verifying-payloads/how-manual).
 * - The signature is HMAC-SHA256 with the secret (the base64 after `whsec_`) over
 *   `${svix-id}.${svix-timestamp}.${body}`, base64-encoded; `svix-signature` lists one or more
 *   space-separated `v1,{signature}` entries (several while a secret is rotated). Compared with
 *   crypto.subtle.verify (constant time). A timestamp more than 5 minutes off is refused (replay).
 * - `email.bounced` with a permanent (hard) bounce suppresses the address for all mail (reason
 *   bounce); `email.complained` (marked as spam) likewise (reason complaint). Anything else,
 *   transient bounces included, is answered 200 and ignored, so Resend does not retry it.
 * - A signed body that is not an event (not JSON, null, a number, an array, an object without a
 *   string `type` and an object `data`): 400 and nothing changes.
 * - Unsigned, wrongly signed or stale: 401 and nothing changes. Without RESEND_WEBHOOK_SECRET the
 *   endpoint refuses every call with 401 too: it cannot tell Resend from anyone else, and a caller
 *   must never be able to make it answer 5xx.
 * Written on Web Crypto rather than with the `svix`/`standardwebhooks` packages: those verify with a
 * pure-JS SHA-256 (fast-sha256) and svix brings a whole API client; this is the ~30 lines they do.
 */

/** Resend's events are a few KB; anything larger is not one of them. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;
const TOLERANCE_SECONDS = 5 * 60;

type Ctx = { env: AppEnv; bindings: { DB?: D1Database }; now?: () => Date };

const json = (status: number, body: Record<string, unknown>) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

function secretBytes(secret: string): Uint8Array<ArrayBuffer> | null {
  const raw = secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret;
  return fromBase64url(raw.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""));
}

/** True when one of the listed `v1` signatures is the body's, from within the last (or next) 5 minutes. */
async function verifySvix(secret: string, headers: Headers, body: string, now: Date = new Date()): Promise<boolean> {
  const id = headers.get("svix-id");
  const timestamp = headers.get("svix-timestamp");
  const signatures = headers.get("svix-signature");
  if (!id || !timestamp || !signatures || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > TOLERANCE_SECONDS) return false;
  const keyBytes = secretBytes(secret);
  if (!keyBytes || keyBytes.length === 0) return false;
  const signed = `${id}.${timestamp}.${body}`;
  for (const entry of signatures.split(" ")) {
    const [version, value] = entry.split(",", 2);
    if (version !== "v1" || !value) continue;
    const mac = fromBase64url(value.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""));
    if (mac && mac.length === 32 && (await hmacVerify(keyBytes, mac, signed))) return true;
  }
  return false;
}

type ResendEvent = { type: string; data: { to?: unknown; bounce?: unknown } };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Resend's events are objects with a string `type` and an object `data`; anything else signed is not one. */
function asEvent(value: unknown): ResendEvent | null {
  return isObject(value) && typeof value.type === "string" && isObject(value.data) ? (value as ResendEvent) : null;
}

/** The suppression an event asks for, or null for events we only acknowledge. */
function reasonOf(event: ResendEvent): SuppressionReason | null {
  if (event.type === "email.complained") return "complaint";
  if (event.type === "email.bounced") {
    // Resend passes on the receiving server's verdict: Permanent (hard) or Transient (soft).
    const bounce = event.data.bounce;
    const kind = isObject(bounce) ? bounce.type : undefined;
    return kind === undefined || (typeof kind === "string" && kind.toLowerCase() === "permanent") ? "bounce" : null;
  }
  return null;
}

/**
 * A refusal, answered and logged as one: `reason` is the stable word to search for, and the Svix
 * message id (as Resend's dashboard lists its deliveries) says which delivery it was.
 */
function refuse(request: Request, status: number, reason: string, error: string): Response {
  const messageId = request.headers.get("svix-id")?.slice(0, 100) ?? null;
  log.warn("webhook.refused", { provider: "resend", status, reason, messageId });
  return json(status, { ok: false, error });
}

export async function handleResendWebhook(request: Request, ctx: Ctx): Promise<Response> {
  // The body is read first, whatever the answer: a response sent before the upload is consumed
  // leaves the connection unusable for the client's next request.
  const bytes = await readLimited(request, WEBHOOK_BODY_LIMIT);
  const body = bytes && new TextDecoder().decode(bytes);
  if (body === null) return refuse(request, 413, "too-large", `Body larger than ${WEBHOOK_BODY_LIMIT / 1024} KB`);
  const secret = ctx.env.RESEND_WEBHOOK_SECRET;
  if (!secret) return refuse(request, 401, "no-secret", "Webhook disabled: no signing secret is configured");
  if (!(await verifySvix(secret, request.headers, body, ctx.now?.()))) {
    return refuse(request, 401, "bad-signature", "Invalid or missing Svix signature");
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return refuse(request, 400, "not-json", "Body is not JSON");
  }
  // Signed but not an event (null, a number, an array, an object without type or data): refused
  // plainly, never read further.
  const event = asEvent(parsed);
  if (!event) return refuse(request, 400, "not-an-event", "Body is not an event: an object with a string type and an object data");
  const reason = reasonOf(event);
  if (!reason) return json(200, { ok: true, ignored: event.type });
  const to = event.data.to;
  const addresses = (Array.isArray(to) ? to : [to]).filter((value): value is string => typeof value === "string" && value.includes("@"));
  try {
    for (const address of addresses) await suppress(ctx, address, "all", reason);
  } catch (error) {
    // 5xx: Resend retries the event later.
    log.error("webhook.failed", { provider: "resend", status: 503, type: event.type }, error);
    return json(503, { ok: false, error: "Suppression list unavailable" });
  }
  return json(200, { ok: true, suppressed: addresses.length, reason });
}
