import { adminHeaders, requireAdmin } from "~/admin/admin.server";
import type { RequestContext } from "~/utils/context.server";
import type { OutboxRow } from "~/data/ports/outbox-store";

/**
 * /dev/outbox and /dev/outbox.json show every mail the site sent, sign-in confirmation links
 * included, to whoever asks: they answer only with the local outbox transport AND on a loopback
 * host. A deployment that keeps MAIL_TRANSPORT=outbox (a forgotten switch) is still reached under
 * its public host names, where both are the site's 404.
 */
export function outboxPagesEnabled(ctx: Pick<RequestContext, "env" | "isLocal">): boolean {
  return ctx.isLocal && ctx.env.MAIL_TRANSPORT === "outbox";
}

export const NOINDEX = { "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "no-store" };

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

/** How many mails the dev pages show. */
export const OUTBOX_PAGE_SIZE = 100;

/** The public shape of an outbox row on /dev/outbox.json (tests/e2e/fixtures.ts reads it). */
export function outboxJson(row: OutboxRow) {
  return {
    id: row.id,
    dedupe_key: row.dedupe_key,
    to: row.recipient,
    subject: row.subject,
    html: row.html,
    text: row.text,
    template: row.template,
    variant: row.variant,
    status: row.status,
    attempts: row.attempts,
    last_error: row.last_error,
    created_at: row.created_at,
  };
}
