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
      // The running build (branch, commit, build time), in every mode.
      route("__version", "routes/version.ts", { id: "routes/version" });
      // The Playwright suite's SQL onto the local D1 (E2E_D1_TOKEN, loopback only; else 404).
      route("__e2e/d1", "routes/e2e.d1.ts", { id: "routes/e2e.d1" });
      // Internal QA pages (SPEC 2.15); hidden when QA_PAGES=off (app/qa/qa.server.ts). /qa lists them all.
      route("qa", "routes/qa/index.tsx", { id: "routes/qa/index" });
      route("test-content", "routes/qa/test-content.tsx", { id: "routes/qa/test-content" });
      route("debug-content", "routes/qa/debug-content.tsx", { id: "routes/qa/debug-content" });
      route("test-plans", "routes/qa/test-plans.tsx", { id: "routes/qa/test-plans" });
      route("test-confirm-pages", "routes/qa/test-confirm-pages.tsx", { id: "routes/qa/test-confirm-pages" });
      route("test-urls", "routes/qa/test-urls.tsx", { id: "routes/qa/test-urls" });
      route("debug-domain", "routes/qa/debug-domain.tsx", { id: "routes/qa/debug-domain" });
      route("simple-test", "routes/qa/simple-test.tsx", { id: "routes/qa/simple-test" });
      route("test-content-loading", "routes/qa/test-content-loading.tsx", { id: "routes/qa/test-content-loading" });
      route("test-table-selection", "routes/qa/test-table-selection.tsx", { id: "routes/qa/test-table-selection" });
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
      // The referral engine: double opt-in button page and the parent's status page (signed links).
      route("/verify-email", "routes/verify-email.tsx", { id: "routes/verify-email" });
      route("/status", "routes/status.tsx", { id: "routes/status" });
      // A wave's invite (docs/decisions/025-waves-and-invites.md): signed, single-use link.
      route("/invite", "routes/invite.tsx", { id: "routes/invite" });
      // The parent's data: download and erasure from the signed "Manage my data" link (docs/decisions/014-erasure.md).
      route("/my-data", "routes/my-data.tsx", { id: "routes/my-data" });
      route("/my-data/download", "routes/my-data-download.ts", { id: "routes/my-data-download" });
      route("/unsubscribe", "routes/unsubscribe.tsx", { id: "routes/unsubscribe" });
      route("webhooks/resend", "routes/webhooks.resend.ts", { id: "routes/webhooks.resend" });
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
      // The pages share one pathless layout (the console frame): pathless, so /admin itself stays
      // the site's 404 and every page keeps its URL. The two downloads are resource routes, outside it.
      route("", "routes/admin/layout.tsx", { id: "routes/admin/layout" }, () => {
        route("admin/leads", "routes/admin/leads.tsx", { id: "routes/admin/leads" });
        route("admin/leads/:id/edit", "routes/admin/lead-edit.tsx", { id: "routes/admin/lead-edit" });
        route("admin/leads/:id/delete", "routes/admin/lead-delete.tsx", { id: "routes/admin/lead-delete" });
        route("admin/leads/:id/data", "routes/admin/lead-data.tsx", { id: "routes/admin/lead-data" });
        route("admin/referrals", "routes/admin/referrals.tsx", { id: "routes/admin/referrals" });
        route("admin/analytics", "routes/admin/analytics.tsx", { id: "routes/admin/analytics" });
        route("admin/mail", "routes/admin/mail.tsx", { id: "routes/admin/mail" });
        route("admin/launch", "routes/admin/launch.tsx", { id: "routes/admin/launch" });
        route("admin/waves", "routes/admin/waves.tsx", { id: "routes/admin/waves" });
      });
      route("admin/leads.csv", "routes/admin/leads-csv.ts", { id: "routes/admin/leads-csv" });
      route("admin/leads/:id/export", "routes/admin/lead-export.ts", { id: "routes/admin/lead-export" });
      // Unknown paths render the landing page with a 404 status.
      route("*", "routes/not-found.tsx", { id: "routes/not-found" });
    });
  },
} satisfies VitePluginConfig;

export default remixConfig;
