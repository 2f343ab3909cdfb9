import type { EmailTemplateName } from "#content/schemas/emails";
import { findEmailContent, type EmailData } from "#emails/render.server";
import { contentKeyOf, variantKey, type Variant } from "~/utils/variant";
import type { OutboxRow } from "~/data/ports/outbox-store";
import { log } from "~/platform/log.server";
import { deliver, mailLogFields } from "./deliver.server";
import { enqueueRows, mailQueueOf } from "./mail-queue.server";
import { mailer, type MailContext, type Mailer } from "./mailer.server";
import type { RenderInput } from "./render-row.server";
import { emailHash } from "./suppression.server";

/**
 * Writing mails into the outbox and reading their status: every mail is a row first (one per
 * dedupe key), then sent: at once for /api/send-email, after the response or by the mail queue
 * for pages and campaigns.
 */

export type MailInput = {
  /** A template name, or "api" for /api/send-email. */
  template: EmailTemplateName | "api";
  variant: Variant | string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** One mail per key (see OutboxRow.dedupe_key); without one the mail is its own key (its row id). */
  dedupeKey?: string;
};

/** `suppressed`: the address is on the suppression list; the mail was recorded as skipped and not sent. */
export type SendResult = { ok: true; id: string } | { ok: false; id: string | null; error: string; suppressed?: true };

/** Dedupe keys are also the provider's Idempotency-Key, which may be at most 256 characters. */
const MAX_DEDUPE_KEY_LENGTH = 256;

function assertDedupeKey(key: string) {
  if (typeof key !== "string" || key.length < 1 || key.length > MAX_DEDUPE_KEY_LENGTH) {
    throw new TypeError(`A mail's dedupe key must be 1 to ${MAX_DEDUPE_KEY_LENGTH} characters, got ${JSON.stringify(key)}`);
  }
}

/** A new pending row; without a dedupe key the mail is its own key. */
function newRow(m: Mailer, input: MailInput): OutboxRow {
  const id = crypto.randomUUID();
  const now = m.now().toISOString();
  return {
    id,
    dedupe_key: input.dedupeKey ?? id,
    template: input.template,
    variant: typeof input.variant === "string" ? input.variant : variantKey(input.variant),
    recipient: input.to,
    subject: input.subject,
    html: input.html,
    text: input.text,
    status: "pending",
    attempts: 0,
    last_error: null,
    provider_message_id: null,
    next_attempt_at: null,
    created_at: now,
    updated_at: now,
    render_input: null,
    origin: null,
  };
}

/** One template mail of a batch written by writeTemplateMails. */
export type TemplateMailInput = { dedupeKey: string; template: EmailTemplateName; variant: Variant; to: string; data: EmailData };

/**
 * A template mail's new row as a page writes it: no body yet, only its render input (the body is
 * rendered when it is sent: withBody), and with its message lease when the Worker has a mail queue,
 * so the sweeper leaves it to the message.
 */
function templateRow(m: Mailer, input: TemplateMailInput, withQueue: boolean): OutboxRow {
  const renderInput: RenderInput = { template: input.template, variant: input.variant, data: input.data };
  const row = newRow(m, { ...input, subject: "", html: "", text: "" });
  return { ...row, render_input: JSON.stringify(renderInput), origin: input.data.origin, enqueued_at: withQueue ? row.created_at : null };
}

/** What sendMail answers for a key that was already used: the first mail's outcome so far. */
function earlierOutcome(row: OutboxRow): SendResult {
  if (row.status === "sent") return { ok: true, id: row.id };
  if (row.status === "skipped")
    return { ok: false, id: row.id, error: row.last_error ?? "Not sent: the address is on the suppression list", suppressed: true };
  const error =
    row.status === "pending"
      ? "The e-mail with this key is being sent"
      : row.status === "failed"
        ? `The e-mail with this key failed and will be retried: ${row.last_error ?? "unknown error"}`
        : `The e-mail with this key could not be sent: ${row.last_error ?? "unknown error"}`;
  return { ok: false, id: row.id, error };
}

/**
 * Sends one e-mail and waits for the mail API: the outbox row is written first (pending, once per
 * `dedupeKey`), then the transport is called. For server-to-server callers (/api/send-email) that
 * answer with the outcome; pages use queueTemplateMail. A repeated key sends nothing and answers
 * with the first mail's outcome so far. A transport failure leaves the row failed for the cron to
 * retry; it never throws for that, so a caller can report success only when `ok`.
 */
export async function sendMail(ctx: MailContext, input: MailInput): Promise<SendResult> {
  if (input.dedupeKey !== undefined) assertDedupeKey(input.dedupeKey);
  let m: Mailer;
  let row: OutboxRow;
  try {
    m = mailer(ctx);
    const stored = await m.store.insertOnce(newRow(m, input));
    if (!stored.created) return earlierOutcome(stored.row);
    row = stored.row;
  } catch (error) {
    log.error("mail.outbox_write_failed", await outboxWriteFields(input, "api"), error);
    return { ok: false, id: null, error: "The e-mail could not be queued" };
  }
  try {
    // A failed attempt is logged where it is recorded (deliver: mail.send_failed), not again here.
    const delivery = await deliver(m, row);
    if (delivery.status === "sent") return { ok: true, id: row.id };
    if (delivery.status === "skipped") return { ok: false, id: row.id, error: delivery.error ?? "Not sent", suppressed: true };
    return { ok: false, id: row.id, error: delivery.error ?? "The e-mail could not be sent" };
  } catch (error) {
    // The row stays pending; the cron picks it up as stale.
    log.error("mail.send_error", { ...(await mailLogFields(row)), via: "api" }, error);
    return { ok: false, id: row.id, error: "The e-mail could not be sent" };
  }
}

