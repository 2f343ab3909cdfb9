import { expect, it } from "vitest";
import { emailHash } from "~/mail/suppression.server";
import type { ContractBackend } from "./backends";
import { contractSuite } from "./suite";

const at = (minute: number) => new Date(Date.UTC(2025, 8, 1, 12, minute)).toISOString();

/** The behaviour every SuppressionStore adapter must have: one entry per address hash and scope, the first one kept. */
export function suppressionStoreContract(name: string, start: () => Promise<ContractBackend>) {
  contractSuite(`SuppressionStore contract: ${name}`, start, (h) => {
    const store = () => h().suppressions;

    it("has no entries for an address never added", async () => {
      expect(await store().entriesOf(await emailHash("nobody@example.com"))).toEqual([]);
    });

    it("keeps the first entry when the same scope is added again, in parallel or later", async () => {
      const hash = await emailHash("Parent@Example.com ");
      await Promise.all([store().add(hash, "all", "bounce", at(1)), store().add(hash, "all", "bounce", at(1))]);
      await store().add(hash, "all", "complaint", at(2));
      expect(await store().entriesOf(hash)).toEqual([{ scope: "all", reason: "bounce", created_at: at(1) }]);
      expect(await store().entriesOf(await emailHash("parent@example.com"))).toHaveLength(1);
    });

    it("holds one entry per scope, and keeps addresses apart", async () => {
      const hash = await emailHash("a@example.com");
      await store().add(hash, "marketing", "unsubscribe", at(1));
      await store().add(hash, "all", "erasure", at(2));
      await store().add(await emailHash("b@example.com"), "marketing", "unsubscribe", at(3));
      const entries = await store().entriesOf(hash);
      expect([...entries].sort((x, y) => x.scope.localeCompare(y.scope))).toEqual([
        { scope: "all", reason: "erasure", created_at: at(2) },
        { scope: "marketing", reason: "unsubscribe", created_at: at(1) },
      ]);
      expect(await store().entriesOf(await emailHash("b@example.com"))).toEqual([
        { scope: "marketing", reason: "unsubscribe", created_at: at(3) },
      ]);
    });
  });
}
