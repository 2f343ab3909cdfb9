import type { RequestContext } from "~/utils/context.server";
import { captureAttribution, commitSession, getSession, hasAttributionParams } from "~/utils/session.server";
import { track } from "./analytics.server";
import type { EventName } from "./events";

/**
 * The `landed` image (docs/decisions/033-edge-cache.md): the landing pages come from the edge cache,
 * where no loader runs, so each page carries a tiny image whose request does what their loaders did
 * per visit. It counts the page's view, and keeps the visitor's ?r= and utm_* (added to its address
 * for each response) in the session: the one cookie of a cached page, on an uncached request.
 * An image, so it needs no JavaScript.
 */
const LANDED_PAGES = { home: "landing_view", guide: "guide_landing_view", tips: "tips_landing_view" } as const satisfies Record<
  string,
  EventName
>;
export type LandedPage = keyof typeof LANDED_PAGES;

/** A transparent 1x1 GIF. */
const PIXEL = Uint8Array.from(atob("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"), (c) => c.charCodeAt(0));

export async function recordLanding(request: Request, ctx: RequestContext): Promise<Response> {
  const page = ctx.url.searchParams.get("page") ?? "";
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (!Object.hasOwn(LANDED_PAGES, page)) {
    headers.set("Content-Type", "text/plain; charset=utf-8");
    return new Response("Unknown page.", { status: 400, headers });
  }
  const session = await getSession(request, ctx);
  const captured = hasAttributionParams(ctx.url) && captureAttribution(ctx.url, session);
  // A visit id only where the cookie is written anyway: counting never adds a cookie of its own.
  track(ctx, LANDED_PAGES[page as LandedPage], { session, saves: captured });
  if (captured) headers.set("Set-Cookie", await commitSession(session, ctx));
  headers.set("Content-Type", "image/gif");
  return new Response(PIXEL, { headers });
}
