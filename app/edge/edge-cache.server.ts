import { isbot } from "isbot";
import { CONSENT_COOKIE, readConsent } from "~/consent/consent.server";
import { buildInfo } from "~/platform/build-info";
import type { AppEnv } from "~/utils/env.server";
import { looksLikeReferralCode } from "~/referrals/code-shape";
import { createNonce } from "~/utils/security.server";
import { contentKeyOf } from "~/utils/variant";
import { isSportLanding, resolveVariant } from "~/utils/variant.server";

/**
 * Public pages from the edge cache (docs/decisions/033-edge-cache.md). The pages below are the same
 * for every visitor of a host and variant, so after one render they are served from `caches.default`
 * (per data centre, keyed by a URL we build, so the host is always in the key). What depends on the
 * visitor never enters the cached copy:
 * - the render sees a request with only the page's own parameters and only the consent cookie
 *   (no session, no ?r= or utm_*), so no loader can put anything personal in the page or a cookie;
 * - the landing view and the ?r=/utm_* attribution are one small uncached request of the page's own
 *   (the `landed` image, routes/landed.ts), whose address gets the visitor's parameters per response;
 * - "A friend invited you" is in every copy, hidden, and shown per response for a ?r= link;
 * - the consent choice is one of three copies (none yet, granted, denied): the banner and the pixel;
 * - the CSP nonce and the consent forms' submission ids are made fresh for each response.
 */

/** Paths whose page depends only on host, variant and consent (and a sport edition's landing path). */
const CACHEABLE_PATHS: ReadonlySet<string> = new Set(["/", "/faq", "/pricing", "/privacy", "/terms", "/guide", "/tips"]);
/**
 * Query parameters that change the page: the variant on loopback and preview hosts, and the public
 * club a club link opened the landing page with (one copy per club; its name is public).
 */
const PAGE_PARAMS: ReadonlySet<string> = new Set(["domain", "sport", "club"]);
/** A club's slug, as club links make them; any other ?club= is rendered fresh (and sent home). */
const CLUB_SLUG = /^[a-z0-9-]{1,60}$/;
/** Parameters that say where a visitor came from (c: the share channel): never in the key, handed to the `landed` request. */
const ATTRIBUTION_PARAM = /^(r|c|utm_(source|medium|campaign|term|content))$/;
/** Ad networks' click ids: dropped (nothing here reads them). */
const CLICK_ID_PARAM = /^(fbclid|gclid|gbraid|wbraid|msclkid|dclid|twclid|ttclid|li_fat_id|mc_cid|mc_eid)$/;
/** Seconds a copy is kept; the build and deployment are in the key, so a deploy never serves an old page. */
const CACHE_SECONDS = 86_400;
/** The cached copies' own origin: a key, never fetched. */
const KEY_ORIGIN = "https://edge-cache.invalid";

const EDGE_CACHE_HEADER = "X-Edge-Cache";

export type EdgePlan =
  | { cache: false }
  | {
      cache: true;
      /** The cached copy's key: build, deployment, host, variant, path, page parameters, consent. */
      key: Request;
      /** What Remix renders on a miss: the page's URL and the consent cookie, nothing of the visitor. */
      render: Request;
      /** The visitor's ?r= and utm_* parameters, for the `landed` request of this response. */
      attribution: URLSearchParams;
    };

type EdgeEnv = Pick<AppEnv, "GENIUS_HOSTS" | "CHAMPION_HOSTS" | "PREVIEW_MODE" | "LAUNCH_MODE">;

/** Whether a request gets the cached page, and under which key. */
export function planEdgeCache(request: Request, env: EdgeEnv, deployment = ""): EdgePlan {
  if (request.method !== "GET" || env.PREVIEW_MODE === "on") return { cache: false };
  const url = new URL(request.url);
  const variant = resolveVariant(url, env);
  const landing = url.pathname === "/" || isSportLanding(url, variant);
  if (!CACHEABLE_PATHS.has(url.pathname) && !landing) return { cache: false };
  const page = new URLSearchParams();
  const attribution = new URLSearchParams();
  for (const [name, value] of url.searchParams) {
    // Only a landing page has a club's copy; ?club= elsewhere is rendered fresh.
    if (name === "club" && !(landing && CLUB_SLUG.test(value))) return { cache: false };
    if (PAGE_PARAMS.has(name)) page.append(name, value);
    else if (ATTRIBUTION_PARAM.test(name)) attribution.append(name, value);
    // Any other parameter (?consent=change, a typo, a cache-buster) may change the page: rendered fresh.
    else if (!CLICK_ID_PARAM.test(name)) return { cache: false };
  }
  // A link preview of a parent's shared link unfurls into their child's stage (the landing's meta).
  if (attribution.has("r") && isbot(request.headers.get("User-Agent") ?? "")) return { cache: false };
  page.sort();
  const consent = readConsent(request.headers.get("Cookie"));
  const query = page.size ? `?${page}` : "";
  const build = buildInfo();
  const version = [build.commit, build.builtAt, deployment, env.LAUNCH_MODE].map(encodeURIComponent).join(",");
  const key = `${KEY_ORIGIN}/${version}/${url.host}/${contentKeyOf(variant)}/${consent ?? "unset"}${url.pathname}${query}`;
  const headers = new Headers(request.headers);
  headers.delete("Cookie");
  headers.delete("Referer");
  if (consent) headers.set("Cookie", `${CONSENT_COOKIE}=${consent}`);
  return { cache: true, key: new Request(key), render: new Request(`${url.origin}${url.pathname}${query}`, { headers }), attribution };
}

