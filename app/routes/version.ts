import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { buildInfo } from "~/platform/build-info";
import { getRequestContext } from "~/utils/context.server";

/**
 * GET /__version: which build answers (branch, commit, build time) and whether it is a preview.
 * In every mode: naming the deployed commit helps QA and incidents and reveals no secret.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = getRequestContext(request, context);
  return Response.json({ preview: env.PREVIEW_MODE === "on", ...buildInfo() }, { headers: { "Cache-Control": "no-store" } });
}
