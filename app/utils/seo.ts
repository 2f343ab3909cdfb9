import type { MetaDescriptor } from "@remix-run/cloudflare";
import { publishedLinkTo } from "./links";
import type { Variant } from "./variant";

/** What the root loader provides for meta tags. */
type SeoRoot = {
  variant: Variant;
  origin: string;
  /** On the champion site an edition's home is published as its sport path. */
  sportPaths?: boolean;
  /** A preview (PREVIEW_MODE=on): it names no canonical address, so nothing points search engines at it. */
  preview?: boolean;
  site: { title: string; wordmark: string; metaDescription: string; shareImage: string };
};

type SeoInput = {
  root: SeoRoot;
  /** Page name for the link builder ("home", "faq"): the canonical URL in the visitor's variant. */
  page: string;
  /** The page's own title; the site title is appended. Omit for the site title alone. */
  title?: string;
  /** A complete title used as is (the landing page's, which already names the brand). */
  fullTitle?: string;
  description?: string;
  type?: "website" | "article";
  /** What a shared link unfurls into when it differs from the page (a referral link's card). */
  share?: { image: string; imageAlt: string; title: string; description: string; width: number; height: number } | null;
};

/** The brands' own pictures (site.shareImage, public/images/share-{variant}.png) are all 1200×630. */
const SITE_IMAGE_SIZE = { width: 1200, height: 630 };

/**
 * Title, description, canonical URL, Open Graph and Twitter card tags for a page of a variant.
 * Every route's `meta` goes through this (usually via `pageMeta`) so shared previews stay consistent.
 */
export function seoMeta(input: SeoInput): MetaDescriptor[] {
  const { root, page, title, description, type = "website" } = input;
  const fullTitle = input.fullTitle ?? (title ? `${title} | ${root.site.title}` : root.site.title);
  const summary = description ?? root.site.metaDescription;
  const url = publishedLinkTo(root.origin, root.variant, page, root.sportPaths ?? false);
  const share = input.share ?? null;
  const image = new URL(share?.image ?? root.site.shareImage, root.origin).href;
  const shareTitle = share?.title ?? fullTitle;
  const shareSummary = share?.description ?? summary;
  return [
    { title: fullTitle },
    { name: "description", content: summary },
    ...(root.preview ? [] : [{ tagName: "link", rel: "canonical", href: url }]),
    { property: "og:type", content: type },
    { property: "og:site_name", content: root.site.wordmark },
    { property: "og:title", content: shareTitle },
    { property: "og:description", content: shareSummary },
    ...(root.preview ? [] : [{ property: "og:url", content: url }]),
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(share?.width ?? SITE_IMAGE_SIZE.width) },
    { property: "og:image:height", content: String(share?.height ?? SITE_IMAGE_SIZE.height) },
    ...(share ? [{ property: "og:image:alt", content: share.imageAlt }] : []),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: shareTitle },
    { name: "twitter:description", content: shareSummary },
    { name: "twitter:image", content: image },
  ];
}

/** The root loader's data from a meta function's `matches`. */
function rootSeoData(matches: readonly { id: string; data: unknown }[]): SeoRoot | undefined {
  const root = matches.find((match) => match.id === "root")?.data as SeoRoot | undefined;
  return root && root.site && root.origin ? root : undefined;
}

/**
 * A route's meta in one line: `export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
 * pageMeta(matches, "faq", data?.page.meta)`. Falls back to the plain title when the root failed.
 */
export function pageMeta(
  matches: readonly { id: string; data: unknown }[],
  page: string,
  copy?: Pick<SeoInput, "title" | "fullTitle" | "description" | "share">,
  extra: MetaDescriptor[] = [],
): MetaDescriptor[] {
  const root = rootSeoData(matches);
  if (!root) return [{ title: copy?.fullTitle ?? copy?.title ?? "" }, ...extra];
  return [...seoMeta({ root, page, ...copy }), ...extra];
}
