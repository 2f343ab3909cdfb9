import type { AppEnv } from "./env.server";

/** The internal test and debug pages (SPEC 2.2, 2.15). Kept out of search engines. */
export const QA_PAGE_PATHS = [
  "/test-content",
  "/debug-content",
  "/test-plans",
  "/test-confirm-pages",
  "/test-email-templates",
  "/test-urls",
  "/debug-domain",
  "/simple-test",
  "/test-content-loading",
  "/test-table-selection",
] as const;

/** QA pages are on unless the deployment sets QA_PAGES=off (production does, in wrangler.toml). */
export function qaPagesEnabled(env: Pick<AppEnv, "QA_PAGES">): boolean {
  return env.QA_PAGES !== "off";
}
