import { expect, it } from "vitest";
import type { CounterWindow } from "~/data/ports/lead-ip-counter";
import type { ContractBackend } from "./backends";
import { contractSuite } from "./suite";

const HOUR = 60 * 60 * 1000;
const window = (bucket: string, expiresInMs = HOUR): CounterWindow => ({
  bucket,
  expiresAt: new Date(Date.now() + expiresInMs).toISOString(),
});

/**
 * The behaviour every LeadIpCounter adapter must have. The Supabase one (count_lead_ip()) clears
 * expired counters by the database's clock, so the windows here are placed around the real time.
 */
export function leadIpCounterContract(name: string, start: () => Promise<ContractBackend>) {
  contractSuite(`LeadIpCounter contract: ${name}`, start, (h) => {
    const count = (ipHash: string, windows: CounterWindow[]) => h().leadIpCounter.count(ipHash, windows, new Date());

    it("adds one to each window at once and answers the new counts in the order given", async () => {
      expect(await count("ip-a", [window("b:1"), window("d:1", 24 * HOUR)])).toEqual([1, 1]);
      expect(await count("ip-a", [window("b:1"), window("d:1", 24 * HOUR)])).toEqual([2, 2]);
      expect(await count("ip-a", [window("b:2"), window("d:1", 24 * HOUR)])).toEqual([1, 3]);
    });

    it("counts each address hash on its own", async () => {
      await count("ip-a", [window("b:1")]);
      await count("ip-a", [window("b:1")]);
      expect(await count("ip-b", [window("b:1")])).toEqual([1]);
      expect(await count("ip-a", [window("b:1")])).toEqual([3]);
    });

    it("deletes expired counters, so an expired window starts again from one", async () => {
      const expired = window("b:0", -HOUR);
      expect(await count("ip-a", [expired])).toEqual([1]);
      expect(await count("ip-a", [expired])).toEqual([1]);
    });

    it("answers no counts for no windows", async () => {
      expect(await count("ip-a", [])).toEqual([]);
    });

    it("countMember counts each member once per window, next to plain counts (ADR 036)", async () => {
      const member = (ipHash: string, who: string, windows: CounterWindow[]) =>
        h().leadIpCounter.countMember(ipHash, who, windows, new Date());
      expect(await member("ip-m", "ann", [window("b:1"), window("d:1", 24 * HOUR)])).toEqual([1, 1]);
      expect(await member("ip-m", "ann", [window("b:1"), window("d:1", 24 * HOUR)])).toEqual([1, 1]);
      expect(await member("ip-m", "bob", [window("b:1"), window("d:1", 24 * HOUR)])).toEqual([2, 2]);
      expect(await count("ip-m", [window("b:1")])).toEqual([3]);
      expect(await member("ip-m", "ann", [window("b:2")])).toEqual([1]);
      expect(await member("ip-other", "ann", [window("b:1")])).toEqual([1]);
    });
  });
}
