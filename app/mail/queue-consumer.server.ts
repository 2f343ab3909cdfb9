import { getBackend } from "~/data/backend.server";
import type { OutboxRow } from "~/data/ports/outbox-store";
import { batchIdempotencyKey, canBatch, getBatchTransport, type BatchingTransport } from "./batch-transport.server";
import {
  enqueueRows,
  mailQueueOf,
  MAX_RETRY_DELAY_SECONDS,
  MESSAGE_LEASE_MINUTES,
  QUEUE_MAX_RETRIES,
  type MailMessage,
} from "./mail-queue.server";
import {
  mailer,
  mailOf,
  prepareDelivery,
  QUEUE_RETRY_DELAYS_MINUTES,
  recordDelivery,
  STALE_PENDING_MINUTES,
  type Delivery,
  type MailContext,
  type Mailer,
  type PreparedMail,
} from "./mailer.server";
import { pauseSends, takeSendSlot } from "./send-pacer.server";
import type { TransportResult } from "./transport.server";

/**
 * The mail queue's consumers and the cron's sweeper (docs/decisions/024-mail-queue.md). A message
 * batch becomes one provider request: the rows are claimed first (a row is sent by one consumer
 * only, whatever the redeliveries), paced by the shared pacer, sent with an Idempotency-Key made of
 * their ids, and each message is acked or retried by its row's outcome.
 */

/** The pacer keeps the mailer's clock, so a pause is measured as the rows' due times are. */
const clockOf = (m: Mailer) => ({ now: () => m.now().getTime() });

/** What one row's message does next: done, or come back after `delaySeconds`. */
type Settle = { ack: true } | { ack: false; delaySeconds: number };

const secondsUntil = (at: string | number, now: Date) =>
  Math.max(1, Math.ceil(((typeof at === "number" ? at : Date.parse(at)) - now.getTime()) / 1000));

function settleOf(delivery: Delivery, now: Date): Settle {
  if (delivery.status !== "failed" || !delivery.nextAttemptAt) return { ack: true };
  return { ack: false, delaySeconds: secondsUntil(delivery.nextAttemptAt, now) };
}

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
    await m.store.releaseEnqueued(handOver).catch((error) => console.error("mail queue: lease release failed", error));
  }
}

/** Runs `task` over `items`, at most `limit` at a time: a batch's database calls overlap instead of queuing one by one. */
async function eachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Database calls of one batch in flight at once: well under D1's and Supabase's limits, and most of the latency hidden. */
const ROW_CONCURRENCY = 10;

/** Rows a batch request may settle: those still on their way (a batch sent again also carries members already settled). */
const onItsWay = (row: OutboxRow) => row.status === "pending" || row.status === "failed";

const byId = (a: PreparedMail, b: PreparedMail) => (a.row.id < b.row.id ? -1 : a.row.id > b.row.id ? 1 : 0);

/**
 * Everything before the transport call for `rows`, in parallel; the mails ready to go come back in
 * id order (a batch's order is part of what the provider remembers under its key). A suppressed row
 * is recorded skipped and a mail a preview keeps is recorded kept, neither handed over; a row that
 * cannot be prepared stays pending without a lease, for the sweeper.
 */
async function prepareAll(m: Mailer, rows: OutboxRow[]): Promise<PreparedMail[]> {
  const ready: PreparedMail[] = [];
  await eachLimited(rows, ROW_CONCURRENCY, async (row) => {
    try {
      // A member of a batch sent again that is settled already goes as it went, unchecked and unrecorded.
      if (!onItsWay(row)) return void ready.push(await mailOf(m, row));
      const prepared = await prepareDelivery(m, row);
      if ("skipped" in prepared) return;
      const kept = (m.transport as Partial<BatchingTransport>).keepInOutbox?.(prepared.mail);
      if (kept) await recordDelivery(m, prepared.row, prepared.body, { ok: true, providerMessageId: `preview-kept-${row.id}`, note: kept });
      else ready.push(prepared);
    } catch (error) {
      console.error(`mail queue: ${row.id} could not be prepared`, error);
    }
  });
  return ready.sort(byId);
}

