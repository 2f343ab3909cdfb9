import { expect, it } from "vitest";
import type { ConsentRecord } from "~/data/ports/consent-store";
import type { ContractBackend } from "./backends";
import { contractSuite } from "./suite";

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

/** The behaviour every ConsentStore adapter must have: every field kept, the first of one id, the clean-up. */
export function consentStoreContract(name: string, start: () => Promise<ContractBackend>) {
  contractSuite(`ConsentStore contract: ${name}`, start, (h) => {
    const store = () => h().consent;

    it("keeps every field of a record", async () => {
      const first = record(1);
      const second = record(2, { variant: "genius", choice: "denied" });
      await store().add(first);
      await store().add(second);
      expect(await h().consentRows()).toEqual([first, second]);
    });

    it("keeps the first of two records with one id", async () => {
      const first = record(1, { choice: "granted" });
      await store().add(first);
      await store().add({ ...first, choice: "denied", created_at: at(2) });
      expect(await h().consentRows()).toEqual([first]);
    });

    it("deletes the records created before a time, keeps the rest and answers how many went", async () => {
      const kept = [record(10), record(11)];
      for (const r of [record(1), record(9), ...kept]) await store().add(r);
      expect(await store().deleteBefore(at(10))).toBe(2);
      expect(await h().consentRows()).toEqual(kept);
      expect(await store().deleteBefore(at(10))).toBe(0);
    });
  });
}
