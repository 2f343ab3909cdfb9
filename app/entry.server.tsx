import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { pixelAllowed } from "./consent/consent";
import { trackingHostsFor } from "./consent/consent.server";
import { getRequestContext } from "./utils/context.server";
import { NonceProvider } from "./utils/nonce";
import { applySecurityHeaders, contentSecurityPolicy, createNonce } from "./utils/security.server";

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = createNonce();
  const controller = new AbortController();
  const timeoutId = setTimeout(() => controller.abort(), ABORT_DELAY);

  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
    </NonceProvider>,
    {
      nonce,
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) console.error(error);
        responseStatusCode = 500;
      },
    },
  );
  body.allReady.then(() => clearTimeout(timeoutId));
  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;

  const { url, variant, env } = getRequestContext(request, loadContext);
  // The pixel's hosts are allowed only when the root layout also renders the pixel: after
  // consent, and never on admin, dev or QA pages (the same call as app/root.tsx).
  const routeIds = remixContext.staticHandlerContext.matches.map((match) => match.route.id);
  const trackingHosts = pixelAllowed(url.pathname, routeIds) ? trackingHostsFor(request.headers.get("Cookie"), variant, env) : [];
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  applySecurityHeaders(
    responseHeaders,
    url,
    contentSecurityPolicy({ nonce, trackingHosts, turnstile: Boolean(env.TURNSTILE_SITE_KEY), dev: import.meta.env.DEV }),
  );
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

// The Worker's entry points (server.ts reads them from the build, so the Worker bundles the app once).
export { createWorker } from "./worker.server";
/** What server.ts reads from the server build's entry module. */
export type WorkerEntry = { createWorker: typeof import("./worker.server").createWorker };
