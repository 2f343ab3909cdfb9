/**
 * Signed, single-use e-mail confirmation tokens for local accounts.
 * A token reads `{id}.{expiresAtMs}.{signature}`: the signature is HMAC-SHA256 with the first
 * SESSION_SECRET over `{id}.{expiresAtMs}`, so a link cannot be forged or have its expiry moved.
 * Only a SHA-256 hash of the id is stored (account_tokens.token_hash); single use is enforced in
 * SQL by the `used_at IS NULL` condition of the UPDATE that consumes it.
 */

const CONFIRM_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

/** Used only on loopback hosts when no SESSION_SECRET is configured, so local set-up needs nothing. */
const LOCAL_DEV_SECRET = "local-development-secret-not-for-production";

/**
 * The first secret of SESSION_SECRET (a comma-separated rotation list, newest first).
 * Outside local development a missing secret is a configuration error, not a silent default.
 */
export function signingSecret(sessionSecret: string | undefined, isLocal: boolean): string {
  const first = sessionSecret
    ?.split(",")
    .map((s) => s.trim())
    .find(Boolean);
  if (first) return first;
  if (isLocal) return LOCAL_DEV_SECRET;
  throw new Error("SESSION_SECRET is required to sign confirmation links. See .dev.vars.example.");
}

/** Every secret of the SESSION_SECRET rotation list, newest first: the first signs, all verify. */
export function verifyingSecrets(sessionSecret: string | undefined, isLocal: boolean): string[] {
  const all = (sessionSecret ?? "")
    .split(",")
    .map((secret) => secret.trim())
    .filter(Boolean);
  return all.length ? all : [signingSecret(undefined, isLocal)];
}

export function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function fromBase64url(value: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]+$/.test(value) || value.length % 4 === 1) return null;
  const binary = atob(value.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Imported once per secret and usage for the isolate's life: signing a link then costs one step. */
const hmacKeys = new Map<string, Promise<CryptoKey>>();

export function hmacKey(secret: string, usage: "sign" | "verify"): Promise<CryptoKey> {
  const cacheKey = `${usage}:${secret}`;
  let key = hmacKeys.get(cacheKey);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [usage]);
    // A failed import is not kept: the next call tries again.
    key.catch(() => hmacKeys.delete(cacheKey));
    hmacKeys.set(cacheKey, key);
  }
  return key;
}

export async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export type IssuedToken = { token: string; tokenHash: string; expiresAt: Date };

export async function issueConfirmToken(
  secret: string,
  now: Date = new Date(),
  ttlMs: number = CONFIRM_TOKEN_TTL_MS,
): Promise<IssuedToken> {
  const id = base64url(crypto.getRandomValues(new Uint8Array(18)));
  const expiresAt = new Date(now.getTime() + ttlMs);
  const payload = `${id}.${expiresAt.getTime()}`;
  const signature = await crypto.subtle.sign("HMAC", await hmacKey(secret, "sign"), new TextEncoder().encode(payload));
  return {
    token: `${payload}.${base64url(new Uint8Array(signature))}`,
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
  const valid = await crypto.subtle.verify(
    "HMAC",
    await hmacKey(secret, "verify"),
    signature,
    new TextEncoder().encode(`${id}.${expiresRaw}`),
  );
  if (!valid) return { ok: false, reason: "bad-signature" };
  const expiresAt = new Date(Number(expiresRaw));
  if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, tokenHash: await sha256Hex(id), expiresAt };
}
