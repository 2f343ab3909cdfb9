import { base64url, fromBase64url, hmacSign, hmacVerify, signingSecret, verifyingSecrets } from "~/platform/crypto.server";
import type { RequestContext } from "~/utils/context.server";
import { absoluteLinkTo } from "~/utils/links";

/**
 * The club contact's double opt-in link (/clubs/confirm?t=…, docs/decisions/039-clubs.md): the
 * payload is base64url(`club:{clubId}:{expiresAtMs}:{email}`) signed with HMAC-SHA256 under the first
 * SESSION_SECRET, every secret of the rotation verifying. Nothing is stored; confirming twice changes nothing.
 */

const CONFIRM_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

type LinkContext = Pick<RequestContext, "env" | "isLocal" | "origin" | "variant">;

export async function clubConfirmLink(ctx: LinkContext, clubId: string, email: string, now: Date = new Date()): Promise<string> {
  const payload = base64url(new TextEncoder().encode(`club:${clubId}:${now.getTime() + CONFIRM_DAYS * DAY_MS}:${email}`));
  const signature = base64url(await hmacSign(signingSecret(ctx.env.SESSION_SECRET, ctx.isLocal), payload));
  return absoluteLinkTo(ctx.origin, ctx.variant, "clubs/confirm", { t: `${payload}.${signature}` });
}

/** The club and address a confirm link names, or null when it is forged, garbled or expired. */
export async function checkClubConfirmLink(
  ctx: Pick<RequestContext, "env" | "isLocal">,
  token: string | null,
  now: Date = new Date(),
): Promise<{ clubId: string; email: string } | null> {
  if (!token || token.length > 1024) return null;
  const [payload, signatureRaw, extra] = token.split(".");
  const signature = signatureRaw ? fromBase64url(signatureRaw) : null;
  const bytes = payload ? fromBase64url(payload) : null;
  if (extra !== undefined || !signature || !bytes) return null;
  let valid = false;
  for (const secret of verifyingSecrets(ctx.env.SESSION_SECRET, ctx.isLocal)) {
    if (await hmacVerify(secret, signature, payload)) valid = true;
  }
  if (!valid) return null;
  const match = /^club:([0-9a-f-]{36}):(\d{1,15}):(.+)$/i.exec(new TextDecoder().decode(bytes));
  if (!match || Number(match[2]) <= now.getTime()) return null;
  return { clubId: match[1], email: match[3] };
}
