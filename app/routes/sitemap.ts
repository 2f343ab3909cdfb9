import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getRequestContext } from "~/utils/context.server";
import { sitemapXml } from "~/utils/crawl.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { url, variant } = getRequestContext(request, context);
  return new Response(sitemapXml(url.origin, variant), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
