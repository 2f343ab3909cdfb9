import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { contentByVariant, getPage, type PageName } from "#content/index";
import { pageSchemas } from "#content/schemas";
import { landingPage } from "~/landing/landing.server";
import { getRequestContext, type RequestContext } from "~/utils/context.server";
import type { AppEnv } from "~/utils/env.server";
import { linkTo } from "~/utils/links";
import type { Variant } from "~/utils/variant";

export { QA_PAGE_PATHS } from "./qa-paths";

const QA_HEADERS = { "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "no-store" };

/** QA pages are on unless the deployment sets QA_PAGES=off (production does, in wrangler.toml). */
export function qaPagesEnabled(env: Pick<AppEnv, "QA_PAGES">): boolean {
  return env.QA_PAGES !== "off";
}

/**
 * The one gate for every QA page's loader. With QA_PAGES=off the page behaves like an unknown
 * path: the landing page's data with status 404 (render it with `if (data.qaHidden) return <Home />`).
 * Otherwise `load` runs and its data is returned with `qaHidden: false` and a noindex header.
 */
export async function qaLoader<T extends object>(args: LoaderFunctionArgs, load: (ctx: RequestContext) => T | Promise<T>) {
  const ctx = getRequestContext(args.request, args.context);
  if (!qaPagesEnabled(ctx.env)) {
    return data({ ...(await landingPage(ctx)), qaHidden: true as const, rendersHome: true }, { status: 404, headers: QA_HEADERS });
  }
  return data({ ...(await load(ctx)), qaHidden: false as const }, { headers: QA_HEADERS });
}

/** `export const headers = qaHeaders` on every QA route: noindex on the document response. */
export const qaHeaders = () => QA_HEADERS;

/** Pages whose generated URLs the panel lists (SPEC 2.15). */
const PANEL_URL_PAGES = ["form", "plans", "confirm", "guide", "tips", "faq", "pricing"];

const SWITCHES: { label: string; variant: Variant; params: Record<string, string> }[] = [
  { label: "?domain=genius", variant: { domain: "genius" }, params: { domain: "genius" } },
  { label: "?domain=champion&sport=icehockey", variant: { domain: "champion", sport: "icehockey" }, params: {} },
  { label: "?domain=champion&sport=tennis", variant: { domain: "champion", sport: "tennis" }, params: {} },
];

/** What every QA page shows: detected variant, brand, URLs, content keys, titles and lead table. */
export function qaPanel(ctx: RequestContext) {
  const { variant, contentKey, leadTable, url } = ctx;
  const site = getPage(contentKey, "site");
  const own = Object.keys(contentByVariant[contentKey]);
  return {
    domain: variant.domain,
    sport: variant.domain === "champion" ? variant.sport : "none",
    brand: site.brand,
    contentKey,
    heroTitle: site.title,
    logoText: site.wordmark,
    leadTable,
    urls: PANEL_URL_PAGES.map((page) => ({ page, href: linkTo(variant, page) })),
    ownPages: own,
    fallbackPages: Object.keys(pageSchemas).filter((page) => !own.includes(page)),
    switches: SWITCHES.map((s) => ({ label: s.label, href: linkTo(s.variant, url.pathname, s.params) })),
  };
}

export type QaPanelData = ReturnType<typeof qaPanel>;

/** Thrown for a content page name that does not exist. */
export class ContentLoadError extends Error {
  name = "ContentLoadError";
}

/** Loads and validates one content page by name, as the test pages do; throws ContentLoadError. */
export function loadContentPage(ctx: Pick<RequestContext, "contentKey">, name: string) {
  if (!Object.prototype.hasOwnProperty.call(pageSchemas, name)) {
    throw new ContentLoadError(`No content page named "${name}" for ${ctx.contentKey}.`);
  }
  const page = name as PageName;
  const value = getPage(ctx.contentKey, page);
  if (value === undefined) throw new ContentLoadError(`Content page "${name}" is missing for ${ctx.contentKey}.`);
  const parsed = pageSchemas[page].safeParse(value);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new ContentLoadError(`Content page "${name}" is invalid: ${problems.join("; ")}`);
  }
  return value;
}