/**
 * The page for a planned request: the cached copy, or Remix's render (`render`), stored when it is a
 * plain 200 without a cookie. Either way the visitor gets it with their own nonce, submission ids
 * and `landed` address, and `X-Edge-Cache: HIT` or `MISS`.
 */
export async function serveFromEdge(
  plan: Extract<EdgePlan, { cache: true }>,
  waitUntil: (promise: Promise<unknown>) => void,
  render: (request: Request) => Promise<Response>,
): Promise<Response> {
  const remembered = memory.get(plan.key.url);
  if (remembered) return forVisitor(new Response(remembered.body, remembered.init), plan.attribution, "HIT");
  // The Workers runtime's own cache (the DOM's CacheStorage type has no `default`).
  const cache = (caches as unknown as { default: Cache }).default;
  const cached = await cache.match(plan.key);
  if (cached) return forVisitor(await remember(plan.key.url, cached), plan.attribution, "HIT");
  const response = await render(plan.render);
  const storable =
    response.status === 200 && !response.headers.has("Set-Cookie") && (response.headers.get("Content-Type") ?? "").startsWith("text/html");
  if (!storable) return forVisitor(response, plan.attribution, "BYPASS");
  const copy = new Response(response.clone().body, response);
  copy.headers.set("Cache-Control", `public, max-age=${CACHE_SECONDS}`);
  waitUntil(cache.put(plan.key, copy));
  return forVisitor(await remember(plan.key.url, response), plan.attribution, "MISS");
}

/**
 * The pages this isolate has served lately, by key: a Worker's isolate serves many requests, and a
 * page from memory skips the cache's round trip. Few and small (a page is tens of KiB; at most
 * MEMORY_PAGES, the oldest forgotten first), and keyed like the cache, so never stale after a deploy.
 */
const MEMORY_PAGES = 64;
const memory = new Map<string, { body: ArrayBuffer; init: ResponseInit }>();

async function remember(key: string, page: Response): Promise<Response> {
  const body = await page.arrayBuffer();
  const init = { status: page.status, statusText: page.statusText, headers: [...page.headers] as [string, string][] };
  memory.delete(key);
  memory.set(key, { body, init });
  if (memory.size > MEMORY_PAGES) memory.delete(memory.keys().next().value!);
  return new Response(body, init);
}

/** A copy of the page for one visitor: fresh nonce and submission ids, their attribution on `landed`. */
function forVisitor(page: Response, attribution: URLSearchParams, state: "HIT" | "MISS" | "BYPASS"): Response {
  const nonce = createNonce();
  const headers = new Headers(page.headers);
  const csp = headers.get("Content-Security-Policy");
  if (csp) headers.set("Content-Security-Policy", csp.replace(/'nonce-[^']*'/g, `'nonce-${nonce}'`));
  // The browser asks again each time: the page changes with the visitor's consent choice.
  headers.set("Cache-Control", "no-cache");
  headers.set(EDGE_CACHE_HEADER, state);
  const rewriter = new HTMLRewriter()
    .on("[nonce]", { element: (element) => void element.setAttribute("nonce", nonce) })
    .on("input[data-fresh-id]", { element: (element) => void element.setAttribute("value", crypto.randomUUID()) })
    // A friend's link: the landing page's "A friend invited you", in every copy, shown for this visitor.
    .on("[data-arrival-friend]", {
      element(element) {
        if (looksLikeReferralCode(attribution.get("r"))) element.removeAttribute("hidden");
      },
    })
    .on("img[data-landed]", {
      element(element) {
        // The rewriter reads and writes attribute values as they stand in the HTML: `&` is `&amp;`.
        const src = element.getAttribute("src")?.replaceAll("&amp;", "&");
        if (!src || attribution.size === 0) return;
        const url = new URL(src, KEY_ORIGIN);
        for (const [name, value] of attribution) url.searchParams.append(name, value);
        element.setAttribute("src", `${url.pathname}${url.search}`.replaceAll("&", "&amp;"));
      },
    });
  return rewriter.transform(new Response(page.body, { status: page.status, statusText: page.statusText, headers }));
}
