import type { ContentKey } from "#content/index";
import { mailKindOf, type EmailTemplateName } from "#content/schemas/emails";
import { findEmailContent, renderEmail, type EmailData } from "#emails/render.server";
import type { AppEnv } from "~/utils/env.server";
import { contentKeyOf, variantKey, type Variant } from "~/utils/variant";
import { envelopeOf, type Envelope } from "./envelope.server";
import { getBackend, type DataBindings } from "~/data/backend.server";
import type { OutboxChange, OutboxRow, OutboxStore } from "~/data/ports/outbox-store";
import { emailHash, isSuppressed } from "./suppression.server";
import { getTransport, withPreviewAllowList, type MailTransport, type OutgoingMail, type TransportResult } from "./transport.server";
import { enqueueRows, mailQueueOf, type MailBindings } from "./mail-queue.server";
import { pauseSends, takeSendSlot } from "./send-pacer.server";

/** What the mailer needs; a RequestContext fits, and so does the scheduled handler's env. */
export type MailContext = {
  env: AppEnv;
  /** The database, and the mail queue where the Worker has one. */
  bindings: MailBindings;
  /** The clock, replaceable in tests of the retry schedule. */
  now?: () => Date;
  /** Replaces the configured transport (tests use fakes that hang or fail on cue). */
  transport?: MailTransport;
};

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
 * claims only a few rows ahead of sending them (RETRY_DEFAULTS.claimBatch), and a queue consumer
 * holds a batch for its render, a slot (5 s at most) and one request. A minute is past all of
 * these, so a live send is never duplicated, yet a mail whose Worker was evicted or killed goes
 * out with the next cron run instead of waiting for a long timeout. Should it ever race a live
 * send anyway, the provider's idempotency key still delivers it once, and a queue consumer sends
 * only rows it still holds (markBatch).
 */
export const STALE_PENDING_MINUTES = 1;

/** Dedupe keys are also the provider's Idempotency-Key, which may be at most 256 characters. */
const MAX_DEDUPE_KEY_LENGTH = 256;

export type Mailer = { store: OutboxStore; transport: MailTransport; env: AppEnv; bindings: DataBindings; now: () => Date };

export function mailer(ctx: MailContext): Mailer {
  return {
    store: getBackend(ctx).outbox,
    bindings: ctx.bindings,
    // A preview's allow-list also holds for a transport a caller passed in.
    transport: withPreviewAllowList(ctx.transport ?? getTransport(ctx.env), ctx.env),
    env: ctx.env,
    now: ctx.now ?? (() => new Date()),
  };
}

const minutesAfter = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000).toISOString();

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

/** `nextAttemptAt`: when a failed row is due again. */
export type Delivery = { status: OutboxRow["status"]; error?: string; retryAfterMs?: number; nextAttemptAt?: string };

/** What a page stores to have a template mail rendered after its response. */
type RenderInput = { template: EmailTemplateName; variant: Variant; data: EmailData };

/**
 * A row queued by a page has only its render input: renders the body for this attempt. The body is
 * stored with the attempt's outcome (one write, `body`), so every later retry sends the stored
 * bytes; should the Worker die between the send and that write, the cron renders the same input
 * again and the provider's idempotency key keeps it one mail. Other rows are returned as they are.
 */
async function withBody(env: AppEnv, row: OutboxRow, envelope: Envelope): Promise<{ row: OutboxRow; body: Partial<OutboxChange> }> {
  if (row.html || !row.render_input) return { row, body: {} };
  const rendered = await renderTemplate(env, JSON.parse(row.render_input) as RenderInput, envelope);
  return { row: { ...row, ...rendered, render_input: null }, body: { ...rendered, render_input: null } };
}

/** A row as it will be sent: a queued template mail whose body is not stored yet is rendered (nothing is written). */
export async function previewOf(env: AppEnv, row: OutboxRow): Promise<OutboxRow> {
  if (row.html || !row.render_input) return row;
  return { ...row, ...(await renderTemplate(env, JSON.parse(row.render_input) as RenderInput, await envelopeOf(env, row))) };
}

