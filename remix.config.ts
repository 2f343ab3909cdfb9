import type { VitePluginConfig } from "@remix-run/dev";

/** Remix options: every v3 future flag on, so the move to React Router 7 is imports and renames. */
export const remixConfig = {
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
    // The route table is app/routes.ts (docs/decisions/032-remix-v2-end-of-life.md).
    v3_routeConfig: true,
  },
} satisfies VitePluginConfig;
