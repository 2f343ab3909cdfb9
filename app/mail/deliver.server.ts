import { mailKindOf } from "#content/schemas/emails";
import { getBackend } from "~/data/backend.server";
import type { OutboxChange, OutboxRow } from "~/data/ports/outbox-store";
import { log } from "~/platform/log.server";
import { envelopeOf } from "./envelope.server";
import type { Mailer } from "./mailer.server";
import { withBody } from "./render-row.server";
import { pauseSends, takeSendSlot } from "./send-pacer.server";
import { emailHash, isSuppressed } from "./suppression.server";
import type { OutgoingMail, TransportResult } from "./transport.server";

/** Minutes to wait after the 1st, 2nd, 3rd and 4th failed attempt; the 5th failure is final. */
const RETRY_DELAYS_MINUTES: readonly number[] = [1, 5, 25, 125];
export const MAX_ATTEMPTS = RETRY_DELAYS_MINUTES.length + 1;

/**
 * The same for the mail queue, whose retries come back on time instead of with the next 5-minute
 * cron: a blip of the provider (a 5xx, no answer) costs a parent 15 seconds, not a minute, and a
 * batch in doubt goes again while the provider still remembers its key.
 */
export const QUEUE_RETRY_DELAYS_MINUTES: readonly number[] = [0.25, 5, 25, 125];

/**
 * A pending row untouched this long has no live sender, so the cron sends it. The after-response
 * send of a page is bounded by its calls' timeouts (database 5 s, mail API 10 s, database again:
 * about 20 s) and the platform ends `waitUntil` work 30 s after the response anyway; a cron run
 * claims only a few rows ahead of sending them (RETRY_DEFAULTS.claimBatch in sweep.server.ts),
 * and a queue consumer holds a batch for its render, a slot (5 s at most) and one request. A
 * minute is past all of these, so a live send is never duplicated, yet a mail whose Worker was
 * evicted or killed goes out with the next cron run instead of waiting for a long timeout. Should
 * it ever race a live send anyway, the provider's idempotency key still delivers it once, and a
 * queue consumer sends only rows it still holds (markBatch).
 */
export const STALE_PENDING_MINUTES = 1;

/**
 * What a mail's log events say about it: its row, template and variant, and its address only as the
 * suppression list's hash, so an operator can find a parent's mails without the log holding the address.
 * A row whose address was replaced (`erased:`, `suppressed:`) has no hash to give.
 */
export async function mailLogFields(row: Pick<OutboxRow, "id" | "template" | "variant" | "recipient">) {
  return {
    outboxId: row.id,
    template: row.template,
    variant: row.variant,
    emailHash: row.recipient.includes("@") ? await emailHash(row.recipient) : undefined,
  };
}

const minutesAfter = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000).toISOString();

/** `nextAttemptAt`: when a failed row is due again. */
export type Delivery = { status: OutboxRow["status"]; error?: string; retryAfterMs?: number; nextAttemptAt?: string };

/**
 * One delivery attempt of a stored row; records the outcome on the row. The suppression list is
 * read first (so page sends, cron retries and /api/send-email are all covered): a mail to an
 * address suppressed for its kind is never rendered or handed to the transport, and its row
 * becomes `skipped` (without address or body), which nothing retries. A failed read throws: the row stays pending and the
 * cron tries again, so a mail never goes out unchecked.
 */
export async function deliver(m: Mailer, queued: OutboxRow): Promise<Delivery> {
  const prepared = await prepareDelivery(m, queued);
  if ("skipped" in prepared) return prepared.skipped;
  const { row, body, mail } = prepared;
  return recordDelivery(m, row, body, await sendPaced(m, mail));
}

/** The pacer keeps the mailer's clock, so a pause is measured as the rows' due times are. */
export const pacerClockOf = (m: Mailer) => ({ now: () => m.now().getTime() });

/**
 * One mail through the transport on the shared pacer: a slot first (a paused provider, or one
 * booked past the longest wait, means not sent yet), and a 429 pauses every sender.
 */
export async function sendPaced(m: Mailer, mail: OutgoingMail): Promise<TransportResult> {
  const pacer = getBackend(m).sendPacer;
  const pace = await takeSendSlot(pacer, m.transport, pacerClockOf(m));
  if (!pace.go) return notSentYet(m, pace.until);
  const result = await m.transport.send(mail);
  if (!result.ok && result.retryAfterMs !== undefined) {
    log.warn("mail.rate_limited", { retryAfterMs: result.retryAfterMs, mails: 1 });
    await pauseSends(pacer, m.transport, m.now().getTime() + result.retryAfterMs);
  }
  return result;
}

/** What a mail the shared pacer held back records: no attempt, due again when the pause ends. */
export function notSentYet(m: Mailer, until: number): TransportResult {
  return {
    ok: false,
    permanent: false,
    error: "Not sent yet: the mail API asked us to wait (rate limit)",
    retryAfterMs: Math.max(1000, until - m.now().getTime()),
  };
}