/**
 * One delivery attempt of a stored row; records the outcome on the row. The suppression list is
 * read first (so page sends, cron retries and /api/send-email are all covered): a mail to an
 * address suppressed for its kind is never rendered or handed to the transport, and its row
 * becomes `skipped` (without address or body), which nothing retries. A failed read throws: the row stays pending and the
 * cron tries again, so a mail never goes out unchecked.
 */
async function deliver(m: Mailer, queued: OutboxRow): Promise<Delivery> {
  const prepared = await prepareDelivery(m, queued);
  if ("skipped" in prepared) return prepared.skipped;
  const { row, body, mail } = prepared;
  const pace = await takeSendSlot(getBackend(m).sendPacer, m.transport, { now: () => m.now().getTime() });
  const result: TransportResult = pace.go
    ? await m.transport.send(mail)
    : {
        ok: false,
        permanent: false,
        error: "Not sent yet: the mail API asked us to wait (rate limit)",
        retryAfterMs: Math.max(1000, pace.until - m.now().getTime()),
      };
  if (pace.go && !result.ok && result.retryAfterMs !== undefined)
    await pauseSends(getBackend(m).sendPacer, m.transport, m.now().getTime() + result.retryAfterMs);
  return recordDelivery(m, row, body, result);
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
  return { status, error: result.error, ...(nextAttemptAt ? { nextAttemptAt } : {}) };
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
    console.error("mail: outbox write failed", error);
    return { ok: false, id: null, error: "The e-mail could not be queued" };
  }
  try {
    const delivery = await deliver(m, row);
    if (delivery.status === "sent") return { ok: true, id: row.id };
    if (delivery.status === "skipped") return { ok: false, id: row.id, error: delivery.error ?? "Not sent", suppressed: true };
    console.warn(`mail: ${row.id} to the transport failed: ${delivery.error}`);
    return { ok: false, id: row.id, error: delivery.error ?? "The e-mail could not be sent" };
  } catch (error) {
    // The row stays pending; the cron picks it up as stale.
    console.error(`mail: ${row.id} could not be recorded`, error);
    return { ok: false, id: row.id, error: "The e-mail could not be sent" };
  }
}

/** Renders a queued template mail; the footer's controller line comes from configuration, its unsubscribe link from the envelope. */
async function renderTemplate(env: AppEnv, input: RenderInput, envelope: Envelope) {
  const contentKey: ContentKey = contentKeyOf(input.variant);
  return renderEmail(input.template, contentKey, {
    variant: input.variant,
    ...input.data,
    controller: { name: env.CONTROLLER_NAME, address: env.CONTROLLER_ADDRESS, email: env.CONTROLLER_EMAIL },
    unsubscribeLink: envelope.unsubscribeLink,
    launchMode: env.LAUNCH_MODE,
  });
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
  input: { dedupeKey: string; template: EmailTemplateName; variant: Variant; to: string; data: EmailData },
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
    const renderInput: RenderInput = { template: input.template, variant: input.variant, data: input.data };
    const row = newRow(m, { ...input, subject: "", html: "", text: "" });
    // With a queue the row is written with its message lease, so the sweeper leaves it to the message.
    const enqueued_at = mailQueueOf(ctx.bindings) ? row.created_at : null;
    stored = await m.store.insertOnce({ ...row, render_input: JSON.stringify(renderInput), origin: input.data.origin, enqueued_at });
  } catch (error) {
    console.error(`mail: outbox write of ${input.dedupeKey} failed`, error);
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

/** One template mail of a batch written by writeTemplateMails. */
export type TemplateMailInput = { dedupeKey: string; template: EmailTemplateName; variant: Variant; to: string; data: EmailData };

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
    const renderInput: RenderInput = { template: input.template, variant: input.variant, data: input.data };
    const row = newRow(m, { ...input, subject: "", html: "", text: "" });
    return { ...row, render_input: JSON.stringify(renderInput), origin: input.data.origin, enqueued_at: queue ? row.created_at : null };
  });
  // One round trip for the chunk: a campaign's step writes thousands of rows while its mails go out.
  const stored = await m.store.insertManyOnce(rows);
  const created = stored.filter((s) => s.created).length;
  const toEnqueue = stored.flatMap((s) => (s.created || (s.row.status === "pending" && s.row.enqueued_at) ? [s.row] : []));
  const { enqueued } = queue ? await enqueueRows(queue, m.store, toEnqueue) : { enqueued: 0 };
  return { created, existing: inputs.length - created, enqueued };
}

