/**
 * Signed, single-use e-mail confirmation tokens for local accounts.
 * A token reads `{id}.{expiresAtMs}.{signature}`: the signature is HMAC-SHA256 with the first
 * SESSION_SECRET over `{id}.{expiresAtMs}`, so a link cannot be forged or have its expiry moved.
 * Only a SHA-256 hash of the id is stored (account_tokens.token_hash); single use is enforced in
 * SQL by the `used_at IS NULL` condition of the UPDATE that consumes it.
 */

import { base64url, fromBase64url, hmacSign, hmacVerify, sha256Hex } from "~/platform/crypto.server";

const CONFIRM_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

export type IssuedToken = { token: string; tokenHash: string; expiresAt: Date };

export async function issueConfirmToken(
  secret: string,
  now: Date = new Date(),
  ttlMs: number = CONFIRM_TOKEN_TTL_MS,
): Promise<IssuedToken> {
  const id = base64url(crypto.getRandomValues(new Uint8Array(18)));
  const expiresAt = new Date(now.getTime() + ttlMs);
  const payload = `${id}.${expiresAt.getTime()}`;
  return {
    token: `${payload}.${base64url(await hmacSign(secret, payload))}`,
    tokenHash: await sha256Hex(id),
    expiresAt,
  };
}

export type CheckedToken =
  { ok: true; tokenHash: string; expiresAt: Date } | { ok: false; reason: "malformed" | "bad-signature" | "expired" };

/** Checks form, signature (constant time, by WebCrypto) and expiry; the database check comes after. */
export async function checkConfirmToken(secret: string, token: string, now: Date = new Date()): Promise<CheckedToken> {
  const parts = token.split(".");
  if (parts.length !== 3) return { ok: false, reason: "malformed" };
  const [id, expiresRaw, signatureRaw] = parts;
  const signature = fromBase64url(signatureRaw);
  if (!id || !/^\d{1,15}$/.test(expiresRaw) || !signature || !fromBase64url(id)) {
    return { ok: false, reason: "malformed" };
  }
  if (!(await hmacVerify(secret, signature, `${id}.${expiresRaw}`))) return { ok: false, reason: "bad-signature" };
  const expiresAt = new Date(Number(expiresRaw));
  if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, tokenHash: await sha256Hex(id), expiresAt };
}
