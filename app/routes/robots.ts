import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getRequestContext } from "~/utils/context.server";
import { robotsTxt } from "~/crawl/crawl.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The configured origin, not the Host header: crawlers are pointed at the real site only.
  const { origin, variant, env } = getRequestContext(request, context);
  return new Response(robotsTxt(origin, variant, { preview: env.PREVIEW_MODE === "on" }), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
