import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { NOINDEX, OUTBOX_PAGE_SIZE, outboxJson, outboxPagesEnabled } from "~/mail/dev-pages.server";
import { getOutboxStore } from "~/mail/outbox.server";
import { getRequestContext } from "~/utils/context.server";

/** GET /dev/outbox.json: the local outbox, newest first (only with MAIL_TRANSPORT=outbox). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env, bindings } = getRequestContext(request, context);
  if (!outboxPagesEnabled(env)) {
    return Response.json({ ok: false, error: "Not Found" }, { status: 404, headers: NOINDEX });
  }
  const rows = await getOutboxStore(env, bindings).list(OUTBOX_PAGE_SIZE);
  return Response.json(rows.map(outboxJson), { headers: NOINDEX });
}
