import { expect, it } from "vitest";
import type { ContractBackend } from "./backends";
import { contractSuite } from "./suite";

/** The behaviour every SendPacer adapter must have: slots spaced and never shared, a pause that holds everyone. */
export function sendPacerContract(name: string, start: () => Promise<ContractBackend>) {
  contractSuite(`SendPacer contract: ${name}`, start, (h) => {
    const pacer = () => h().sendPacer;
    const T = 1_800_000_000_000;

    it("hands out slots one interval apart, starting now when the pacer is idle", async () => {
      expect(await pacer().reserve("resend", T, 500, T + 10_000)).toEqual({ granted: true, at: T });
      expect(await pacer().reserve("resend", T, 500, T + 10_000)).toEqual({ granted: true, at: T + 500 });
      expect(await pacer().reserve("resend", T + 5_000, 500, T + 15_000)).toEqual({ granted: true, at: T + 5_000 });
      // Another provider has its own slots.
      expect(await pacer().reserve("other", T, 500, T)).toEqual({ granted: true, at: T });
    });

    it("refuses a slot that starts after the caller's latest, without taking it", async () => {
      await pacer().reserve("resend", T, 1_000, T);
      expect(await pacer().reserve("resend", T, 1_000, T + 500)).toEqual({ granted: false, at: T + 1_000 });
      expect(await pacer().reserve("resend", T, 1_000, T + 1_000)).toEqual({ granted: true, at: T + 1_000 });
    });

    it("parallel reservations never share a slot", async () => {
      const grants = await Promise.all(Array.from({ length: 12 }, () => pacer().reserve("resend", T, 100, T + 60_000)));
      const starts = grants.map((g) => g.at).sort((a, b) => a - b);
      expect(grants.every((g) => g.granted)).toBe(true);
      expect(starts).toEqual(Array.from({ length: 12 }, (_, i) => T + i * 100));
    });

    it("a pause holds every slot until it ends and never moves an existing one earlier", async () => {
      await pacer().pauseUntil("resend", T + 30_000);
      expect(await pacer().reserve("resend", T, 500, T + 10_000)).toEqual({ granted: false, at: T + 30_000 });
      await pacer().pauseUntil("resend", T + 1_000);
      expect(await pacer().reserve("resend", T + 30_000, 500, T + 30_000)).toEqual({ granted: true, at: T + 30_000 });
    });
  });
}
