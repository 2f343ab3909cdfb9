import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { OUTBOX_PAGE_SIZE, outboxAccess, outboxJson } from "~/mail/dev-pages.server";
import { previewOf } from "~/mail/mailer.server";
import { getBackend } from "~/data/backend.server";
import { getRequestContext } from "~/utils/context.server";

/**
 * GET /dev/outbox.json: the outbox, newest first (on a loopback host with MAIL_TRANSPORT=outbox,
 * or to a signed-in admin on a preview). Elsewhere a 404 that says nothing about why: a resource
 * route cannot render the landing page that unknown paths show, so it answers the same JSON 404
 * whatever the reason (host, transport, no admin).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const { env, bindings } = ctx;
  const access = await outboxAccess(request, ctx);
  if (!access.open) {
    return Response.json({ ok: false, error: "Not Found" }, { status: 404, headers: access.headers });
  }
  // A mail queued a moment ago may not have its body stored yet: show it as it will be sent.
  const rows = await Promise.all((await getBackend({ env, bindings }).outbox.list(OUTBOX_PAGE_SIZE)).map((row) => previewOf(env, row)));
  return Response.json(rows.map(outboxJson), { headers: access.headers });
}
