import { getBackend } from "~/data/backend.server";
import type { OutboxRow } from "~/data/ports/outbox-store";
import { log } from "~/platform/log.server";
import { batchIdempotencyKey, canBatch, type BatchingTransport } from "./batch-transport.server";
import {
  mailLogFields,
  mailOf,
  notSentYet,
  pacerClockOf,
  prepareDelivery,
  QUEUE_RETRY_DELAYS_MINUTES,
  recordDelivery,
  sendPaced,
  type Delivery,
  type PreparedMail,
} from "./deliver.server";
import type { Mailer } from "./mailer.server";
import { pauseSends, takeSendSlot } from "./send-pacer.server";
import type { TransportResult } from "./transport.server";

/**
 * Sends the rows of one queue message batch (docs/decisions/024-mail-queue.md) as one provider
 * request: the rows are claimed first (a row is sent by one consumer only, whatever the
 * redeliveries), paced by the shared pacer, sent with an Idempotency-Key made of their ids, and
 * each row's outcome says what its message does next.
 */

/** What one row's message does next: done, or come back after `delaySeconds`. */
export type Settle = { ack: true } | { ack: false; delaySeconds: number };

const secondsUntil = (at: string | number, now: Date) =>
  Math.max(1, Math.ceil(((typeof at === "number" ? at : Date.parse(at)) - now.getTime()) / 1000));

function settleOf(delivery: Delivery, now: Date): Settle {
  if (delivery.status !== "failed" || !delivery.nextAttemptAt) return { ack: true };
  return { ack: false, delaySeconds: secondsUntil(delivery.nextAttemptAt, now) };
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
      log.error("mail.send_error", { ...(await mailLogFields(row)), via: "queue" }, error);
    }
  });
  return ready.sort(byId);
}

/**
 * Claims `ids` and sends the rows still to send; `settled` gets what each id's message does next
 * (an id missing from it threw before its outcome).
 */
export async function sendClaimed(m: Mailer, ids: string[], settled: Map<string, Settle>): Promise<void> {
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
  const pace = await takeSendSlot(pacer, transport, pacerClockOf(m));
  if (!pace.go && !knownKey) return handBack(m, list, pace.until, settled);
  if (!pace.go)
    return recordAll(
      m,
      list,
      list.map(() => notSentYet(m, pace.until)),
      settled,
      () => knownKey ?? null,
    );
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
    log.warn("mail.rate_limited", { retryAfterMs: result.retryAfterMs, mails: list.length });
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
  for (const prepared of list) await recordAll(m, [prepared], [await sendPaced(m, prepared.mail)], settled);
}