function sendAfterResponse(ctx: { waitUntil?: (promise: Promise<unknown>) => void }, m: Mailer, row: OutboxRow, afterMs: number) {
  const start = afterMs > 0 ? new Promise((resolve) => setTimeout(resolve, afterMs)) : Promise.resolve();
  const work = start
    .then(() => deliver(m, row))
    .then(
      (delivery) => {
        // A suppressed address is the list doing its job, not a problem to look into.
        if (delivery.status === "skipped") console.log(`mail: ${row.dedupe_key} skipped: ${delivery.error}`);
        else if (delivery.status !== "sent") console.warn(`mail: ${row.dedupe_key} was not sent (${delivery.status}): ${delivery.error}`);
      },
      (error) => console.error(`mail: ${row.dedupe_key} could not be sent or recorded; the cron retries it`, error),
    );
  // Without waitUntil (a script) the send still starts; should the runtime cut it short, the row
  // stays pending and the cron sends it once stale.
  ctx.waitUntil?.(work);
}

/** The status of the mail queued under `dedupeKey`, or null when none was queued. Throws when the outbox cannot be read. */
export async function mailStatus(ctx: MailContext, dedupeKey: string): Promise<OutboxRow["status"] | null> {
  return (await mailer(ctx).store.getByKey(dedupeKey))?.status ?? null;
}

export type RetryOptions = {
  /** Sends in flight at once. */
  concurrency: number;
  /** No new rows are claimed after this much wall-clock time; claimed ones are still sent. */
  budgetMs: number;
  /** Rows one run sends at most. */
  maxPerRun: number;
  /** Rows claimed per database round trip. */
  claimBatch: number;
  /** Milliseconds for the budget (tests replace it). */
  clock: () => number;
};

/**
 * The limits of one Cron Trigger run. A run must stay inside what the platform allows one
 * invocation on the Workers Paid plan: 6 simultaneous outgoing connections, 10,000 subrequests
 * (every mail API call is one, and so is every Supabase call), 30 s of CPU for a cron that runs
 * more often than hourly, and 15 minutes of wall-clock time.
 * - concurrency 4: four sends plus the claim of the next batch stay under 6 open connections;
 * - maxPerRun 1000: a mail costs 2 subrequests (send, record) and each claim of 10 rows 1 (D1) or
 *   2 (Supabase), so a full run makes at most 2,200: a quarter of the limit. CPU is about 1 ms a
 *   mail (mostly JSON of the body);
 * - budgetMs 4 minutes: a run ends before the next one starts 5 minutes later (overlap would
 *   still be safe: claims split the rows) and far inside the 15-minute limit;
 * - claimBatch 10: a claimed row waits only for the few sends ahead of it, far inside the
 *   staleness window, and a run that hits its budget finishes at most 10 more rows.
 * The transport's rate limit (Resend: 2 a second unless raised) paces the sends too; at 2 a second
 * a run sends at most about 480 mails, and a larger backlog continues in the next run.
 */
const RETRY_DEFAULTS: Readonly<RetryOptions> = {
  concurrency: 4,
  budgetMs: 4 * 60_000,
  maxPerRun: 1000,
  claimBatch: 10,
  clock: () => Date.now(),
};

/** A 429 asking us to wait longer than this ends the run; the rows it left are tried next run. */
const MAX_RATE_LIMIT_PAUSE_MS = 10_000;

