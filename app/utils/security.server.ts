import { isLocalHost } from "./variant.server";

/** A fresh, unguessable nonce for each document response. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

export type CspOptions = {
  nonce: string;
  /** Extra hosts allowed for scripts, images and connections (the pixel after consent). */
  trackingHosts?: string[];
  /** Cloudflare Turnstile is configured: its script, frame and calls are allowed (only then). */
  turnstile?: boolean;
  dev?: boolean;
};

const TURNSTILE_ORIGIN = "https://challenges.cloudflare.com";

export function contentSecurityPolicy({ nonce, trackingHosts = [], turnstile = false, dev = false }: CspOptions): string {
  const tracking = [...trackingHosts, ...(turnstile ? [TURNSTILE_ORIGIN] : [])].join(" ");
  const directives = [
    "default-src 'self'",
    // 'strict-dynamic' lets the nonce'd module scripts load the chunks they import.
    dev ? "script-src 'self' 'unsafe-inline' 'unsafe-eval'" : `script-src 'self' 'nonce-${nonce}' 'strict-dynamic' ${tracking}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: ${tracking}`.trim(),
    "font-src 'self'",
    dev ? "connect-src 'self' ws: wss:" : `connect-src 'self' ${tracking}`.trim(),
    ...(turnstile ? [`frame-src 'self' ${TURNSTILE_ORIGIN}`] : []),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  return directives.join("; ");
}

/**
 * Headers every response carries, documents or not (app/platform/response-headers.server.ts adds
 * them to all Worker responses; public/_headers repeats them for static assets, which the assets
 * layer serves without running the Worker: keep the two in step).
 */
export const BASELINE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
};

/** HSTS, sent off loopback only (local runs are plain http). */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";

/** Security headers for every document response (DESIGN "Security posture"). */
export function applySecurityHeaders(headers: Headers, url: URL, csp: string): void {
  headers.set("Content-Security-Policy", csp);
  for (const [name, value] of Object.entries(BASELINE_SECURITY_HEADERS)) headers.set(name, value);
  if (!isLocalHost(url.hostname)) {
    headers.set("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
  }
}

/**
 * State-changing requests from another origin are refused (CSRF defence in depth on top of
 * SameSite=Lax cookies). Requests without an Origin header (server-to-server calls, old
 * browsers) pass; those routes authenticate by other means.
 */
export function isCrossOriginWrite(request: Request): boolean {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return false;
  const origin = request.headers.get("Origin");
  if (!origin || origin === "null") return origin === "null";
  try {
    return new URL(origin).host !== new URL(request.url).host;
  } catch {
    return true;
  }
}
