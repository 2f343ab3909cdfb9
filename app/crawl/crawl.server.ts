import { absoluteLinkTo, publishedLinkTo } from "~/utils/links";
import { QA_PAGE_PATHS } from "~/qa/qa-paths";
import type { Variant } from "~/utils/variant";

/** Public pages listed in the sitemap, as link-builder page names. */
const SITEMAP_PAGES = ["home", "form", "pricing", "faq", "privacy", "terms", "guide", "tips"];

/** The champion site serves these editions on one host; its robots.txt lists a sitemap for each. */
const CHAMPION_SPORTS = ["icehockey", "tennis"];

const PRIVATE_PREFIXES = ["/admin", "/dev", "/api"];

const escapeXml = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * sitemap.xml for the host's variant: absolute URLs from the link builder, as published
 * (`sportPaths`: on the champion site an edition's home is its sport path).
 */
export function sitemapXml(origin: string, variant: Variant, sportPaths = false): string {
  const urls = SITEMAP_PAGES.map((page) => `  <url><loc>${escapeXml(publishedLinkTo(origin, variant, page, sportPaths))}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/** The sitemaps of a host: one for genius, one per sport edition on the champion site. */
function sitemapUrls(origin: string, variant: Variant): string[] {
  if (variant.domain === "genius") return [absoluteLinkTo(origin, variant, "sitemap.xml")];
  return CHAMPION_SPORTS.map((sport) => absoluteLinkTo(origin, { domain: "champion", sport }, "sitemap.xml"));
}

/**
 * robots.txt: public pages allowed; QA pages, admin, dev tools and the API disallowed. A preview
 * disallows everything and names no sitemap: it is never to be crawled.
 */
export function robotsTxt(origin: string, variant: Variant, options: { preview?: boolean } = {}): string {
  if (options.preview) return "User-agent: *\nDisallow: /\n";
  return [
    "User-agent: *",
    "Allow: /",
    ...[...QA_PAGE_PATHS, ...PRIVATE_PREFIXES].map((path) => `Disallow: ${path}`),
    "",
    ...sitemapUrls(origin, variant).map((url) => `Sitemap: ${url}`),
    "",
  ].join("\n");
}
