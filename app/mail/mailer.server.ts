import type { ContentKey } from "#content/index";
import type { EmailTemplateName } from "#content/schemas/emails";
import { renderEmail, type EmailData } from "#emails/render.server";
import type { AppEnv } from "~/utils/env.server";
import { contentKeyOf, variantKey, type Variant } from "~/utils/variant";
import { getOutboxStore, type OutboxBindings, type OutboxRow, type OutboxStore } from "./outbox.server";
import { getTransport, type MailTransport } from "./transport.server";

/** What the mailer needs; a RequestContext fits, and so does the scheduled handler's env. */
export type MailContext = {
  env: AppEnv;
  bindings: OutboxBindings;
  /** The clock, replaceable in tests of the retry schedule. */
  now?: () => Date;
};

export type MailInput = {
  /** A template name, or "api" for /api/send-email. */
  template: EmailTemplateName | "api";
  variant: Variant | string;
  to: string;
  subject: string;
  html: string;
  text: string;
};

export type SendResult = { ok: true; id: string } | { ok: false; id: string | null; error: string };

/** Minutes to wait after the 1st, 2nd, 3rd and 4th failed attempt; the 5th failure is final. */
export const RETRY_DELAYS_MINUTES = [1, 5, 25, 125] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MINUTES.length + 1;
/** A pending row this old belongs to a send that died mid-way (Worker evicted): retry it. */
const STALE_PENDING_MINUTES = 10;
const RETRY_BATCH = 20;

type Mailer = { store: OutboxStore; transport: MailTransport; env: AppEnv; now: () => Date };

function mailer(ctx: MailContext): Mailer {
  return {
    store: getOutboxStore(ctx.env, ctx.bindings),
    transport: getTransport(ctx.env),
    env: ctx.env,
    now: ctx.now ?? (() => new Date()),
  };
}

const minutesAfter = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000).toISOString();

/** One delivery attempt of a stored row; records the outcome on the row. */
async function deliver(m: Mailer, row: OutboxRow): Promise<SendResult & { status: OutboxRow["status"] }> {
  const result = await m.transport.send({
    id: row.id,
    from: m.env.MAIL_FROM,
    to: row.recipient,
    subject: row.subject,
    html: row.html,
    text: row.text,
  });
  const now = m.now();
  const attempts = row.attempts + 1;
  if (result.ok) {
    await m.store.update(row.id, {
      status: "sent",
      attempts,
      provider_message_id: result.providerMessageId,
      last_error: null,
      next_attempt_at: null,
      updated_at: now.toISOString(),
    });
    return { ok: true, id: row.id, status: "sent" };
  }
  const dead = result.permanent || attempts >= MAX_ATTEMPTS;
  const status = dead ? "dead" : "failed";
  await m.store.update(row.id, {
    status,
    attempts,
    last_error: result.error,
    next_attempt_at: dead ? null : minutesAfter(now, RETRY_DELAYS_MINUTES[attempts - 1]),
    updated_at: now.toISOString(),
  });
  return { ok: false, id: row.id, error: result.error, status };
}

/**
 * Sends one e-mail: the outbox row is written first (pending), then the transport is called.
 * A transport failure leaves the row failed for the cron to retry; it never throws, so a page
 * can show its success tick only when `ok` (SPEC 8).
 */
export async function sendMail(ctx: MailContext, input: MailInput): Promise<SendResult> {
  let m: Mailer;
  let row: OutboxRow;
  try {
    m = mailer(ctx);
    const now = m.now().toISOString();
    row = {
      id: crypto.randomUUID(),
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
    };
    await m.store.insert(row);
  } catch (error) {
    console.error("mail: outbox write failed", error);
    return { ok: false, id: null, error: "The e-mail could not be queued" };
  }
  try {
    const { status: _status, ...result } = await deliver(m, row);
    if (!result.ok) console.warn(`mail: ${row.id} to the transport failed: ${result.error}`);
    return result;
  } catch (error) {
    // The row stays pending; the cron picks it up as stale.
    console.error(`mail: ${row.id} could not be recorded`, error);
    return { ok: false, id: row.id, error: "The e-mail could not be sent" };
  }
}

/** Renders a template for the visitor's variant and sends it. */
export async function sendTemplateMail(
  ctx: MailContext,
  input: { template: EmailTemplateName; variant: Variant; to: string; data: EmailData },
): Promise<SendResult> {
  const contentKey: ContentKey = contentKeyOf(input.variant);
  const rendered = await renderEmail(input.template, contentKey, { variant: input.variant, ...input.data });
  return sendMail(ctx, { template: input.template, variant: input.variant, to: input.to, ...rendered });
}

/** What a page may tell the visitor about a queued mail: `sent` only once the provider accepted it. */
export type QueuedMail = { queued: true; id: string; status: OutboxRow["status"] } | { queued: false; error: string };

/**
 * Queues one e-mail per `dedupeKey` (e.g. `prelaunch:{table}:{leadId}`) and sends it after the
 * response. A repeated or parallel call with the same key finds the first row and sends nothing.
 * `queued: false` means the outbox write failed: the caller keeps what it needs to try again.
 */
export async function queueTemplateMail(
  ctx: MailContext & { waitUntil?: (promise: Promise<unknown>) => void },
  input: { dedupeKey: string; template: EmailTemplateName; variant: Variant; to: string; data: EmailData },
): Promise<QueuedMail> {
  // Contract only: the outbox dedupe key and the after-response send replace this.
  const result = await sendTemplateMail(ctx, input);
  if (!result.id) return { queued: false, error: result.ok ? "" : result.error };
  return { queued: true, id: result.id, status: result.ok ? "sent" : "failed" };
}

/** The status of the mail queued under `dedupeKey`, or null when none was queued. */
export async function mailStatus(_ctx: MailContext, _dedupeKey: string): Promise<OutboxRow["status"] | null> {
  return null;
}

export type RetrySummary = { picked: number; sent: number; failed: number; dead: number };

/**
 * The Cron Trigger's job: retries failed rows that are due (and pending rows a dead Worker left
 * behind) with exponential backoff; after MAX_ATTEMPTS a row is dead and left for a human.
 */
export async function retryFailedMail(ctx: MailContext): Promise<RetrySummary> {
  const m = mailer(ctx);
  const now = m.now();
  const rows = await m.store.due(
    now.toISOString(),
    minutesAfter(now, -STALE_PENDING_MINUTES),
    RETRY_BATCH,
  );
  const summary: RetrySummary = { picked: 0, sent: 0, failed: 0, dead: 0 };
  for (const row of rows) {
    // Overlapping runs: only the run that flips the row to pending sends it.
    if (!(await m.store.claim(row.id, row.status, row.updated_at, now.toISOString()))) continue;
    summary.picked += 1;
    try {
      const result = await deliver(m, row);
      summary[result.status === "sent" ? "sent" : result.status === "dead" ? "dead" : "failed"] += 1;
    } catch (error) {
      console.error(`mail: retry of ${row.id} could not be recorded`, error);
    }
  }
  return summary;
}
