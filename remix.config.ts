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
      // Free guide and free tips funnels (SPEC 2.12).
      route("/guide", "routes/guide.tsx", { id: "routes/guide" });
      route("/guide-form", "routes/guide-form.tsx", { id: "routes/guide-form" });
      route("/guide-confirm", "routes/guide-confirm.tsx", { id: "routes/guide-confirm" });
      route("/tips", "routes/tips.tsx", { id: "routes/tips" });
      route("/tips-form", "routes/tips-form.tsx", { id: "routes/tips-form" });
      route("/tips-confirm", "routes/tips-confirm.tsx", { id: "routes/tips-confirm" });
      route("/form", "routes/form.tsx", { id: "routes/form" });
      route("/roadmap", "routes/roadmap.tsx", { id: "routes/roadmap" });
      route("/plans", "routes/plans.tsx", { id: "routes/plans" });
      route("/pricing", "routes/pricing.tsx", { id: "routes/pricing" });
      route("/confirm", "routes/confirm.tsx", { id: "routes/confirm" });
      route("/follow", "routes/follow.ts", { id: "routes/follow" });
      // E-mail (issue 4): QA preview, local outbox, server-to-server send API.
      route("test-email-templates", "routes/test-email-templates.tsx", { id: "routes/test-email-templates" });
      route("dev/outbox", "routes/dev.outbox.tsx", { id: "routes/dev.outbox" });
      route("dev/outbox.json", "routes/dev.outbox-json.ts", { id: "routes/dev.outbox-json" });
      route("api/send-email", "routes/api.send-email.ts", { id: "routes/api.send-email" });
      // Account creation and sign-in (issue 5).
      route("signup", "routes/signup.tsx", { id: "routes/signup" });
      route("signup-confirm", "routes/signup-confirm.tsx", { id: "routes/signup-confirm" });
      route("signout", "routes/signout.ts", { id: "routes/signout" });
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
