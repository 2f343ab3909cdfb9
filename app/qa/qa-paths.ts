/**
 * The internal test and debug pages (SPEC 2.2, 2.15). Kept out of search engines and out of the
 * advertising pixel. In a module of its own, without server code, because the root layout (in the
 * browser too) decides on the pixel with it.
 */
export const QA_PAGE_PATHS = [
  "/qa",
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
