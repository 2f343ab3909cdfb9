/**
 * A request path as the rules keyed by path see it: percent-decoded, lower-case (route matching
 * ignores case), repeated and trailing slashes dropped, and a single-fetch data request
 * (`/form.data`, `/_root.data`) named by the page it loads. `//admin` counts as `/admin`: the
 * router sends such a spelling to the not-found page, so applying a route's rules to it costs
 * nothing, while skipping them would let a spelling of a staff or signed-link page past its
 * no-pixel and no-store rules. The request guard, the response headers and the pixel all use this
 * one function, so they agree on every spelling.
 */
export function routePath(pathname: string): string {
  let path = pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape: the router cannot decode it either; match the raw text.
  }
  path = path.toLowerCase().replace(/\/{2,}/g, "/");
  path = path.replace(/\.data$/, "");
  if (path === "/_root") return "/";
  return path.replace(/\/+$/, "") || "/";
}

/** True when `path` (a routePath) is `prefix` itself or lies under it. */
export function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}
