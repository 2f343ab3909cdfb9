/**
 * The Web Crypto steps the app signs and hashes with: SHA-256, HMAC-SHA256, hex and base64url,
 * and the SESSION_SECRET rotation list that keys the signed links, tokens and form stamps.
 */

const encoder = new TextEncoder();

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

/** Lower-case hex of the bytes. */
export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
}

export async function sha256Hex(text: string): Promise<string> {
  return toHex(await sha256(text));
}

export function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * The bytes of unpadded base64url, or null. Only the canonical spelling is read: the last
 * character of a length that is not a multiple of 4 carries unused low bits, which atob ignores,
 * so without the check several texts would read as one signature (a signed token would have twins).
 */
export function fromBase64url(value: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]+$/.test(value) || value.length % 4 === 1) return null;
  const binary = atob(value.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return base64url(bytes) === value ? bytes : null;
}

/** Imported once per secret and usage for the isolate's life: signing a link then costs one step. */
const hmacKeys = new Map<string, Promise<CryptoKey>>();

/** An HMAC-SHA256 key; a string secret's key is kept, raw key bytes (a webhook's) are imported each time. */
function hmacKey(secret: string | Uint8Array<ArrayBuffer>, usage: "sign" | "verify"): Promise<CryptoKey> {
  const importKey = () =>
    crypto.subtle.importKey("raw", typeof secret === "string" ? encoder.encode(secret) : secret, { name: "HMAC", hash: "SHA-256" }, false, [
      usage,
    ]);
  if (typeof secret !== "string") return importKey();
  const cacheKey = `${usage}:${secret}`;
  let key = hmacKeys.get(cacheKey);
  if (!key) {
    key = importKey();
    // A failed import is not kept: the next call tries again.
    key.catch(() => hmacKeys.delete(cacheKey));
    hmacKeys.set(cacheKey, key);
  }
  return key;
}

/** The HMAC-SHA256 of `message` under `secret`. */
export async function hmacSign(secret: string, message: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.sign("HMAC", await hmacKey(secret, "sign"), encoder.encode(message)));
}

/** True when `signature` is the HMAC-SHA256 of `message` under `secret` (compared in constant time by Web Crypto). */
export async function hmacVerify(
  secret: string | Uint8Array<ArrayBuffer>,
  signature: Uint8Array<ArrayBuffer>,
  message: string,
): Promise<boolean> {
  return crypto.subtle.verify("HMAC", await hmacKey(secret, "verify"), signature, encoder.encode(message));
}
