import type { OutboxRow } from "~/data/ports/outbox-store";
import { log } from "~/platform/log.server";
import { deliver, mailLogFields, STALE_PENDING_MINUTES } from "./deliver.server";
import { enqueueRows, MESSAGE_LEASE_MINUTES, type MailMessage } from "./mail-queue.server";
import { mailer, type MailContext } from "./mailer.server";

/**
 * The Cron Trigger's part in mail: it sweeps the outbox for rows that are due and have no live
 * sender. With a mail queue it only enqueues them (sweepOutbox); without one it sends them itself
 * (retryFailedMail).
 */

const minutesBefore = (date: Date, minutes: number) => new Date(date.getTime() - minutes * 60_000).toISOString();

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
 * The transport's rate limit (Resend: 2 a second unless raised) paces the sends too, through the
 * shared pacer every send takes its slot from; at 2 a second a run sends at most about 480 mails,
 * and a larger backlog continues in the next run.
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The Cron Trigger's job without a queue: sends failed rows that are due (exponential backoff) and
 * pending rows a dead Worker left behind, as many as one run may (RETRY_DEFAULTS); after
 * MAX_ATTEMPTS a row is dead and left for a human. Rows are claimed a batch at a time just before
 * they are sent, so overlapping runs never send a row twice.
 */
export async function retryFailedMail(ctx: MailContext, options: Partial<RetryOptions> = {}): Promise<RetrySummary> {
  const limits = { ...RETRY_DEFAULTS, ...options };
  const m = mailer(ctx);
  const started = limits.clock();
  const summary: RetrySummary = { picked: 0, sent: 0, failed: 0, dead: 0, skipped: 0, stopped: "drained", ms: 0 };
  const claimed: OutboxRow[] = [];
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
      minutesBefore(now, STALE_PENDING_MINUTES),
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
          log.error("mail.claim_failed", { via: "cron" }, error);
          stop("error");
        })
        .finally(() => (claiming = null));
      await claiming;
    }
    return claimed.shift();
  }

  async function worker() {
    for (let row = await next(); row; row = await next()) {
      try {
        const delivery = await deliver(m, row);
        const outcome = delivery.status === "pending" ? "failed" : delivery.status;
        summary[outcome] += 1;
        if (delivery.retryAfterMs !== undefined) {
          if (delivery.retryAfterMs > MAX_RATE_LIMIT_PAUSE_MS) {
            stop("rate-limit");
            // Claimed but not sent: pending now, so the next run after the staleness window sends them.
            summary.picked -= claimed.splice(0).length;
          } else {
            // A short pause is waited out, so the run goes on once it ends; the shared pacer holds
            // every other sender until then.
            await sleep(delivery.retryAfterMs);
          }
        }
      } catch (error) {
        // The row stays pending; a later run sends it once stale.
        log.error("mail.send_error", { ...(await mailLogFields(row)), via: "cron" }, error);
      }
    }
  }

  await Promise.all(Array.from({ length: Math.max(1, limits.concurrency) }, worker));
  summary.ms = limits.clock() - started;
  // The run's counts as fields.
  log.info("cron.run", { job: "mail.retry", ...summary });
  return summary;
}

export type SweepSummary = { enqueued: number; failed: number };

/**
 * The cron's part with a queue: rows that are due and have no live message (their enqueue failed,
 * their message was lost or handed back) are enqueued again, never sent from here. A row is stamped
 * before its message goes, so the next run leaves it alone while that message is in flight.
 */
export async function sweepOutbox(
  ctx: MailContext,
  queue: Queue<MailMessage>,
  options: { maxPerRun?: number } = {},
): Promise<SweepSummary> {
  const m = mailer(ctx);
  const maxPerRun = options.maxPerRun ?? 5_000;
  const summary: SweepSummary = { enqueued: 0, failed: 0 };
  while (summary.enqueued + summary.failed < maxPerRun) {
    const now = m.now();
    const rows: OutboxRow[] = await m.store.claimForEnqueue(
      now.toISOString(),
      minutesBefore(now, STALE_PENDING_MINUTES),
      minutesBefore(now, MESSAGE_LEASE_MINUTES),
      Math.min(100, maxPerRun - summary.enqueued - summary.failed),
    );
    if (!rows.length) break;
    const result = await enqueueRows(queue, m.store, rows);
    summary.enqueued += result.enqueued;
    summary.failed += result.failed;
    if (result.failed) break;
  }
  log.info("cron.run", { job: "mail.sweep", ...summary });
  return summary;
}
