import type { AppEnv } from "~/utils/env.server";
import type { OutboxRow } from "./outbox.server";

/** /dev/outbox exists only with the local outbox transport, so it never exists in production. */
export function outboxPagesEnabled(env: AppEnv): boolean {
  return env.MAIL_TRANSPORT === "outbox";
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
