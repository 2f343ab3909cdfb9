import { Webhook } from "standardwebhooks";

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com, ADR 038): the spec's own library
 * signs (pure JS, no Node APIs, so it runs on the Worker); verification is ours because the
 * library reads the clock itself and we check against a given `now`.
 *   webhook-signature: v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}"> under the key that is
 *   the base64 after `whsec_`; several signatures are space-separated (a rotation's grace period).
 */

/** How far a timestamp may be from now, either way. */
const TOLERANCE_SECONDS = 5 * 60;

export type SignedHeaders = { "webhook-id": string; "webhook-timestamp": string; "webhook-signature": string };

/** `v1,<base64>` of one secret. */
export function sign(secret: string, msgId: string, timestamp: number, body: string): string {
  return new Webhook(secret).sign(msgId, new Date(timestamp * 1000), body);
}

/** The three headers of a request signed with every secret given (newest first), space-separated. */
export function signedHeaders(secrets: string[], msgId: string, timestamp: number, body: string): SignedHeaders {
  return {
    "webhook-id": msgId,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": secrets.map((secret) => sign(secret, msgId, timestamp, body)).join(" "),
  };
}

/** True when one of the header's v1 signatures is the secret's and the timestamp is within the tolerance. */
export function verify(secret: string, headers: SignedHeaders, body: string, now: Date = new Date()): boolean {
  const timestamp = Number(headers["webhook-timestamp"]);
  if (!/^\d+$/.test(headers["webhook-timestamp"]) || Math.abs(now.getTime() / 1000 - timestamp) > TOLERANCE_SECONDS) return false;
  const expected = sign(secret, headers["webhook-id"], timestamp, body).slice("v1,".length);
  return headers["webhook-signature"].split(" ").some((entry) => {
    const [version, signature] = entry.split(",");
    return version === "v1" && signature !== undefined && constantTimeEqual(signature, expected);
  });
}

/** Compares without stopping at the first difference, so the time taken says nothing of where it was. */
function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** A new secret: `whsec_` and the base64 of 24 random bytes (the spec asks for 24 to 64). */
export function newSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return `whsec_${btoa(String.fromCharCode(...bytes))}`;
}
