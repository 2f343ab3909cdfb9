import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getRequestContext } from "~/utils/context.server";
import { robotsTxt } from "~/utils/crawl.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { url, variant } = getRequestContext(request, context);
  return new Response(robotsTxt(url.origin, variant), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
