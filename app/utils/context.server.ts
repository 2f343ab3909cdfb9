import type { AppLoadContext } from "@remix-run/cloudflare";
import { isbot } from "isbot";
import { parseEnv, type AppEnv } from "./env.server";
import { isLocalHost, publicOrigin, resolveVariant, usesSportPaths } from "./variant.server";
import { contentKeyOf, leadTableOf, type ContentKey, type LeadTable, type Variant } from "./variant";

export type RequestContext = {
  env: AppEnv;
  /** Raw bindings (D1, rate limiters); use `env` for configuration values. */
  bindings: AppLoadContext["cloudflare"]["env"];
  url: URL;
  /** The variant's configured public origin: the base of every link we send out (never the Host header). */
  origin: string;
  isLocal: boolean;
  /** The champion site: an edition's home is published as its sport path (/tennis). */
  sportPaths: boolean;
  variant: Variant;
  contentKey: ContentKey;
  leadTable: LeadTable;
  /** Work that goes on after the response (e-mail sends, analytics); failures are logged only. */
  waitUntil: (promise: Promise<unknown>) => void;
  /**
   * What analytics may know of the client: a known bot (never counted), and whether it ran our
   * JavaScript: a single-fetch request is JS on, a document POST is JS off, a document GET cannot tell (null).
   */
  client: { bot: boolean; js: boolean | null };
};

/** Everything a loader or action needs to know about the request's variant and configuration. */
export function getRequestContext(request: Request, context: AppLoadContext): RequestContext {
  const bindings = context.cloudflare.env;
  const env = parseEnv(bindings);
  const url = new URL(request.url);
  const variant = resolveVariant(url, env);
  const platform = context.cloudflare.ctx as Partial<ExecutionContext> | undefined;
  return {
    env,
    bindings,
    url,
    origin: publicOrigin(url, variant, env),
    isLocal: isLocalHost(url.hostname),
    sportPaths: usesSportPaths(url, env),
    variant,
    contentKey: contentKeyOf(variant),
    leadTable: leadTableOf(variant),
    client: {
      bot: isbot(request.headers.get("user-agent") ?? ""),
      js: context.singleFetch ? true : request.method === "GET" || request.method === "HEAD" ? null : false,
    },
    waitUntil: (promise) => {
      // The last resort: every caller catches and logs its own failure as a named event. Not through
      // app/platform/log.server.ts, as utils sits below platform (scripts/check-folder-cycles.mjs).
      const settled = promise.catch((error) => console.error("background work failed", error));
      if (platform?.waitUntil) platform.waitUntil(settled);
    },
  };
}

/**
 * Remix hands every loader and action of one request (a page's layout and page loaders, a form
 * post's action and the loaders after it) the same load context, but each builds its own
 * RequestContext. Work they all need once per request is kept here, keyed by that load context.
 */
const perRequest = new WeakMap<AppLoadContext, Map<string, unknown>>();

/** `compute()` once per request under `key`: later callers in the same request get its result (or its rejection). */
export function oncePerRequest<T>(context: AppLoadContext, key: string, compute: () => Promise<T>): Promise<T> {
  let memo = perRequest.get(context);
  if (!memo) perRequest.set(context, (memo = new Map()));
  if (!memo.has(key)) memo.set(key, compute());
  return memo.get(key) as Promise<T>;
}
