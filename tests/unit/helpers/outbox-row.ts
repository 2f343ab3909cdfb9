import type { OutboxRow } from "~/data/ports/outbox-store";

/** When an outboxRow() was created and last changed, unless the test says otherwise. */
export const OUTBOX_T0 = "2025-09-01T10:00:00.000Z";

/** A pending guide mail under the dedupe key `key`, as the outbox stores it, with `change` on top. */
export function outboxRow(key: string, change: Partial<OutboxRow> = {}): OutboxRow {
  return {
    id: crypto.randomUUID(),
    dedupe_key: key,
    template: "guide",
    variant: "genius",
    recipient: "a@example.com",
    subject: "Your AI Parenting Guide is Ready!",
    html: "<p>Guide</p>",
    text: "Guide",
    status: "pending",
    attempts: 0,
    last_error: null,
    provider_message_id: null,
    next_attempt_at: null,
    render_input: null,
    origin: null,
    enqueued_at: null,
    batch_key: null,
    created_at: OUTBOX_T0,
    updated_at: OUTBOX_T0,
    ...change,
  };
}
