import type { AppLoadContext } from "@remix-run/cloudflare";
import { parseEnv, type AppEnv } from "./env.server";
import { isLocalHost, resolveVariant } from "./variant.server";
import { contentKeyOf, leadTableOf, type ContentKey, type LeadTable, type Variant } from "./variant";

export type RequestContext = {
  env: AppEnv;
  /** Raw bindings (D1, rate limiters); use `env` for configuration values. */
  bindings: AppLoadContext["cloudflare"]["env"];
  url: URL;
  isLocal: boolean;
  variant: Variant;
  contentKey: ContentKey;
  leadTable: LeadTable;
};

/** Everything a loader or action needs to know about the request's variant and configuration. */
export function getRequestContext(request: Request, context: AppLoadContext): RequestContext {
  const bindings = context.cloudflare.env;
  const env = parseEnv(bindings);
  const url = new URL(request.url);
  const variant = resolveVariant(url, env);
  return {
    env,
    bindings,
    url,
    isLocal: isLocalHost(url.hostname),
    variant,
    contentKey: contentKeyOf(variant),
    leadTable: leadTableOf(variant),
  };
}