async function sendClaimed(m: Mailer, ids: string[], settled: Map<string, Settle>): Promise<void> {
  const now = m.now();
  const claimed = await m.store.claimEnqueued(ids, now.toISOString());
  // Already sent, given up, not due, or taken by another consumer: acked without sending.
  for (const id of ids) settled.set(id, { ack: true });
  const unclaimed = ids.filter((id) => !claimed.some((row) => row.id === id));
  await m.store.releaseEnqueued(unclaimed);
  if (!claimed.length) return;

  const transport = m.transport;
  if (!canBatch(transport)) return sendOneByOne(m, await prepareAll(m, claimed), settled);
  // Rows of a batch request whose outcome is unknown go again as that very batch, with its key: the
  // provider answers a key it has seen with its first answer, so a mail it took in is not sent twice.
  const inDoubt = [...new Set(claimed.flatMap((row) => (row.batch_key ? [row.batch_key] : [])))];
  for (const key of inDoubt) {
    const members = await prepareAll(m, await m.store.listBatch(key));
    await sendIsolating(m, transport, members, settled, now.toISOString(), key);
  }
  const fresh = await prepareAll(
    m,
    claimed.filter((row) => !row.batch_key),
  );
  await sendIsolating(m, transport, fresh, settled, now.toISOString());
}

/**
 * Paused by a 429: fresh rows go back to the queue untouched (still pending, no attempt) and come
 * back when it ends. Free of any batch key: the provider never took them (a part of a batch it
 * refused whole carries that batch's key until now).
 */
async function handBack(m: Mailer, list: PreparedMail[], until: number, settled: Map<string, Settle>) {
  const now = m.now();
  await eachLimited(list, ROW_CONCURRENCY, async ({ row }) => {
    await m.store.update(row.id, { enqueued_at: now.toISOString(), updated_at: now.toISOString(), batch_key: null });
    settled.set(row.id, { ack: false, delaySeconds: secondsUntil(until, now) });
  });
}

/**
 * Records each mail's result (a failed one keeps a lease for the message that will bring it back).
 * `keyOf` gives the row's batch_key after it: the request's key when its outcome is unknown (the rows
 * go again as that batch) or when the provider took the mail (the row stays a member of the batch it
 * went in, so that batch can be sent again whole); null when the provider answered that it did not
 * take the mail, which frees the row to go in another batch.
 */
async function recordAll(
  m: Mailer,
  list: PreparedMail[],
  results: TransportResult[],
  settled: Map<string, Settle>,
  keyOf: (result: TransportResult) => string | null = () => null,
) {
  const now = m.now();
  await eachLimited([...list.entries()], ROW_CONCURRENCY, async ([i, { row, body }]) => {
    if (!onItsWay(row)) return;
    const delivery = await recordDelivery(
      m,
      row,
      body,
      results[i],
      { enqueued_at: now.toISOString(), batch_key: keyOf(results[i]) },
      QUEUE_RETRY_DELAYS_MINUTES,
    );
    settled.set(row.id, settleOf(delivery, now));
  });
}

/**
 * One request for the whole list, under `key` (a batch in doubt going again) or a key of its ids.
 * The rows carry the key before the request goes out, so whatever happens to this consumer the
 * batch can be sent again as it was. A refusal of the whole batch because of one entry (strict
 * validation) sets that entry aside as dead and sends the rest; without an index the batch is halved
 * until the bad entry stands alone. A 429 pauses every sender.
 */
