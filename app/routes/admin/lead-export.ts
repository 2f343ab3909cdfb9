import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { getPage } from "#content/index";
import { adminHeaders, refusalAsText, requireAdmin } from "~/admin/admin.server";
import { leadsOf } from "~/leads/leads.server";
import { erasableAddress, exportParentData, exportResponse } from "~/trust/my-data.server";
import { getRequestContext } from "~/utils/context.server";

/**
 * POST /admin/leads/:id/export: everything held about the lead's e-mail address, the parent's own
 * download, for a parent who wrote in. Guarded like the CSV: a refusal is its plain-text message.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const access = await requireAdmin(request, ctx).catch(refusalAsText);
  const copy = getPage(ctx.contentKey, "myData").admin;
  const headers = await adminHeaders(access, ctx);
  const text = (message: string, status: number) => {
    headers.set("Content-Type", "text/plain; charset=utf-8");
    return new Response(message, { status, headers });
  };
  try {
    const lead = await leadsOf(ctx).get(params.id ?? "");
    if (!lead) return text(copy.nothingHeld, 404);
    const email = erasableAddress(lead.email);
    if (!email) return text(copy.noAddress, 400);
    const file = exportResponse(await exportParentData(ctx, email));
    for (const [name, value] of file.headers) headers.set(name, value);
    return new Response(file.body, { status: 200, headers });
  } catch (error) {
    console.error("admin: export of a parent's data failed", error);
    return text(copy.failed, 503);
  }
}
