import type { VitePluginConfig } from "@remix-run/dev";

/**
 * Remix options: future flags and the explicit route table.
 * Every path of SPEC 2.2 maps to one module here; file-based routing is off
 * so that nothing becomes a route by accident.
 */
export const remixConfig = {
  ignoredRouteFiles: ["**/*"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
  },
  routes(defineRoutes) {
    return defineRoutes((route) => {
      route("/", "routes/home.tsx", { index: true, id: "routes/home" });
      route("faq", "routes/faq.tsx", { id: "routes/faq" });
      route("privacy", "routes/privacy.tsx", { id: "routes/privacy" });
      route("terms", "routes/terms.tsx", { id: "routes/terms" });
      route("consent", "routes/consent.ts", { id: "routes/consent" });
      route("robots.txt", "routes/robots.ts", { id: "routes/robots" });
      route("sitemap.xml", "routes/sitemap.ts", { id: "routes/sitemap" });
      // Unknown paths render the landing page with a 404 status.
      route("*", "routes/not-found.tsx", { id: "routes/not-found" });
    });
  },
} satisfies VitePluginConfig;

export default remixConfig;
