import { describe, expect, it } from "vitest";
import type { SendPacer } from "~/data/ports/send-pacer";
import { takeSendSlot } from "~/mail/send-pacer.server";
import type { MailTransport } from "~/mail/transport.server";

/** The port's rules in memory: slots `interval` apart, none before a pause's end, none after the caller's latest. */
function memoryPacer(): SendPacer {
  const next = new Map<string, number>();
  return {
    async reserve(key, now, intervalMs, latest) {
      const at = Math.max(next.get(key) ?? 0, now);
      if (at > latest) return { granted: false, at };
      next.set(key, at + intervalMs);
      return { granted: true, at };
    },
    async pauseUntil(key, until) {
      next.set(key, Math.max(next.get(key) ?? 0, until));
    },
  };
}

const T = 1_800_000_000_000;
const resend = { name: "resend", maxPerSecond: 2 } as MailTransport;

describe("the send pacer", () => {
  it("a sender that wakes late for its slot takes the next free one from then: requests never go closer together than the provider's rate", async () => {
    const pacer = memoryPacer();
    let clock = T;
    const now = () => clock;
    const sent: number[] = [];
    // Wakes exactly when asked.
    const punctual = { now, sleep: async (ms: number) => void (clock = Math.max(clock, clock + ms)) };

    expect(await takeSendSlot(pacer, resend, punctual)).toEqual({ go: true });
    sent.push(clock);

    // A second sender asks 10 ms later and is put to sleep; its isolate is busy when the time comes.
    clock = T + 10;
    let wake: () => void = () => {};
    let lateSleeps = 0;
    const busy = {
      now,
      sleep: (ms: number) => {
        const target = clock + ms;
        if (lateSleeps++) return punctual.sleep(ms);
        return new Promise<void>((resolve) => (wake = () => ((clock = Math.max(clock, target + 300)), resolve())));
      },
    };
    const late = takeSendSlot(pacer, resend, busy).then((pace) => (sent.push(clock), pace));
    await new Promise((resolve) => setTimeout(resolve, 0));

    // Meanwhile a third sender comes.
    clock = T + 700;
    expect(await takeSendSlot(pacer, resend, punctual)).toEqual({ go: true });
    sent.push(clock);

    wake();
    expect(await late).toEqual({ go: true });
    sent.sort((a, b) => a - b);
    expect(sent).toHaveLength(3);
    for (let i = 1; i < sent.length; i++) expect(sent[i] - sent[i - 1]).toBeGreaterThanOrEqual(1000 / resend.maxPerSecond!);
  });

  it("a pause longer than a sender may wait says until when, and takes no slot", async () => {
    const pacer = memoryPacer();
    await pacer.pauseUntil("resend", T + 30_000);
    const clock = { now: () => T, sleep: async () => {} };
    expect(await takeSendSlot(pacer, resend, clock)).toEqual({ go: false, until: T + 30_000 });
    expect(await pacer.reserve("resend", T + 30_000, 1, T + 30_000)).toEqual({ granted: true, at: T + 30_000 });
  });
});