/** A row ready for the transport: its body (rendered now if it was queued by a page) and the mail to hand over. */
export type PreparedMail = { row: OutboxRow; body: Partial<OutboxChange>; mail: OutgoingMail };

/**
 * Everything before the transport call: the suppression list first (a suppressed mail is recorded
 * `skipped` here, without address or body, and never rendered), then the envelope and the body.
 */
export async function prepareDelivery(m: Mailer, queued: OutboxRow): Promise<PreparedMail | { skipped: Delivery }> {
  const kind = mailKindOf(queued.template);
  if (await isSuppressed({ env: m.env, bindings: m.bindings }, queued.recipient, kind)) {
    const error = `Not sent: the address is on the suppression list (${kind} mail)`;
    // Nothing of the mail is kept, not even the address: the list holds parents who erased their data.
    await m.store.update(queued.id, {
      status: "skipped",
      last_error: error,
      next_attempt_at: null,
      updated_at: m.now().toISOString(),
      recipient: `suppressed:${await emailHash(queued.recipient)}`,
      subject: "",
      html: "",
      text: "",
      render_input: null,
    });
    // The list doing its job, not a problem: info, so "why did this parent get no mail?" finds it.
    log.info("mail.suppressed", { ...(await mailLogFields(queued)), kind });
    return { skipped: { status: "skipped", error } };
  }
  return mailOf(m, queued);
}

/** The mail a row makes (envelope and body, rendered now if only its render input is stored), with no checks. */
export async function mailOf(m: Mailer, queued: OutboxRow): Promise<PreparedMail> {
  const envelope = await envelopeOf(m.env, queued);
  const { row, body } = await withBody(m.env, queued, envelope);
  const mail: OutgoingMail = {
    id: row.id,
    idempotencyKey: row.dedupe_key,
    from: envelope.from,
    replyTo: envelope.replyTo,
    to: row.recipient,
    subject: row.subject,
    html: row.html,
    text: row.text,
    headers: envelope.headers,
  };
  return { row, body, mail };
}

/**
 * Records one attempt's outcome on the row (with `extra`, e.g. the queue lease of a retried
 * message): sent; failed and due again after a rate limit (not an attempt) or after the backoff;
 * dead after a permanent refusal or the last attempt.
 */
export async function recordDelivery(
  m: Mailer,
  row: OutboxRow,
  body: Partial<OutboxChange>,
  result: TransportResult,
  extra: Partial<OutboxChange> = {},
  retryDelaysMinutes: readonly number[] = RETRY_DELAYS_MINUTES,
): Promise<Delivery> {
  const now = m.now();
  // An erasure during the send replaced the address: its outcome and body are not written back.
  const sameRecipient = { recipient: row.recipient };
  // A failure never undoes a success another sender recorded for the row (a batch sent again at once by two consumers).
  const stillUnsent = { ...sameRecipient, unlessSent: true };
  if (result.ok) {
    await m.store.update(
      row.id,
      {
        ...body,
        status: "sent",
        attempts: row.attempts + 1,
        provider_message_id: result.providerMessageId,
        last_error: result.note ?? null,
        next_attempt_at: null,
        updated_at: now.toISOString(),
        ...extra,
        // Sent: no message needs to come back for it.
        enqueued_at: null,
      },
      sameRecipient,
    );
    return { status: "sent" };
  }
  if (result.retryAfterMs !== undefined) {
    // Rate limited: the provider never looked at the mail, so this is not one of its attempts.
    const nextAttemptAt = new Date(now.getTime() + result.retryAfterMs).toISOString();
    await m.store.update(
      row.id,
      {
        ...body,
        status: "failed",
        last_error: result.error,
        next_attempt_at: nextAttemptAt,
        updated_at: now.toISOString(),
        ...extra,
      },
      stillUnsent,
    );
    return { status: "failed", error: result.error, retryAfterMs: result.retryAfterMs, nextAttemptAt };
  }
  const attempts = row.attempts + 1;
  const dead = result.permanent || attempts >= MAX_ATTEMPTS;
  const status = dead ? "dead" : "failed";
  const nextAttemptAt = dead ? null : minutesAfter(now, retryDelaysMinutes[attempts - 1]);
  await m.store.update(
    row.id,
    {
      ...body,
      status,
      attempts,
      last_error: result.error,
      next_attempt_at: nextAttemptAt,
      updated_at: now.toISOString(),
      // Dead: no message comes back for it (its batch_key stays: the batch it went in, as sent).
      ...(dead ? { enqueued_at: null } : extra),
    },
    stillUnsent,
  );
  // Every path's failed attempt is recorded here, so this is where it is logged, once. A rate limit
  // above is not an attempt (the provider never looked) and is logged where it is met (mail.rate_limited).
  const failure = { name: "TransportError", message: result.error };
  const fields = { ...(await mailLogFields(row)), status, attempts, nextAttemptAt: nextAttemptAt ?? undefined };
  if (dead) log.error("mail.send_failed", fields, failure);
  else log.warn("mail.send_failed", fields, failure);
  return { status, error: result.error, ...(nextAttemptAt ? { nextAttemptAt } : {}) };
}
