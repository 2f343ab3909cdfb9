import type { SendPacer } from "~/data/ports/send-pacer";
import type { MailTransport } from "./transport.server";

/**
 * The provider's request budget, one for every sender (docs/decisions/024-mail-queue.md): queue
 * consumers in any isolate, the cron, /api/send-email and Vite dev's direct sends all take a slot
 * from the same row before calling the provider, and a 429 moves that row past its Retry-After,
 * which pauses all of them. A transport without a rate (the local outbox) needs no slot.
 */

/** A sender waits this long for its slot at most; a later slot (a pause, a long queue of senders) means back off. */
export const MAX_SLOT_WAIT_MS = 5_000;

export type Pace = { go: true } | { go: false; until: number };

type PacerClock = { now?: () => number; sleep?: (ms: number) => Promise<void> };

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Takes the next request slot and waits for it, or says until when the provider is paused (or booked). */
export async function takeSendSlot(pacer: SendPacer, transport: MailTransport, clock: PacerClock = {}): Promise<Pace> {
  if (!transport.maxPerSecond) return { go: true };
  const now = (clock.now ?? Date.now)();
  const grant = await pacer.reserve(transport.name, now, Math.ceil(1000 / transport.maxPerSecond), now + MAX_SLOT_WAIT_MS);
  if (!grant.granted) return { go: false, until: grant.at };
  if (grant.at > now) await (clock.sleep ?? realSleep)(grant.at - now);
  return { go: true };
}

/** The provider said 429: nobody calls it again before `until`. */
export async function pauseSends(pacer: SendPacer, transport: MailTransport, until: number): Promise<void> {
  await pacer.pauseUntil(transport.name, until);
}
