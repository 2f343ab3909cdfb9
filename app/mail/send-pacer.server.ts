import type { SendPacer } from "~/data/ports/send-pacer";
import type { MailTransport } from "./transport.server";

/**
 * The provider's request budget, one for every sender (docs/decisions/024-mail-queue.md): queue
 * consumers in any isolate, the cron, /api/send-email and Vite dev's direct sends all take a slot
 * from the same row before calling the provider, and a 429 moves that row past its Retry-After,
 * which pauses all of them. A transport without a rate (the local outbox) needs no slot.
 */

/** A sender waits this long for its slot at most; a later slot (a pause, a long queue of senders) means back off. */
const MAX_SLOT_WAIT_MS = 5_000;

/**
 * Slots are this much further apart than the provider's rate: it counts requests as they arrive,
 * and ours arrive a few to some tens of ms after their slot (the mark, the request's own way), so
 * slots at exactly its rate meet a 429 now and then, and each one pauses every sender for a whole
 * second or more. Ten per cent of throughput buys almost none (bench:campaign: 2 in 105 requests).
 */
const SLOT_HEADROOM = 1.1;

export type Pace = { go: true } | { go: false; until: number };

type PacerClock = { now?: () => number; sleep?: (ms: number) => Promise<void> };

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Waits for a request slot that starts now and takes it, or says until when the provider is paused
 * (or booked past the longest wait). Only a slot that starts at the moment of asking is taken: a
 * slot booked ahead and slept towards would be spent late whenever the isolate is busy when it
 * comes (another batch rendering), and the next sender's slot would follow it too closely.
 */
export async function takeSendSlot(pacer: SendPacer, transport: MailTransport, clock: PacerClock = {}): Promise<Pace> {
  if (!transport.maxPerSecond) return { go: true };
  const intervalMs = Math.ceil((1000 * SLOT_HEADROOM) / transport.maxPerSecond);
  const clockNow = clock.now ?? Date.now;
  const latest = clockNow() + MAX_SLOT_WAIT_MS;
  let wokeFor = 0;
  for (;;) {
    // A clock that stands still while its isolate sleeps (a test's, a Worker's between I/O) still woke at the slot.
    const now = Math.max(clockNow(), wokeFor);
    const grant = await pacer.reserve(transport.name, now, intervalMs, now);
    if (grant.granted) return { go: true };
    if (grant.at > latest) return { go: false, until: grant.at };
    await (clock.sleep ?? realSleep)(grant.at - now);
    wokeFor = grant.at;
  }
}

/** The provider said 429: nobody calls it again before `until`. */
export async function pauseSends(pacer: SendPacer, transport: MailTransport, until: number): Promise<void> {
  await pacer.pauseUntil(transport.name, until);
}
