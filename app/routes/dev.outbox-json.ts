import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { NOINDEX, OUTBOX_PAGE_SIZE, outboxJson, outboxPagesEnabled } from "~/mail/dev-pages.server";
import { previewOf } from "~/mail/mailer.server";
import { getBackend } from "~/data/backend.server";
import { getRequestContext } from "~/utils/context.server";

/**
 * GET /dev/outbox.json: the local outbox, newest first (only on a loopback host with
 * MAIL_TRANSPORT=outbox). Elsewhere a 404 that says nothing about why: a resource route cannot
 * render the landing page that unknown paths show, so it answers the same JSON 404 whatever the
 * reason (host or transport).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const { env, bindings } = ctx;
  if (!outboxPagesEnabled(ctx)) {
    return Response.json({ ok: false, error: "Not Found" }, { status: 404, headers: NOINDEX });
  }
  // A mail queued a moment ago may not have its body stored yet: show it as it will be sent.
  const rows = await Promise.all((await getBackend({ env, bindings }).outbox.list(OUTBOX_PAGE_SIZE)).map((row) => previewOf(env, row)));
  return Response.json(rows.map(outboxJson), { headers: NOINDEX });
}
