import { log } from "~/platform/log.server";
import { getBatchTransport } from "./batch-transport.server";
import { sendClaimed, type Settle } from "./batch-send.server";
import { MAX_RETRY_DELAY_SECONDS, QUEUE_MAX_RETRIES, type MailMessage } from "./mail-queue.server";
import { mailer, type MailContext } from "./mailer.server";

/**
 * The mail queue's consumer (docs/decisions/024-mail-queue.md): a message batch becomes one
 * provider request (batch-send.server.ts), and each message is acked or retried by its row's outcome.
 */
export async function consumeMailBatch(ctx: MailContext, batch: MessageBatch<MailMessage>): Promise<void> {
  const m = mailer({ ...ctx, transport: ctx.transport ?? getBatchTransport(ctx.env) });
  const byId = new Map<string, Message<MailMessage>[]>();
  for (const message of batch.messages) {
    const id = typeof message.body?.id === "string" ? message.body.id : null;
    // Not one of ours: nothing to send, nothing to retry.
    if (!id) message.ack();
    else byId.set(id, [...(byId.get(id) ?? []), message]);
  }
  const settled = new Map<string, Settle>();
  try {
    await sendClaimed(m, [...byId.keys()], settled);
  } finally {
    const handOver: string[] = [];
    for (const [id, messages] of byId) {
      // Not settled (it threw before its outcome): the row has no lease now, so the sweeper sends it once stale.
      const settle = settled.get(id) ?? { ack: true };
      for (const message of messages) {
        if (settle.ack) message.ack();
        else if (settle.delaySeconds > MAX_RETRY_DELAY_SECONDS || message.attempts > QUEUE_MAX_RETRIES) {
          // Due later than a message should wait, or its retries are spent: the sweeper enqueues it when due.
          message.ack();
          handOver.push(id);
        } else message.retry({ delaySeconds: settle.delaySeconds });
      }
    }
    await m.store.releaseEnqueued(handOver).catch((error) => log.error("mail.lease_release_failed", { rows: handOver.length }, error));
  }
}
