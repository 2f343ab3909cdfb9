import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createD1ConsentStore } from "~/data/d1/consent-store.server";
import type { ConsentRecord, ConsentStore } from "~/data/ports/consent-store";
import { createSupabaseConsentStore } from "~/data/supabase/consent-store.server";
import { startLocalD1 } from "./helpers/local-d1";
import { startPgliteRest } from "./helpers/pglite-postgrest";

/** The consent store's behaviour, on both adapters: D1 (local miniflare) and Supabase (supabase-js on PGlite PostgREST). */

type Harness = {
  store: ConsentStore;
  /** The stored rows, oldest first, with created_at as an ISO string. */
  rows: () => Promise<ConsentRecord[]>;
  reset: () => Promise<void>;
  dispose: () => Promise<void>;
};

const COLUMNS = "id, variant, choice, policy_version, ip_hash, created_at";
const at = (minute: number) => new Date(Date.UTC(2025, 8, 1, 12, minute)).toISOString();
const record = (minute: number, fields: Partial<ConsentRecord> = {}): ConsentRecord => ({
  id: crypto.randomUUID(),
  variant: "champion-tennis",
  choice: "granted",
  policy_version: "2025-09-r2",
  ip_hash: `hash-${minute}`,
  created_at: at(minute),
  ...fields,
});

function consentStoreContract(name: string, start: () => Promise<Harness>) {
  describe(`ConsentStore contract: ${name}`, () => {
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

    it("keeps every field of a record", async () => {
      const first = record(1);
      const second = record(2, { variant: "genius", choice: "denied" });
      await h.store.add(first);
      await h.store.add(second);
      expect(await h.rows()).toEqual([first, second]);
    });

    it("keeps the first of two records with one id", async () => {
      const first = record(1, { choice: "granted" });
      await h.store.add(first);
      await h.store.add({ ...first, choice: "denied", created_at: at(2) });
      expect(await h.rows()).toEqual([first]);
    });

    it("deletes the records created before a time, keeps the rest and answers how many went", async () => {
      const kept = [record(10), record(11)];
      for (const r of [record(1), record(9), ...kept]) await h.store.add(r);
      expect(await h.store.deleteBefore(at(10))).toBe(2);
      expect(await h.rows()).toEqual(kept);
      expect(await h.store.deleteBefore(at(10))).toBe(0);
    });
  });
}

consentStoreContract("D1 (local miniflare)", async () => {
  const { db, dispose } = await startLocalD1();
  return {
    store: createD1ConsentStore(db),
    rows: async () => (await db.prepare(`SELECT ${COLUMNS} FROM consent_records ORDER BY created_at`).all<ConsentRecord>()).results,
    reset: async () => {
      await db.prepare("DELETE FROM consent_records").run();
    },
    dispose,
  };
});

consentStoreContract("Supabase (supabase-js on PGlite PostgREST)", async () => {
  const rest = await startPgliteRest();
  return {
    store: createSupabaseConsentStore(rest),
    rows: async () =>
      (await rest.db.query<ConsentRecord & { created_at: Date }>(`select ${COLUMNS} from consent_records order by created_at`)).rows.map(
        (row) => ({ ...row, created_at: row.created_at.toISOString() }),
      ),
    reset: rest.reset,
    dispose: rest.close,
  };
});
