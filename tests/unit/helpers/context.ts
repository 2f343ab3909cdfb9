import type { AppLoadContext } from "@remix-run/cloudflare";
import { getRequestContext, type RequestContext } from "~/utils/context.server";

/**
 * A RequestContext built the way the Worker builds one, for a URL and bindings (vars included).
 * `settle()` waits for the work the request left running after its response (e-mail sends).
 */
export function testContext(url: string, bindings: Record<string, unknown> = {}) {
  const background: Promise<unknown>[] = [];
  const load = {
    cloudflare: {
      env: bindings,
      ctx: { waitUntil: (promise: Promise<unknown>) => void background.push(promise), passThroughOnException() {} },
      cf: {},
      caches: {},
    },
  } as unknown as AppLoadContext;
  const ctx: RequestContext = getRequestContext(new Request(url), load);
  return {
    ctx,
    load,
    async settle() {
      while (background.length) await Promise.allSettled(background.splice(0));
    },
  };
}
