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
  dev?: boolean;
};

export function contentSecurityPolicy({ nonce, trackingHosts = [], dev = false }: CspOptions): string {
  const tracking = trackingHosts.join(" ");
  const directives = [
    "default-src 'self'",
    // 'strict-dynamic' lets the nonce'd module scripts load the chunks they import.
    dev
      ? "script-src 'self' 'unsafe-inline' 'unsafe-eval'"
      : `script-src 'self' 'nonce-${nonce}' 'strict-dynamic' ${tracking}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: ${tracking}`.trim(),
    "font-src 'self'",
    dev ? "connect-src 'self' ws: wss:" : `connect-src 'self' ${tracking}`.trim(),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  return directives.join("; ");
}

/** Security headers for every document response (DESIGN "Security posture"). */
export function applySecurityHeaders(headers: Headers, url: URL, csp: string): void {
  headers.set("Content-Security-Policy", csp);
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  if (!isLocalHost(url.hostname)) {
    headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
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