async function sendIsolating(
  m: Mailer,
  transport: BatchingTransport,
  list: PreparedMail[],
  settled: Map<string, Settle>,
  claimedAt: string,
  knownKey?: string,
): Promise<void> {
  if (!list.length) return;
  const pacer = getBackend(m).sendPacer;
  // The slot is taken once the mails are rendered, right before the request: a slot taken earlier
  // would be spent after a render of varying length, and two requests could reach the provider
  // closer together than its rate allows.
  const pace = await takeSendSlot(pacer, transport, clockOf(m));
  if (!pace.go && !knownKey) return handBack(m, list, pace.until, settled);
  if (!pace.go) {
    const error = "Not sent yet: the mail API asked us to wait (rate limit)";
    return recordAll(
      m,
      list,
      list.map(() => ({ ok: false, permanent: false, error, retryAfterMs: Math.max(1000, pace.until - m.now().getTime()) })),
      settled,
      () => knownKey ?? null,
    );
  }
  let key = knownKey;
  while (!key) {
    // Only rows this consumer still holds go: one the sweeper handed to another consumer meanwhile
    // (this one was slower than the stale window) is that consumer's to send.
    const candidate = await batchIdempotencyKey(list.map((p) => p.row.id));
    const marked = new Set(
      await m.store.markBatch(
        list.map((p) => p.row.id),
        candidate,
        claimedAt,
      ),
    );
    if (marked.size === list.length) key = candidate;
    else if (!marked.size) return;
    else list = list.filter((p) => marked.has(p.row.id));
  }
  const batchKey: string = key;
  const result = await transport.sendBatch(
    list.map((p) => p.mail),
    batchKey,
  );
  if (result.ok) return recordAll(m, list, result.results, settled, (entry) => (entry.ok ? batchKey : null));
  if (result.retryAfterMs !== undefined) {
    // A 429: the provider did not look at this request. A fresh batch may be put together afresh
    // later; a batch in doubt stays in doubt (another consumer may be sending it again right now).
    await pauseSends(pacer, transport, m.now().getTime() + result.retryAfterMs);
    return recordAll(
      m,
      list,
      list.map(() => ({ ok: false, permanent: false, error: result.error, retryAfterMs: result.retryAfterMs })),
      settled,
      () => knownKey ?? null,
    );
  }
  if (result.permanent && list.length > 1) {
    if (result.invalidIndex !== undefined) {
      await recordAll(m, [list[result.invalidIndex]], [{ ok: false, permanent: true, error: result.error }], settled);
      return sendIsolating(
        m,
        transport,
        list.filter((_, i) => i !== result.invalidIndex),
        settled,
        claimedAt,
      );
    }
    const half = Math.ceil(list.length / 2);
    await sendIsolating(m, transport, list.slice(0, half), settled, claimedAt);
    return sendIsolating(m, transport, list.slice(half), settled, claimedAt);
  }
  const failure: TransportResult = { ok: false, permanent: result.permanent, error: result.error };
  // No answer, or a server error: the provider may have taken the batch in; the rows keep its key.
  return recordAll(
    m,
    list,
    list.map(() => failure),
    settled,
    () => (result.permanent ? null : batchKey),
  );
}

/** A transport that cannot batch (a wrapper that applies its own rules in send): one paced request per mail. */
async function sendOneByOne(m: Mailer, list: PreparedMail[], settled: Map<string, Settle>) {
  const pacer = getBackend(m).sendPacer;
  for (const prepared of list) {
    const pace = await takeSendSlot(pacer, m.transport, clockOf(m));
    const result: TransportResult = pace.go
      ? await m.transport.send(prepared.mail)
      : {
          ok: false,
          permanent: false,
          error: "Not sent yet: the mail API asked us to wait (rate limit)",
          retryAfterMs: Math.max(1000, pace.until - m.now().getTime()),
        };
    if (pace.go && !result.ok && result.retryAfterMs !== undefined)
      await pauseSends(pacer, m.transport, m.now().getTime() + result.retryAfterMs);
    await recordAll(m, [prepared], [result], settled);
  }
}

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
      }
      message.ack();
    } catch (error) {
      console.error(`mail dead letters: ${id} could not be marked`, error);
      message.retry();
    }
  }
}

export type SweepSummary = { enqueued: number; failed: number };

const minutesBefore = (date: Date, minutes: number) => new Date(date.getTime() - minutes * 60_000).toISOString();

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
  return summary;
}

export function describeSweep(summary: SweepSummary): string {
  return `mail sweep: enqueued ${summary.enqueued}, enqueue failed ${summary.failed}`;
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
