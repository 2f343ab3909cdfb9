import { expect, it } from "vitest";
import type { ContractBackend } from "./backends";
import { contractSuite } from "./suite";

const at = (minute: number) => new Date(Date.UTC(2025, 8, 1, 12, minute)).toISOString();

/** The behaviour every IpSafelistStore adapter must have: each change once, each with its audit entry (ADR 036). */
export function ipSafelistContract(name: string, start: () => Promise<ContractBackend>) {
  contractSuite(`IpSafelistStore contract: ${name}`, start, (h) => {
    const store = () => h().ipSafelist;

    it("adds a range once with an audit entry, lists it, removes it once with another", async () => {
      const added = await store().add({ cidr: "198.51.100.0/24", note: "Riverside school", actor: "admin@x.io", at: at(1) });
      expect(added).toMatchObject({ cidr: "198.51.100.0/24", note: "Riverside school", added_by: "admin@x.io", added_at: at(1) });
      expect(await store().add({ cidr: "198.51.100.0/24", note: "again", actor: "admin@x.io", at: at(2) })).toBeNull();
      await store().add({ cidr: "2001:db8::/48", note: "", actor: "admin@x.io", at: at(3) });
      expect((await store().list()).map((entry) => entry.cidr)).toEqual(["198.51.100.0/24", "2001:db8::/48"]);
      expect((await store().remove(added!.id, "other@x.io", at(4)))?.cidr).toBe("198.51.100.0/24");
      expect(await store().remove(added!.id, "other@x.io", at(5))).toBeNull();
      expect((await store().list()).map((entry) => entry.cidr)).toEqual(["2001:db8::/48"]);
      const log = await store().auditLog(10);
      expect(log.map(({ action, detail, actor, at: when }) => ({ action, detail, actor, at: when }))).toEqual([
        { action: "safelist.remove", detail: "198.51.100.0/24", actor: "other@x.io", at: at(4) },
        { action: "safelist.add", detail: "2001:db8::/48", actor: "admin@x.io", at: at(3) },
        { action: "safelist.add", detail: "198.51.100.0/24", actor: "admin@x.io", at: at(1) },
      ]);
    });

    it("writes a free audit entry (a decision on held credits)", async () => {
      await store().audit({ action: "holds.approve", detail: "3 credits", actor: "admin@x.io", at: at(9) });
      expect(await store().auditLog(1)).toMatchObject([{ action: "holds.approve", detail: "3 credits", actor: "admin@x.io", at: at(9) }]);
    });
  });
}
