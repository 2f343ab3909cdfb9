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
      // Admin lead management (SPEC 2.14): not in the public route table, not linked from any page.
      route("admin/leads", "routes/admin/leads.tsx", { id: "routes/admin/leads" });
      route("admin/leads.csv", "routes/admin/leads-csv.ts", { id: "routes/admin/leads-csv" });
      route("admin/leads/:id/edit", "routes/admin/lead-edit.tsx", { id: "routes/admin/lead-edit" });
      route("admin/leads/:id/delete", "routes/admin/lead-delete.tsx", { id: "routes/admin/lead-delete" });
      // Unknown paths render the landing page with a 404 status.
      route("*", "routes/not-found.tsx", { id: "routes/not-found" });
    });
  },
} satisfies VitePluginConfig;

export default remixConfig;
