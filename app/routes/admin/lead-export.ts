import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { getPage } from "#content/index";
import { adminRoute } from "~/admin/admin-route.server";
import { leadsOf } from "~/leads/leads.server";
import { erasableAddress, exportParentData, exportResponse } from "~/trust/my-data.server";
import { log } from "~/platform/log.server";

/**
 * POST /admin/leads/:id/export: everything held about the lead's e-mail address, the parent's own
 * download, for a parent who wrote in. Guarded like the CSV: a refusal is its plain-text message.
 */
export async function action(args: ActionFunctionArgs) {
  const admin = await adminRoute(args, { refusalAs: "text" });
  const { ctx } = admin;
  const copy = getPage(ctx.contentKey, "myData").admin;
  try {
    const lead = await leadsOf(ctx).get(args.params.id ?? "");
    if (!lead) return admin.text(copy.nothingHeld, 404);
    const email = erasableAddress(lead.email);
    if (!email) return admin.text(copy.noAddress, 400);
    const file = exportResponse(await exportParentData(ctx, email));
    const headers = await admin.headers();
    for (const [name, value] of file.headers) headers.set(name, value);
    return new Response(file.body, { status: 200, headers });
  } catch (error) {
    log.error("admin.read_failed", { what: "parent-data-export" }, error);
    return admin.text(copy.failed, 503);
  }
}
