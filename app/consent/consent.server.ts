import type { AppEnv } from "~/utils/env.server";
import type { Variant } from "~/utils/variant";
import { isLocalHost } from "~/utils/variant.server";

/**
 * Consent for the advertising pixel (SPEC 1, 7.4; DESIGN "the pixel loads only after consent").
 * One module read by the root loader (banner, pixel id) and entry.server (CSP hosts), so both
 * always agree on whether the pixel may load; which pages may have it at all is `pixelAllowed`
 * (app/consent/consent.ts), also asked by both.
 */
export const CONSENT_COOKIE = "consent";
export const CONSENT_MAX_AGE = 60 * 60 * 24 * 365;
export type ConsentChoice = "granted" | "denied";

/** The provider's hosts: the script, and the image/beacon endpoint. */
export const PIXEL_HOSTS = ["https://connect.facebook.net", "https://www.facebook.com"];

type PixelEnv = Pick<AppEnv, "PIXEL_ID_GENIUS" | "PIXEL_ID_CHAMPION">;

/** The visitor's choice from the Cookie header; null until they choose (or on a malformed value). */
export function readConsent(cookieHeader: string | null | undefined): ConsentChoice | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const [name, ...rest] = part.split("=");
    if (name.trim() !== CONSENT_COOKIE) continue;
    const value = rest.join("=").trim();
    return value === "granted" || value === "denied" ? value : null;
  }
  return null;
}

/**
 * Set-Cookie for the choice: 1 year, whole site, SameSite=Lax, Secure off localhost.
 * HttpOnly because only the server reads it (banner and pixel are rendered server-side).
 */
export function consentCookie(choice: ConsentChoice, url: URL): string {
  const secure = isLocalHost(url.hostname) ? "" : "; Secure";
  return `${CONSENT_COOKIE}=${choice}; Path=/; Max-Age=${CONSENT_MAX_AGE}; SameSite=Lax; HttpOnly${secure}`;
}

/** The configured pixel id of a variant (champion variants share one); ids are numeric. */
export function pixelIdFor(variant: Variant, env: PixelEnv): string | undefined {
  const id = variant.domain === "champion" ? env.PIXEL_ID_CHAMPION : env.PIXEL_ID_GENIUS;
  return id && /^\d{5,20}$/.test(id) ? id : undefined;
}

/** The pixel id to render: only when consent is granted and an id is configured. */
export function activePixelId(cookieHeader: string | null, variant: Variant, env: PixelEnv) {
  return readConsent(cookieHeader) === "granted" ? pixelIdFor(variant, env) : undefined;
}

/** Hosts the CSP must allow for this request: the provider's only when the pixel will render. */
export function trackingHostsFor(cookieHeader: string | null, variant: Variant, env: PixelEnv): string[] {
  return activePixelId(cookieHeader, variant, env) ? PIXEL_HOSTS : [];
}

/**
 * A same-site relative path to return to after choosing, else `fallback`.
 * Rejects absolute and protocol-relative URLs ("//evil", "/\\evil") and control characters.
 */
export function safeRedirectPath(value: unknown, fallback: string): string {
  if (typeof value !== "string" || value.length > 2000) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are what this rejects
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  try {
    const base = "http://same.invalid";
    const parsed = new URL(value, base);
    if (parsed.origin !== base) return fallback;
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return fallback;
  }
}
