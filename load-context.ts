import type { AppLoadContext } from "@remix-run/cloudflare";
import type { PlatformProxy } from "wrangler";

// `Env` is global: worker-configuration.d.ts (`npm run types:worker`, from wrangler.toml: [vars],
// D1, rate limiters) plus the secrets declared in app/utils/env.server.ts.
type Cloudflare = Omit<PlatformProxy<Env>, "dispose">;

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: Cloudflare;
    /** A single-fetch `.data` request (the browser ran our JavaScript); Remix strips the suffix before loaders see the URL. */
    singleFetch?: boolean;
  }
}

// Shape shared by Vite dev (getPlatformProxy) and the Worker entry (server.ts).
export function getLoadContext({ request, context }: { request: Request; context: { cloudflare: Cloudflare } }): AppLoadContext {
  return { cloudflare: context.cloudflare, singleFetch: new URL(request.url).pathname.endsWith(".data") };
}
