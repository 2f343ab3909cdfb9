import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// @ts-ignore The build exists only after `npm run build`.
import * as build from "./build/server";
import { getLoadContext } from "./load-context";
import { parseEnv, ConfigError } from "./app/utils/env.server";
import { isCrossOriginWrite } from "./app/utils/security.server";
import { describeRetry, retryFailedMail } from "./app/mail/mailer.server";
import { acceptsCrossOriginPost, guardRequest } from "./app/platform/request-guard.server";
import { describeRetention, enforceRetention } from "./app/trust/retention.server";
import { secureResponse } from "./app/platform/response-headers.server";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

async function handleFetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  try {
    // Fail fast and say why when the configuration is wrong.
    parseEnv(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return new Response(error.message, { status: 500 });
    }
    throw error;
  }
  if (isCrossOriginWrite(request) && !acceptsCrossOriginPost(new URL(request.url))) {
    return new Response("Cross-origin form posts are not accepted.", { status: 403 });
  }
  const guarded = await guardRequest(request);
  if (!guarded.ok) return guarded.response;
  // The guard has read the body to check it: Remix gets the request that carries the checked bytes.
  request = guarded.request;
  if (acceptsCrossOriginPost(new URL(request.url)) && request.headers.has("Origin")) {
    // Remix aborts a document POST whose Origin is not its host (a 500). These routes are
    // authenticated by their signed token or signature, not by cookies, so Origin means nothing
    // to them: a mail client's one-click unsubscribe from its own origin must still work.
    const headers = new Headers(request.headers);
    headers.delete("Origin");
    request = new Request(request, { headers });
  }
  const loadContext = getLoadContext({
    request,
    context: {
      cloudflare: {
        cf: request.cf as never,
        ctx,
        caches: caches as never,
        env,
      },
    },
  });
  return handleRemixRequest(request, loadContext);
}

/** A preview (PREVIEW_MODE=on) answers noindex, read raw so it holds when the configuration fails to parse. */
function isPreview(env: Env): boolean {
  return String(env.PREVIEW_MODE ?? "").trim() === "on";
}

export default {
  async fetch(request, env, ctx) {
    return secureResponse(await handleFetch(request, env, ctx), request, { noindex: isPreview(env) });
  },

  // Cron Trigger (wrangler.toml [triggers]): sends due retries and mails whose after-response send died,
  // then deletes what is past its retention period.
  // Awaited rather than left to waitUntil, so the run has the whole invocation (15 minutes) and
  // retryFailedMail's own budget decides when it ends.
  async scheduled(_controller, env) {
    const config = parseEnv(env);
    const summary = await retryFailedMail({ env: config, bindings: env });
    console.log(describeRetry(summary));
    console.log(describeRetention(await enforceRetention({ env: config, bindings: env })));
  },
} satisfies ExportedHandler<Env>;
