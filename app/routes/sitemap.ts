import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getRequestContext } from "~/utils/context.server";
import { sitemapXml } from "~/crawl/crawl.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The configured origin, not the Host header: crawlers are pointed at the real site only.
  const { origin, variant, sportPaths } = getRequestContext(request, context);
  return new Response(sitemapXml(origin, variant, sportPaths), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
