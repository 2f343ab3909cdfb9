import type { HeadersFunction } from "@remix-run/cloudflare";

/** Document headers of the admin pages: never indexed, never stored by a shared cache. */
export const adminDocumentHeaders: HeadersFunction = () => ({
  "X-Robots-Tag": "noindex, nofollow",
  "Cache-Control": "private, no-store",
});
