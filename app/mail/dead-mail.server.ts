import { log } from "~/platform/log.server";
import { mailLogFields } from "./deliver.server";
import { enqueueRows, mailQueueOf, type MailMessage } from "./mail-queue.server";
import { mailer, type MailContext } from "./mailer.server";

/**
 * Dead mail: the dead-letter queue's consumer leaves a row `dead` for a human, and the admin's
 * actions on a dead row (retry it once more, or give it up).
 */

/**
 * The dead-letter queue's consumer: a message the queue gave up on (its consumer kept failing)
 * leaves its row `dead` for a human, with the last error it had; rows already final are left as they are.
 */
export async function consumeDeadLetters(ctx: MailContext, batch: MessageBatch<MailMessage>): Promise<void> {
  const m = mailer(ctx);
  for (const message of batch.messages) {
    const id = typeof message.body?.id === "string" ? message.body.id : null;
    try {
      const row = id ? await m.store.get(id) : null;
      if (row && (row.status === "pending" || row.status === "failed")) {
        await m.store.update(row.id, {
          status: "dead",
          next_attempt_at: null,
          enqueued_at: null,
          updated_at: m.now().toISOString(),
          last_error: row.last_error ?? `The mail queue moved its message to the dead-letter queue after ${message.attempts} deliveries`,
        });
        // Left for a human: the admin's mail page lists it with its retry and give-up buttons.
        log.error("mail.dead_letter", { ...(await mailLogFields(row)), deliveries: message.attempts });
      }
      message.ack();
    } catch (error) {
      log.error("mail.dead_letter_failed", { outboxId: id }, error);
      message.retry();
    }
  }
}

/** An admin's "retry" of a dead letter: one more attempt, enqueued now where there is a queue (else the cron sends it). */
export async function retryDeadMail(ctx: MailContext, id: string): Promise<boolean> {
  const m = mailer(ctx);
  const now = m.now().toISOString();
  if (!(await m.store.retryDead(id, now))) return false;
  const queue = mailQueueOf(ctx.bindings);
  if (queue) {
    await m.store.update(id, { enqueued_at: now, updated_at: now });
    await enqueueRows(queue, m.store, [{ id }]);
  }
  return true;
}

/** An admin's "give up": the mail is never sent; its row says who decided. */
export async function giveUpMail(ctx: MailContext, id: string, reason = "Given up by an admin"): Promise<boolean> {
  const m = mailer(ctx);
  return m.store.giveUp(id, m.now().toISOString(), reason);
}
