import { linkTo } from "~/utils/links";
import { QA_PAGE_PATHS } from "~/qa/qa-paths";
import { isUnder, routePath } from "~/utils/route-path";
import type { Variant } from "~/utils/variant";

/** Query switch that re-opens the consent banner (the footer's "Cookie settings" link). */
const CONSENT_CHANGE_PARAM = "consent";

/**
 * The current page as a link in the visitor's variant, without the banner switch and with `params`
 * added. Built from the router location (not loader data) so it follows client-side navigation.
 */
export function currentPageLink(
  variant: Variant,
  location: { pathname: string; search: string },
  params: Record<string, string> = {},
): string {
  const keep: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(location.search)) {
    if (key !== CONSENT_CHANGE_PARAM && key !== "domain" && key !== "sport") keep[key] = value;
  }
  return linkTo(variant, location.pathname, { ...keep, ...params });
}

/** The banner shows until the visitor chooses, and again when asked for with `?consent=change`. */
export function shouldShowBanner(choice: string | null, search: string): boolean {
  return choice === null || new URLSearchParams(search).get(CONSENT_CHANGE_PARAM) === "change";
}

const ADMIN_ROUTE_ID = /^routes\/admin\//;

/**
 * The banner asks on every page but the admin console (/admin*): no pixel ever loads there (see
 * `pixelAllowed`), so there is nothing to ask, and the pinned bar covered the console's bottom row.
 * `routeIds` are the ids of the matched routes, checked besides the path as for the pixel.
 */
export function bannerAllowed(pathname: string, routeIds: readonly string[]): boolean {
  return !routePath(pathname).startsWith("/admin") && !routeIds.some((id) => ADMIN_ROUTE_ID.test(id));
}

/**
 * Route modules of the staff pages: admin, the local dev tools and the QA pages (the routes/qa/
 * folder and the e-mail template preview). Checked besides the path, so a spelling of a URL that
 * still reaches one of these routes never gets the pixel either.
 */
const STAFF_ROUTE_ID = /^routes\/(admin\/|dev\.|qa\/|test-email-templates$)/;

/**
 * Pages opened from a parent's signed link (`?t=`): the link is their key to the page, and a pixel
 * would hand the whole URL to the advertiser.
 */
const SIGNED_LINK_ROUTE_ID = /^routes\/(verify-email|status|invite|my-data|my-data-download|clubs\/confirm)$/;

/**
 * Whether the advertising pixel may load on a page (consent is checked separately): never on
 * admin (/admin*), dev (/dev/*) or QA pages, whatever the visitor chose. Staff pages show leads and
 * mails, and their visits are not marketing traffic. Nor on the pages of a parent's signed links.
 * `routeIds` are the ids of the matched routes.
 */
export function pixelAllowed(pathname: string, routeIds: readonly string[]): boolean {
  const path = routePath(pathname);
  if (path.startsWith("/admin") || isUnder(path, "/dev")) return false;
  if ((QA_PAGE_PATHS as readonly string[]).includes(path)) return false;
  // The parent's data page (export and erasure): its token is the key to everything we hold about them.
  if (isUnder(path, "/my-data")) return false;
  return !routeIds.some((id) => STAFF_ROUTE_ID.test(id) || SIGNED_LINK_ROUTE_ID.test(id));
}
