import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// @ts-ignore The build exists only after `npm run build`.
import * as build from "./build/server";
import { getLoadContext, type Env } from "./load-context";
import { parseEnv, ConfigError } from "./app/utils/env.server";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

export default {
  async fetch(request, env, ctx) {
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
    const loadContext = getLoadContext({
      request,
      context: {
        cloudflare: {
          cf: request.cf as never,
          ctx: {
            waitUntil: ctx.waitUntil.bind(ctx),
            passThroughOnException: ctx.passThroughOnException.bind(ctx),
          },
          caches: caches as never,
          env,
        },
      },
    });
    return handleRemixRequest(request, loadContext);
  },
} satisfies ExportedHandler<Env>;
