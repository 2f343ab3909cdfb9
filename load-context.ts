import type { AppLoadContext } from "@remix-run/cloudflare";
import type { PlatformProxy } from "wrangler";

/** Bindings and variables of the Worker (wrangler.toml [vars], secrets, D1). */
export interface Env {
  DB: D1Database;
  [key: string]: unknown;
}

type Cloudflare = Omit<PlatformProxy<Env>, "dispose">;

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: Cloudflare;
  }
}

// Shape shared by Vite dev (getPlatformProxy) and the Worker entry (server.ts).
export function getLoadContext({
  context,
}: {
  request: Request;
  context: { cloudflare: Cloudflare };
}): AppLoadContext {
  return { cloudflare: context.cloudflare };
}
