import { GENIUS, type Variant } from "./variant";

type Params = Record<string, string | number | undefined | null>;

/**
 * The one link builder (SPEC 2.1). A page name becomes a path: lower-cased, spaces to hyphens,
 * a leading slash ("Guide Form" -> "/guide-form", "" or "home" -> "/"). Champion links carry
 * domain=champion&sport={sport} so a visitor never falls out of their variant.
 * Extra params are appended after the variant's; empty values are left out.
 */
export function linkTo(variant: Variant, page: string, params: Params = {}): string {
  const name = page.trim().toLowerCase().replace(/^\/+/, "").replace(/\s+/g, "-");
  const path = name === "" || name === "home" || name === "index" ? "/" : `/${name}`;
  const search = new URLSearchParams();
  if (variant.domain === "champion") {
    search.set("domain", "champion");
    search.set("sport", variant.sport);
  }
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** An absolute link for e-mails and share messages: `{origin}` + the variant's link. */
export function absoluteLinkTo(origin: string, variant: Variant, page: string, params: Params = {}) {
  return `${origin.replace(/\/+$/, "")}${linkTo(variant, page, params)}`;
}

/** The sport editions whose landing page has a path of its own on the champion site. */
const SPORT_LANDINGS: readonly string[] = ["icehockey", "tennis"];

/** An edition's landing path (/tennis), or null for genius and sports without an edition. */
export function sportLandingPath(variant: Variant): string | null {
  return variant.domain === "champion" && SPORT_LANDINGS.includes(variant.sport) ? `/${variant.sport}` : null;
}

/**
 * The address a page is published under (canonical tag, sitemap). On the champion site
 * (`sportPaths`) an edition's home is its sport path, which names the edition by itself; every
 * other page, and every other host, uses linkTo's form, which works from either.
 */
export function publishedLinkTo(origin: string, variant: Variant, page: string, sportPaths: boolean): string {
  const landing = sportPaths && linkTo(GENIUS, page) === "/" ? sportLandingPath(variant) : null;
  return landing ? `${origin.replace(/\/+$/, "")}${landing}` : absoluteLinkTo(origin, variant, page);
}
