import { linkTo } from "./links";
import type { Variant } from "./variant";

/** Query switch that re-opens the consent banner (the footer's "Cookie settings" link). */
export const CONSENT_CHANGE_PARAM = "consent";

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