/** What a page may tell the visitor about a queued mail: `sent` only once the provider accepted it. */
export type QueuedMail = { queued: true; id: string; status: OutboxRow["status"] } | { queued: false; error: string };

/**
 * Queues one e-mail per `dedupeKey` (e.g. `prelaunch:{table}:{leadId}`) and sends it after the
 * response. A repeated or parallel call with the same key finds the first row and sends nothing.
 * `queued: false` means the outbox write failed: the caller keeps what it needs to try again.
 * Never waits for the mail API or for rendering: both run under `waitUntil`, and the answer is the
 * row's status now (`pending` for a new mail). A template whose content is missing still throws.
 */
export async function queueTemplateMail(
  ctx: MailContext & { waitUntil?: (promise: Promise<unknown>) => void },
  input: TemplateMailInput,
  options: { sendAfterMs?: number } = {},
): Promise<QueuedMail> {
  assertDedupeKey(input.dedupeKey);
  // A template without content fails here, in the request, not later in the cron.
  findEmailContent(input.template, contentKeyOf(input.variant));
  let m: Mailer;
  let stored: { created: boolean; row: OutboxRow };
  try {
    m = mailer(ctx);
    // The body is rendered after the response (withBody): the page only writes the small row.
    stored = await m.store.insertOnce(templateRow(m, input, mailQueueOf(ctx.bindings) !== null));
  } catch (error) {
    // Logged here once for every caller: a `queued: false` answer always comes from this write.
    log.error("mail.outbox_write_failed", await outboxWriteFields(input, "page"), error);
    return { queued: false, error: "The e-mail could not be queued" };
  }
  // Only the call that wrote the row sends it: of 30 parallel page loads, exactly one.
  if (stored.created) {
    const queue = mailQueueOf(ctx.bindings);
    // The queue's consumer sends it in a batch (ADR 024); without one (Vite dev) it is sent from here.
    if (queue) ctx.waitUntil?.(enqueueRows(queue, m.store, [stored.row]));
    else sendAfterResponse(ctx, m, stored.row, options.sendAfterMs ?? 0);
  }
  return { queued: true, id: stored.row.id, status: stored.row.status };
}

/**
 * Writes many template mails at once (a campaign's chunk, ADR 026), one row per dedupe key, each
 * with its message lease when the Worker has a mail queue, and enqueues them; awaited, not after a
 * response, so the caller records its progress only once its rows are in the queue. A key written
 * before (a chunk written again after a crash) is enqueued again only while its row is pending
 * under a lease: the consumer's claim takes a row once, so a second message never sends it twice.
 * Without a queue (Vite dev, tests) the rows wait for the cron, which sends pending rows once stale.
 */
export async function writeTemplateMails(
  ctx: MailContext,
  inputs: TemplateMailInput[],
): Promise<{ created: number; existing: number; enqueued: number }> {
  const m = mailer(ctx);
  const queue = mailQueueOf(ctx.bindings);
  const rows = inputs.map((input) => {
    assertDedupeKey(input.dedupeKey);
    return templateRow(m, input, queue !== null);
  });
  // One round trip for the chunk: a campaign's step writes thousands of rows while its mails go out.
  const stored = await m.store.insertManyOnce(rows);
  const created = stored.filter((s) => s.created).length;
  const toEnqueue = stored.flatMap((s) => (s.created || (s.row.status === "pending" && s.row.enqueued_at) ? [s.row] : []));
  const { enqueued } = queue ? await enqueueRows(queue, m.store, toEnqueue) : { enqueued: 0 };
  return { created, existing: inputs.length - created, enqueued };
}

/** A mail that has no row to name (its write failed): what it was and, as a hash, to whom. */
async function outboxWriteFields(input: Pick<MailInput, "template" | "variant" | "to">, via: "api" | "page") {
  const variant = typeof input.variant === "string" ? input.variant : variantKey(input.variant);
  return { template: input.template, variant, emailHash: await emailHash(input.to), via };
}

function sendAfterResponse(ctx: { waitUntil?: (promise: Promise<unknown>) => void }, m: Mailer, row: OutboxRow, afterMs: number) {
  const start = afterMs > 0 ? new Promise((resolve) => setTimeout(resolve, afterMs)) : Promise.resolve();
  // A failed or suppressed send is logged by deliver (mail.send_failed, mail.suppressed); a throw
  // (the database, the render) leaves the row pending, and the cron retries it.
  const work = start
    .then(() => deliver(m, row))
    .catch(async (error) => log.error("mail.send_error", { ...(await mailLogFields(row)), via: "page" }, error));
  // Without waitUntil (a script) the send still starts; should the runtime cut it short, the row
  // stays pending and the cron sends it once stale.
  ctx.waitUntil?.(work);
}

/** The status of the mail queued under `dedupeKey`, or null when none was queued. Throws when the outbox cannot be read. */
export async function mailStatus(ctx: MailContext, dedupeKey: string): Promise<OutboxRow["status"] | null> {
  return (await mailer(ctx).store.getByKey(dedupeKey))?.status ?? null;
}
