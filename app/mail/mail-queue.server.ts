import type { DataBindings } from "~/data/backend.server";
import type { OutboxRow, OutboxStore } from "~/data/ports/outbox-store";
import { log } from "~/platform/log.server";

/**
 * The mail queue's producer side (docs/decisions/024-mail-queue.md): a message is the outbox row's
 * id and nothing else; the row is the record of truth and holds the mail.
 */
export type MailMessage = { id: string };

/** The bindings the mail needs: the database, and the queue where the Worker has one (not under Vite dev). */
export type MailBindings = DataBindings & { MAIL_QUEUE?: Queue<MailMessage> };

/**
 * A message this old is taken for lost and its row enqueued again: longer than a message can live
 * in the queue by our own doing (max_retries 10 deliveries, each retry delayed at most
 * MAX_RETRY_DELAY_SECONDS, plus the batch wait), so a row whose message is only slow is never
 * enqueued twice. A row whose enqueue failed has no lease (enqueued_at null) and goes sooner.
 */
export const MESSAGE_LEASE_MINUTES = 30;

/** The queue's max_retries in wrangler.toml: the consumer hands a row to the sweeper before its message would be dead-lettered. */
export const QUEUE_MAX_RETRIES = 10;

/** Longest delay the consumer asks of a retried message; a later due time is left to the sweeper. */
export const MAX_RETRY_DELAY_SECONDS = 120;

export function mailQueueOf(bindings: MailBindings): Queue<MailMessage> | null {
  return bindings.MAIL_QUEUE ?? null;
}

/**
 * Hands rows to the queue (at most 100 messages a call, the platform's batch limit). Rows whose
 * messages could not be sent lose their lease, so the sweeper enqueues them after the stale window.
 */
export async function enqueueRows(
  queue: Queue<MailMessage>,
  store: OutboxStore,
  rows: Pick<OutboxRow, "id">[],
): Promise<{ enqueued: number; failed: number }> {
  let enqueued = 0;
  let failed = 0;
  for (let start = 0; start < rows.length; start += 100) {
    const ids = rows.slice(start, start + 100).map((row) => row.id);
    try {
      await queue.sendBatch(ids.map((id) => ({ body: { id }, contentType: "json" as const })));
      enqueued += ids.length;
    } catch (error) {
      failed += ids.length;
      // The sweeper retries them.
      log.error("mail.enqueue_failed", { rows: ids.length }, error);
      await store.releaseEnqueued(ids).catch((release) => log.error("mail.lease_release_failed", { rows: ids.length }, release));
    }
  }
  return { enqueued, failed };
}
