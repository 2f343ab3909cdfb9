import type { UIMatch } from "@remix-run/react";

/**
 * Routes opt in to client JavaScript with `export const handle = { hydrate: true }`.
 * Pages without interactive parts ship no framework bundle (docs/decisions/002-hydrate-only-interactive-pages.md).
 */
export type RouteHandle = {
  hydrate?: boolean;
  /** The landing page has no header (SPEC 2.3). */
  hideHeader?: boolean;
};

export function shouldHydrate(matches: UIMatch[]): boolean {
  return matches.some((match) => (match.handle as RouteHandle | undefined)?.hydrate === true);
}

/**
 * The landing page has no header, and neither has a page that renders it in its place
 * (unknown paths, switched-off QA and dev pages: their loaders return `rendersHome: true`).
 */
export function shouldHideHeader(matches: UIMatch[]): boolean {
  return matches.some(
    (match) =>
      (match.handle as RouteHandle | undefined)?.hideHeader === true ||
      (match.data as { rendersHome?: boolean } | undefined)?.rendersHome === true,
  );
}