export type RetrySummary = {
  picked: number;
  sent: number;
  failed: number;
  dead: number;
  /** Rows not sent because the address is now on the suppression list. */
  skipped: number;
  /** Why the run stopped: nothing left due, the per-run cap, the time budget, a long rate limit, or an error. */
  stopped: "drained" | "cap" | "budget" | "rate-limit" | "error";
  ms: number;
};

/** One line for the log. */
export function describeRetry(summary: RetrySummary): string {
  const { picked, sent, failed, dead, skipped, stopped, ms } = summary;
  return `mail retry: picked ${picked}, sent ${sent}, failed ${failed}, dead ${dead}, skipped ${skipped}; stopped: ${stopped} after ${(ms / 1000).toFixed(1)} s`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Spaces send starts to the transport's rate limit, across all workers; a 429 pushes the next start back. */
function pacer(maxPerSecond: number | undefined) {
  const interval = maxPerSecond ? 1000 / maxPerSecond : 0;
  let next = 0;
  return {
    async wait() {
      const now = Date.now();
      const at = Math.max(now, next);
      next = at + interval;
      if (at > now) await sleep(at - now);
    },
    pause(ms: number) {
      next = Math.max(next, Date.now() + ms);
    },
  };
}

/**
 * The Cron Trigger's job: sends failed rows that are due (exponential backoff) and pending rows a
 * dead Worker left behind, as many as one run may (RETRY_DEFAULTS); after MAX_ATTEMPTS a row is
 * dead and left for a human. Rows are claimed a batch at a time just before they are sent, so
 * overlapping runs never send a row twice.
 */
export async function retryFailedMail(ctx: MailContext, options: Partial<RetryOptions> = {}): Promise<RetrySummary> {
  const limits = { ...RETRY_DEFAULTS, ...options };
  const m = mailer(ctx);
  const started = limits.clock();
  const summary: RetrySummary = { picked: 0, sent: 0, failed: 0, dead: 0, skipped: 0, stopped: "drained", ms: 0 };
  const claimed: OutboxRow[] = [];
  const pace = pacer(m.transport.maxPerSecond);
  let done = false;
  let claiming: Promise<void> | null = null;

  const stop = (reason: RetrySummary["stopped"]) => {
    if (!done) summary.stopped = reason;
    done = true;
  };

  async function claimBatch() {
    if (summary.picked >= limits.maxPerRun) return stop("cap");
    if (limits.clock() - started >= limits.budgetMs) return stop("budget");
    const now = m.now();
    const rows = await m.store.claimDue(
      now.toISOString(),
      minutesAfter(now, -STALE_PENDING_MINUTES),
      Math.min(limits.claimBatch, limits.maxPerRun - summary.picked),
    );
    if (!rows.length) return stop("drained");
    summary.picked += rows.length;
    claimed.push(...rows);
  }

  /** The next claimed row; one worker claims a batch when none is left, the others wait for it. */
  async function next(): Promise<OutboxRow | undefined> {
    while (!claimed.length && !done) {
      claiming ??= claimBatch()
        .catch((error) => {
          console.error("mail retry: claiming due rows failed", error);
          stop("error");
        })
        .finally(() => (claiming = null));
      await claiming;
    }
    return claimed.shift();
  }

  async function worker() {
    for (let row = await next(); row; row = await next()) {
      await pace.wait();
      try {
        const delivery = await deliver(m, row);
        const outcome = delivery.status === "pending" ? "failed" : delivery.status;
        summary[outcome] += 1;
        if (delivery.retryAfterMs !== undefined) {
          pace.pause(delivery.retryAfterMs);
          if (delivery.retryAfterMs > MAX_RATE_LIMIT_PAUSE_MS) {
            stop("rate-limit");
            // Claimed but not sent: pending now, so the next run after the staleness window sends them.
            summary.picked -= claimed.splice(0).length;
          }
        }
      } catch (error) {
        // The row stays pending; a later run sends it once stale.
        console.error(`mail retry: ${row.id} could not be sent or recorded`, error);
      }
    }
  }

  await Promise.all(Array.from({ length: Math.max(1, limits.concurrency) }, worker));
  summary.ms = limits.clock() - started;
  return summary;
}
