import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { handleSendEmailRequest } from "~/mail/send-email-api.server";
import { getRequestContext } from "~/utils/context.server";

/** POST /api/send-email (SPEC 7.2). Other methods answer 405. */
export async function action({ request, context }: ActionFunctionArgs) {
  return handleSendEmailRequest(request, getRequestContext(request, context));
}

export async function loader() {
  return Response.json(
    { ok: false, error: "Method not allowed: use POST" },
    { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } },
  );
}
