import { routePath, isUnder } from "~/utils/route-path";
import { BASELINE_SECURITY_HEADERS, STRICT_TRANSPORT_SECURITY } from "~/utils/security.server";
import { isLocalHost } from "~/utils/variant.server";

/**
 * Pages (and their `.data` loads) that show a visitor's e-mail, answers or account: never stored
 * by a browser or shared cache, so a shared computer's back button or a proxy cannot show them to
 * the next person. A central rule keyed by path rather than each route's `headers` export, so it
 * also covers redirects, data requests and routes other modules own (confirm.tsx,
 * guide-confirm.tsx, tips-confirm.tsx, signup*.tsx, the admin pages).
 */
const VISITOR_DATA_PAGES = new Set([
  "/form",
  "/roadmap",
  "/plans",
  "/confirm",
  "/guide-confirm",
  "/tips-confirm",
  "/signup",
  "/signup-confirm",
]);
const VISITOR_DATA_AREAS = ["/admin", "/dev"];

function showsVisitorData(pathname: string): boolean {
  const path = routePath(pathname);
  return VISITOR_DATA_PAGES.has(path) || VISITOR_DATA_AREAS.some((area) => isUnder(path, area));
}

/**
 * For responses that are not HTML pages (JSON, CSV, text, data, redirects), which set no CSP of
 * their own: nothing in them may run, load or be framed if a browser ever renders one.
 */
const NON_DOCUMENT_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** A preview's answer to every crawler (the preview build's assets/_headers says the same). */
const PREVIEW_ROBOTS_TAG = "noindex, nofollow";

/** The response with headers we may change: a redirect made by Response.redirect() has immutable ones. */
function withWritableHeaders(response: Response): Response {
  try {
    response.headers.set("X-Content-Type-Options", BASELINE_SECURITY_HEADERS["X-Content-Type-Options"]);
    return response;
  } catch {
    return new Response(response.body, response);
  }
}

/**
 * Headers every response carries, whatever produced it (documents, redirects, data, files,
 * errors, refusals before Remix). Values a response already has are kept: a document's CSP
 * (with its nonce and, after consent, the pixel's hosts) comes from entry.server.tsx, and a route
 * may deliberately send a stricter Cache-Control. `noindex` (PREVIEW_MODE=on) keeps every answer
 * of a preview out of search engines, whatever a route said.
 */
export function secureResponse(response: Response, request: Request, options: { noindex?: boolean } = {}): Response {
  // A WebSocket upgrade cannot be copied; this site has none, but never break one.
  if (response.status === 101) return response;
  const secured = withWritableHeaders(response);
  const headers = secured.headers;
  const url = new URL(request.url);

  for (const [name, value] of Object.entries(BASELINE_SECURITY_HEADERS)) {
    if (!headers.has(name)) headers.set(name, value);
  }
  if (!isLocalHost(url.hostname) && !headers.has("Strict-Transport-Security")) {
    headers.set("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
  }
  const isDocument = (headers.get("Content-Type") ?? "").toLowerCase().startsWith("text/html");
  if (!isDocument && !headers.has("Content-Security-Policy")) {
    headers.set("Content-Security-Policy", NON_DOCUMENT_CSP);
  }
  if (options.noindex) headers.set("X-Robots-Tag", PREVIEW_ROBOTS_TAG);
  if (showsVisitorData(url.pathname) && !/\bno-store\b/i.test(headers.get("Cache-Control") ?? "")) {
    headers.set("Cache-Control", "no-store");
  }
  return secured;
}
