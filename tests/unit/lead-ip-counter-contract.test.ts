import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createD1LeadIpCounter } from "~/data/d1/lead-ip-counter.server";
import type { CounterWindow, LeadIpCounter } from "~/data/ports/lead-ip-counter";
import { createSupabaseLeadIpCounter } from "~/data/supabase/lead-ip-counter.server";
import { startLocalD1 } from "./helpers/local-d1";
import { startPgliteRest } from "./helpers/pglite-postgrest";

/**
 * The per-IP lead counter's behaviour, on both adapters: D1 (local miniflare) and Supabase
 * (supabase-js calling count_lead_ip() on PGlite PostgREST). The Supabase function clears expired
 * counters by the database's clock, so the windows here are placed around the real time.
 */

type Harness = { counter: LeadIpCounter; reset: () => Promise<void>; dispose: () => Promise<void> };

const HOUR = 60 * 60 * 1000;
const window = (bucket: string, expiresInMs = HOUR): CounterWindow => ({
  bucket,
  expiresAt: new Date(Date.now() + expiresInMs).toISOString(),
});

function leadIpCounterContract(name: string, start: () => Promise<Harness>) {
  describe(`LeadIpCounter contract: ${name}`, () => {
    let h: Harness;
    beforeAll(async () => {
      h = await start();
    }, 60_000);
    afterAll(async () => {
      await h?.dispose();
    });
    beforeEach(async () => {
      await h.reset();
    });

    const count = (ipHash: string, windows: CounterWindow[]) => h.counter.count(ipHash, windows, new Date());

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
  });
}

leadIpCounterContract("D1 (local miniflare)", async () => {
  const { db, dispose } = await startLocalD1();
  return {
    counter: createD1LeadIpCounter(db),
    reset: async () => {
      await db.prepare("DELETE FROM lead_ip_counts").run();
    },
    dispose,
  };
});

leadIpCounterContract("Supabase (supabase-js calling count_lead_ip on PGlite PostgREST)", async () => {
  const rest = await startPgliteRest();
  return { counter: createSupabaseLeadIpCounter(rest), reset: rest.reset, dispose: rest.close };
});
