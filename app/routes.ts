import type { RouteConfig } from "@remix-run/route-config";
import { index, layout, route } from "./route-config";

/**
 * The route table: every path of SPEC 2.2 maps to one module here. Nothing else is a route: with a
 * routes.ts, Remix reads no file conventions, so a file in app/routes/ becomes a page only when named
 * here. A route's id is its file without the extension (e.g. "routes/admin/layout"), which
 * useRouteLoaderData and the pixel's route rule rely on.
 */
export default [
  index("routes/home.tsx"),
  route("faq", "routes/faq.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("terms", "routes/terms.tsx"),
  route("consent", "routes/consent.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  // The landing pages' visit image: their view and attribution, as they may come from the edge cache.
  route("landed", "routes/landed.ts"),
  // The running build (branch, commit, build time), in every mode.
  route("__version", "routes/version.ts"),
  // The Playwright suite's SQL onto the local D1 (E2E_D1_TOKEN, loopback only; else 404).
  route("__e2e/d1", "routes/e2e.d1.ts"),
  // Internal QA pages (SPEC 2.15); hidden when QA_PAGES=off (app/qa/qa.server.ts). /qa lists them all.
  route("qa", "routes/qa/index.tsx"),
  route("test-content", "routes/qa/test-content.tsx"),
  route("debug-content", "routes/qa/debug-content.tsx"),
  route("test-plans", "routes/qa/test-plans.tsx"),
  route("test-confirm-pages", "routes/qa/test-confirm-pages.tsx"),
  route("test-urls", "routes/qa/test-urls.tsx"),
  route("debug-domain", "routes/qa/debug-domain.tsx"),
  route("simple-test", "routes/qa/simple-test.tsx"),
  route("test-content-loading", "routes/qa/test-content-loading.tsx"),
  route("test-table-selection", "routes/qa/test-table-selection.tsx"),
  // Free guide and free tips funnels (SPEC 2.12).
  route("guide", "routes/guide.tsx"),
  route("guide-form", "routes/guide-form.tsx"),
  route("guide-confirm", "routes/guide-confirm.tsx"),
  route("tips", "routes/tips.tsx"),
  route("tips-form", "routes/tips-form.tsx"),
  route("tips-confirm", "routes/tips-confirm.tsx"),
  route("form", "routes/form.tsx"),
  route("roadmap", "routes/roadmap.tsx"),
  route("plans", "routes/plans.tsx"),
  route("pricing", "routes/pricing.tsx"),
  route("confirm", "routes/confirm.tsx"),
  route("follow", "routes/follow.ts"),
  // The referral engine: double opt-in button page and the parent's status page (signed links).
  route("verify-email", "routes/verify-email.tsx"),
  route("status", "routes/status.tsx"),
  // "Lost my link": the status link mailed to a listed address; reads the same for every address (ADR 034).
  route("lost-link", "routes/lost-link.tsx"),
  // The share card: a parent's answers as the picture their link unfurls into, and the short link (ADR 037).
  route("card/:code/:file", "routes/card.ts"),
  route("r/:code", "routes/r.ts"),
  // Club pools of the sport editions (docs/decisions/039-clubs.md): registration, the club link, public pages.
  route("clubs", "routes/clubs/leaderboard.tsx"),
  route("clubs/new", "routes/clubs/new.tsx"),
  route("clubs/confirm", "routes/clubs/confirm.tsx"),
  route("clubs/:slug", "routes/clubs/club.tsx"),
  route("c/:slug", "routes/clubs/link.ts"),
  // A wave's invite (docs/decisions/025-waves-and-invites.md): signed, single-use link.
  route("invite", "routes/invite.tsx"),
  // The parent's data: download and erasure from the signed "Manage my data" link (docs/decisions/014-erasure.md).
  route("my-data", "routes/my-data.tsx"),
  route("my-data/download", "routes/my-data-download.ts"),
  // A download reward's file through its signed, expiring link (docs/decisions/035-rewards-and-revocation.md).
  route("rewards/download", "routes/rewards-download.ts"),
  route("unsubscribe", "routes/unsubscribe.tsx"),
  route("webhooks/resend", "routes/webhooks.resend.ts"),
  // E-mail (issue 4): QA preview, local outbox, server-to-server send API.
  route("test-email-templates", "routes/test-email-templates.tsx"),
  route("dev/outbox", "routes/dev.outbox.tsx"),
  route("dev/outbox.json", "routes/dev.outbox-json.ts"),
  route("api/send-email", "routes/api.send-email.ts"),
  // Account creation and sign-in (issue 5).
  route("signup", "routes/signup.tsx"),
  route("signup-confirm", "routes/signup-confirm.tsx"),
  route("signout", "routes/signout.ts"),
  // Admin lead management (SPEC 2.14): not in the public route table, not linked from any page.
  // The pages share one pathless layout (the console frame): pathless, so /admin itself stays
  // the site's 404 and every page keeps its URL. The two downloads are resource routes, outside it.
  layout("routes/admin/layout.tsx", [
    route("admin/leads", "routes/admin/leads.tsx"),
    route("admin/leads/:id/edit", "routes/admin/lead-edit.tsx"),
    route("admin/leads/:id/delete", "routes/admin/lead-delete.tsx"),
    route("admin/leads/:id/data", "routes/admin/lead-data.tsx"),
    route("admin/referrals", "routes/admin/referrals.tsx"),
    // Held credits and the IP safelist (issue 34, ADR 036).
    route("admin/referrals/review", "routes/admin/referrals-review.tsx"),
    route("admin/safelist", "routes/admin/safelist.tsx"),
    route("admin/analytics", "routes/admin/analytics.tsx"),
    route("admin/mail", "routes/admin/mail.tsx"),
    route("admin/launch", "routes/admin/launch.tsx"),
    route("admin/waves", "routes/admin/waves.tsx"),
    route("admin/rewards", "routes/admin/rewards.tsx"),
    // Club pools (ADR 039): review, merge, milestones.
    route("admin/clubs", "routes/admin/clubs.tsx"),
    // Signed webhooks out (issue 35, ADR 038).
    route("admin/webhooks", "routes/admin/webhooks.tsx"),
    // Every admin change with its admin, by kind.
    route("admin/audit", "routes/admin/audit.tsx"),
  ]),
  route("admin/leads.csv", "routes/admin/leads-csv.ts"),
  route("admin/leads/:id/export", "routes/admin/lead-export.ts"),
  route("admin/rewards.csv", "routes/admin/rewards-csv.ts"),
  route("admin/clubs.csv", "routes/admin/clubs-csv.ts"),
  // Unknown paths render the landing page with a 404 status.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
