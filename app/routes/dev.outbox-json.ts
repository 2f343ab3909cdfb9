import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { outboxAccess } from "~/admin/outbox-access.server";
import { outboxJson, outboxPage, outboxQuery } from "~/mail/dev-pages.server";
import { getRequestContext } from "~/utils/context.server";

/**
 * GET /dev/outbox.json: the outbox, newest first, 100 at a time (`?page=2` for the next; `?to=` for
 * recipients containing it), on a loopback host with MAIL_TRANSPORT=outbox, or to a signed-in admin
 * on a preview. Elsewhere a 404 that says nothing about why: a resource route cannot render the
 * landing page that unknown paths show, so it answers the same JSON 404 whatever the reason (host,
 * transport, no admin).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const access = await outboxAccess(request, ctx);
  if (!access.open) {
    return Response.json({ ok: false, error: "Not Found" }, { status: 404, headers: access.headers });
  }
  const asked = outboxQuery(ctx.url);
  if ("error" in asked) return Response.json({ ok: false, error: asked.error }, { status: 400, headers: access.headers });
  const { mails } = await outboxPage(ctx, asked.query);
  return Response.json(mails.map(outboxJson), { headers: access.headers });
}
