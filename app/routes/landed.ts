import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { recordLanding } from "~/analytics/landed.server";
import { getRequestContext } from "~/utils/context.server";

/** The landing pages' visit image: counts the view and keeps ?r=/utm_* (app/analytics/landed.server.ts). */
export const loader = ({ request, context }: LoaderFunctionArgs) => recordLanding(request, getRequestContext(request, context));
