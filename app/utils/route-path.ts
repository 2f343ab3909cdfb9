/**
 * A request path as the router matches it: percent-decoded, lower-case (route matching ignores
 * case), repeated and trailing slashes dropped, and a single-fetch data request (`/form.data`,
 * `/_root.data`) named by the page it loads. Rules keyed by path use this, so no other spelling
 * of a path slips past them.
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
