import { expect, it } from "vitest";
import type { ContractBackend } from "./backends";
import { contractSuite } from "./suite";

const at = (minute: number) => new Date(Date.UTC(2025, 8, 1, 12, minute)).toISOString();

/** The behaviour every AdminAuditStore adapter must have: rows as written, newest first, a page at a time, by kind. */
export function adminAuditContract(name: string, start: () => Promise<ContractBackend>) {
  contractSuite(`AdminAuditStore contract: ${name}`, start, (h) => {
    const store = () => h().adminAudit;

    it("records rows and reads them newest first, a page at a time, filtered by kind, beside the safelist's own", async () => {
      await store().record({
        action: "clubs.approve",
        target: "club-1",
        detail: "Riverside",
        variant: "champion-icehockey",
        actor: "a@x.io",
        at: at(1),
      });
      await store().record({
        action: "webhooks.add",
        target: "ep-1",
        detail: "https://hooks.example/x",
        variant: "genius",
        actor: "b@x.io",
        at: at(2),
      });
      await store().record({
        action: "clubs.merge",
        target: "club-2",
        detail: "into club-1",
        variant: "champion-icehockey",
        actor: "a@x.io",
        at: at(3),
      });
      await h().ipSafelist.add({ cidr: "198.51.100.0/24", note: "", actor: "c@x.io", at: at(4) });

      const all = await store().page({ kind: null, page: 1, pageSize: 10 });
      expect(all.total).toBe(4);
      expect(all.rows.map((row) => row.action)).toEqual(["safelist.add", "clubs.merge", "webhooks.add", "clubs.approve"]);
      expect(all.rows[1]).toMatchObject({
        action: "clubs.merge",
        target: "club-2",
        detail: "into club-1",
        variant: "champion-icehockey",
        actor: "a@x.io",
        at: at(3),
      });
      expect(all.rows[0]).toMatchObject({ target: "", variant: "", detail: "198.51.100.0/24", actor: "c@x.io" });

      const clubs = await store().page({ kind: "clubs", page: 1, pageSize: 1 });
      expect(clubs).toMatchObject({ total: 2, rows: [{ action: "clubs.merge" }] });
      expect((await store().page({ kind: "clubs", page: 2, pageSize: 1 })).rows.map((row) => row.action)).toEqual(["clubs.approve"]);
      expect(await store().page({ kind: "clubs", page: 5, pageSize: 1 })).toEqual({ rows: [], total: 2 });
      // A kind is a whole first part: "club" is not "clubs".
      expect((await store().page({ kind: "club", page: 1, pageSize: 10 })).total).toBe(0);
    });
  });
}
