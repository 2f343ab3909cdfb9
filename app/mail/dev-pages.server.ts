import type { RequestContext } from "~/utils/context.server";
import type { OutboxRow } from "~/data/ports/outbox-store";

/**
 * /dev/outbox and /dev/outbox.json show every mail the site sent, sign-in confirmation links
 * included, to whoever asks: they answer only with the local outbox transport AND on a loopback
 * host. A deployment that keeps MAIL_TRANSPORT=outbox (a preview, a forgotten switch) is still
 * reached under its public host names, where both are the site's 404.
 */
export function outboxPagesEnabled(ctx: Pick<RequestContext, "env" | "isLocal">): boolean {
  return ctx.isLocal && ctx.env.MAIL_TRANSPORT === "outbox";
}

export const NOINDEX = { "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "no-store" };

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
