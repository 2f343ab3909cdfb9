import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { rewardDownload } from "~/rewards/status.server";
import { getRequestContext } from "~/utils/context.server";

/** GET /rewards/download?t=… (ADR 035): a download reward's file, from its signed link. A resource route. */
export const loader = ({ request, context }: LoaderFunctionArgs) => rewardDownload(getRequestContext(request, context), request);
