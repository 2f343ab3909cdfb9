import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { handleResendWebhook } from "~/mail/resend-webhook.server";
import { getRequestContext } from "~/utils/context.server";

/** POST /webhooks/resend: Resend's signed bounce and complaint events (app/mail/resend-webhook.server.ts). */
export async function action({ request, context }: ActionFunctionArgs) {
  return handleResendWebhook(request, getRequestContext(request, context));
}

export async function loader() {
  return Response.json(
    { ok: false, error: "Method not allowed: use POST" },
    { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } },
  );
}
