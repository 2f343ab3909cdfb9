import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { myDataDownload } from "~/trust/pages.server";
import { getRequestContext } from "~/utils/context.server";

/**
 * POST /my-data/download (t = the "Manage my data" token): the parent's data as a JSON attachment.
 * A resource route: a page route's action cannot answer a file to a plain form POST.
 */
export const action = async ({ request, context }: ActionFunctionArgs) =>
  myDataDownload(getRequestContext(request, context), await request.formData());
