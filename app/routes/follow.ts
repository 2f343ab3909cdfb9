import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getPage } from "#content/index";
import { leadsOf } from "~/leads/leads.server";
import { getRequestContext } from "~/utils/context.server";
import { getSession, getVariantValue } from "~/utils/session.server";

/**
 * The follow button's tracking redirect (SPEC 4.2): records followed_on_facebook on the visitor's
 * lead (failure ignored), then sends them to the variant's social page. The popup (with JavaScript)
 * and the plain link (without) both come through here.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const session = await getSession(request, ctx);
  // The waitlist's lead (/confirm), else the funnel's lead of an account (/signup-confirm).
  const leadId = getVariantValue(session, ctx.variant, "confirmedLeadId") ?? getVariantValue(session, ctx.variant, "leadId");
  if (leadId) {
    await leadsOf(ctx).recordFlag(leadId, "followed_on_facebook");
  }
  return redirect(getPage(ctx.contentKey, "site").social.url, {
    headers: { "X-Robots-Tag": "noindex", "Cache-Control": "no-store" },
  });
}
