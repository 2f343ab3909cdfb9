import type { RequestContext } from "~/utils/context.server";
import { NOINDEX, outboxPagesEnabled } from "~/mail/dev-pages.server";
import { adminHeaders, requireAdmin } from "./admin.server";

// The outbox viewer's gate lives with the admin guard it calls: app/mail sits below app/admin.

/** Whether the viewer opens for this request, and the headers of the answer either way. */
type OutboxAccess = { open: boolean; headers: Headers };

/**
 * Who may read the outbox: anyone on loopback with the outbox transport (outboxPagesEnabled), and
 * on a preview (PREVIEW_MODE=on: QA reads the mail the allow-list kept) a signed-in admin on any
 * host, whatever the transport. Everyone else is told nothing: the caller answers its 404, never
 * the guard's 401/403. A refusal's cookies (an idle admin signed out) still go out with it.
 */
export async function outboxAccess(request: Request, ctx: RequestContext): Promise<OutboxAccess> {
  if (outboxPagesEnabled(ctx)) return { open: true, headers: new Headers(NOINDEX) };
  if (ctx.env.PREVIEW_MODE !== "on") return { open: false, headers: new Headers(NOINDEX) };
  try {
    const headers = await adminHeaders(await requireAdmin(request, ctx), ctx);
    return { open: true, headers };
  } catch (refusal) {
    if (!(refusal instanceof Response)) throw refusal;
    const headers = new Headers(NOINDEX);
    for (const cookie of refusal.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
    return { open: false, headers };
  }
}
