import { describe, expect, it } from "vitest";
import type { LeadTable } from "~/data/ports/lead-store";
import type { OutboxRow } from "~/data/ports/outbox-store";
import { outboxRow } from "../outbox-row";
import type { ContractBackend } from "./backends";
import { contractSuite } from "./suite";

const PARENT = "parent@example.com";
const REFERRER = "referrer@example.com";
const FRIEND = "friend@example.com";
const AT = "2026-01-01T00:00:00.000Z";
const HASH = "erased:0123456789abcdef";
const PLACES = 5;

/** The behaviour every TrustStore adapter must have: the whole download, and an erasure that is complete, once. */
export function trustStoreContract(name: string, start: () => Promise<ContractBackend>) {
  contractSuite(`TrustStore contract: ${name}`, start, (h) => {
    const store = () => h().trust;

    const lead = (table: LeadTable, email: string, refCode: string) =>
      h().leads.create(table, { email, ref_code: refCode, step_completed: 3, age_bands: ["3-5"], created_at: AT });

    async function mail(recipient: string, status: OutboxRow["status"], subject: string) {
      await h().outbox.insert(
        outboxRow(crypto.randomUUID(), {
          template: "prelaunch",
          recipient,
          subject,
          html: "<p>Hello there</p>",
          text: "Hello there",
          status,
          next_attempt_at: status === "failed" ? AT : null,
          created_at: AT,
          updated_at: AT,
        }),
      );
    }

    /** The parent on two waitlists, referred by one parent (credited), referrer of another (credited), with an account, a users row and mails. */
    async function seed() {
      const referrer = await lead("leads", REFERRER, "REFERRER");
      const parent = await lead("leads", "Parent@Example.com", "PARENT01");
      const parentTennis = await lead("leads_tennis", PARENT, "PARENT02");
      const friend = await lead("leads_tennis", FRIEND, "FRIEND01");
      const ledger = [
        { table: "leads" as const, referred: parent, referrer, code: "REFERRER" },
        { table: "leads_tennis" as const, referred: friend, referrer: parentTennis, code: "PARENT02" },
      ];
      for (const { table, referred, referrer: by, code } of ledger) {
        await h().referrals.confirmLead(table, by.id, AT, PLACES);
        const variant = table === "leads" ? "genius" : "tennis";
        await h().referrals.record(
          table,
          { referred_id: referred.id, referrer_id: by.id, ref_code: code, variant, status: "pending", reason: null },
          AT,
        );
        await h().referrals.credit(table, referred.id, AT, PLACES);
      }
      const account = await h().addAccount(PARENT);
      await h().leads.upsertUser({ id: account, email: PARENT, name: "Pat", lead_id: parent.id });
      await mail(PARENT, "sent", "Welcome");
      await mail("PARENT@example.com", "failed", "Your guide");
      await mail(REFERRER, "sent", "You moved up");
      return { referrer, parent, parentTennis, friend, account };
    }

    /** The first genius wave: the referrer at place 1, the parent at place 2, who accepted. */
    async function admitBoth(parentId: string, referrerId: string) {
      const wave = { id: crypto.randomUUID(), variant: "genius", seq: 1, size_asked: 2, created_at: AT, created_by: "admin@example.com" };
      await h().waves.admit("leads", wave, [
        { lead_id: referrerId, place: 1, invite_expires_at: AT },
        { lead_id: parentId, place: 2, invite_expires_at: AT },
      ]);
      await h().waves.accept("leads", parentId, AT);
      return wave;
    }

    describe("collect", () => {
      it("holds the parent's lead rows in every variant, referrals, account, users row and mails, and nothing of other parents", async () => {
        const { parent, parentTennis, account } = await seed();
        const held = await store().collect(" PARENT@example.com ");
        expect(held.leads.map((entry) => [entry.table, entry.row.id]).sort()).toEqual(
          [
            ["leads", parent.id],
            ["leads_tennis", parentTennis.id],
          ].sort(),
        );
        expect(held.leads[0].row).toMatchObject({ age_bands: ["3-5"], created_at: AT });
        expect(held.referralsAsReferred).toHaveLength(1);
        expect(held.referralsAsReferrer).toHaveLength(1);
        const fact = held.referralsAsReferrer[0];
        expect(Object.keys(fact).sort()).toEqual(["created_at", "credited_at", "id", "lead_table", "reason", "status", "variant"]);
        expect(fact).toMatchObject({ lead_table: "leads_tennis", variant: "tennis", status: "credited", reason: null });
        expect(new Date(fact.credited_at!).toISOString()).toBe(AT);
        expect(held.accounts).toEqual([expect.objectContaining({ id: account, email: PARENT })]);
        expect(held.users).toEqual([expect.objectContaining({ id: account, email: PARENT, lead_id: parent.id })]);
        expect(held.mails.map((m) => m.subject).sort()).toEqual(["Welcome", "Your guide"]);
        expect(held.mails[0]).toMatchObject({ html: "<p>Hello there</p>", text: "Hello there", template: "prelaunch" });

        const json = JSON.stringify(held);
        expect(json).not.toContain(REFERRER);
        expect(json).not.toContain(FRIEND);
        expect(json).not.toContain("REFERRER");
        expect(json).not.toContain("SECRET-");
      });

      it("holds nothing for an unknown address", async () => {
        await seed();
        expect(await store().collect("nobody@example.com")).toEqual({
          leads: [],
          referralsAsReferrer: [],
          referralsAsReferred: [],
          accounts: [],
          users: [],
          mails: [],
          waves: [],
        });
      });

      it("holds the waves the parent was admitted in, with the place at admission and the invite's dates, and no other member", async () => {
        const { parent, referrer } = await seed();
        await admitBoth(parent.id, referrer.id);
        const held = await store().collect(PARENT);
        expect(held.waves).toEqual([
          expect.objectContaining({
            lead_table: "leads",
            variant: "genius",
            wave: 1,
            admitted_at: AT,
            place: 2,
            invite_expires_at: AT,
            invite_opened_at: null,
            accepted_at: AT,
            account_created_at: null,
          }),
        ]);
        expect(JSON.stringify(held)).not.toContain("admin@example.com");
      });
    });

    describe("erase", () => {
      it("erases the parent from every table in one go, keeps the referrers' credits, blanks their mails and logs once", async () => {
        const { referrer, friend, parent, parentTennis } = await seed();
        const counts = await store().erase("Parent@Example.com", { recipientHash: HASH, source: "self", at: AT });
        expect(counts).toEqual({ leads: 1, leads_tennis: 1, referrals: 2, accounts: 1, users: 1, outbox: 2 });
        expect(await h().erasureLogCount()).toBe(1);

        // Each entry erased has its lead.erased fact, with its id only (ADR 046); nobody else has one.
        for (const [table, entry] of [
          ["leads", parent],
          ["leads_tennis", parentTennis],
        ] as const)
          expect(await h().facts.get(`lead.erased:${table}:${entry.id}`), table).toMatchObject({
            type: "lead.erased",
            payload: { lead_id: entry.id },
            created_at: AT,
          });
        expect(await h().facts.get(`lead.erased:leads:${referrer.id}`)).toBeNull();

        // Nothing is held any more.
        const held = await store().collect(PARENT);
        for (const list of Object.values(held)) expect(list).toEqual([]);

        // The referrer keeps the credit; the friend stays, and their referral no longer names the parent.
        expect((await h().referrals.countsFor("leads", referrer.id)).credited).toBe(1);
        expect((await h().leads.getById("leads", referrer.id))?.referral_count).toBe(1);
        expect(await h().leads.getById("leads_tennis", friend.id)).not.toBeNull();
        expect(await h().referrals.referralOf("leads_tennis", friend.id)).toMatchObject({ referrer_id: null, status: "credited" });

        // Their mails: rows kept, bodies and subject gone, recipient the hash, the unsent one given up.
        const mails = (await h().outbox.list(10)).filter((row) => row.recipient !== REFERRER);
        expect(mails.map((row) => row.status).sort()).toEqual(["dead", "sent"]);
        for (const row of mails)
          expect(row).toMatchObject({ recipient: HASH, subject: "", html: "", text: "", render_input: null, next_attempt_at: null });
        expect((await h().outbox.list(10)).find((row) => row.recipient === REFERRER)?.html).toBe("<p>Hello there</p>");
      });

      it("leaves no webhook payload with the address and cancels the pending lead.confirmed of the parent's leads, in the same erasure", async () => {
        const { referrer, parent, parentTennis } = await seed();
        const endpoint = "ep-erase";
        const delivery = (id: string, eventId: string, status: "pending" | "delivered", data: Record<string, unknown>) => ({
          id,
          event_id: eventId,
          endpoint_id: endpoint,
          event_type: "lead.confirmed" as const,
          payload: JSON.stringify({ type: "lead.confirmed", timestamp: AT, data: { ...data, variant: "genius" } }),
          status,
          attempts: 1,
          last_response_code: status === "pending" ? 500 : 200,
          last_latency_ms: 10,
          next_attempt_at: status === "pending" ? AT : null,
          created_at: AT,
          updated_at: AT,
        });
        await h().webhooks.insertDeliveries([
          // Written while lead.confirmed carried the address: pending, and delivered.
          delivery("msg_pending", `lead.confirmed:leads:${parent.id}`, "pending", { lead_id: parent.id, email: "Parent@Example.com" }),
          delivery("msg_delivered", `lead.confirmed:leads_tennis:${parentTennis.id}`, "delivered", {
            lead_id: parentTennis.id,
            email: PARENT,
          }),
          // Ids only (as written now), pending.
          {
            ...delivery("msg_tennis", `lead.confirmed:leads_tennis:${parentTennis.id}`, "pending", { lead_id: parentTennis.id }),
            endpoint_id: "ep-other",
          },
          // A lead deleted before: only its payload names the parent.
          delivery("msg_deleted", "lead.confirmed:leads:deleted-lead", "delivered", { lead_id: "deleted-lead", email: PARENT }),
          // Another parent's.
          delivery("msg_referrer", `lead.confirmed:leads:${referrer.id}`, "pending", { lead_id: referrer.id, email: REFERRER }),
        ]);
        const counts = await store().erase(PARENT, { recipientHash: HASH, source: "self", at: AT });
        expect(counts).toMatchObject({ webhook_deliveries: 4 });

        const rows = await h().webhooks.listDeliveries(10);
        const byId = new Map(rows.map((row) => [row.id, row]));
        expect(rows.filter((row) => row.payload.toLowerCase().includes(PARENT))).toEqual([]);
        expect(byId.get("msg_pending")).toMatchObject({ status: "cancelled", next_attempt_at: null });
        expect(JSON.parse(byId.get("msg_pending")!.payload)).toEqual({
          type: "lead.confirmed",
          timestamp: AT,
          data: { lead_id: parent.id, variant: "genius" },
        });
        expect(byId.get("msg_tennis")).toMatchObject({ status: "cancelled", next_attempt_at: null });
        expect(byId.get("msg_delivered")).toMatchObject({ status: "delivered", last_response_code: 200 });
        expect(byId.get("msg_deleted")).toMatchObject({ status: "delivered" });
        // Another parent's: untouched.
        expect(byId.get("msg_referrer")).toMatchObject({ status: "pending", payload: expect.stringContaining(REFERRER) });

        // Only a payload left holding the address is still something to erase.
        await h().webhooks.insertDeliveries([
          delivery("msg_late", "lead.confirmed:leads:late-lead", "delivered", { lead_id: "late-lead", email: PARENT }),
        ]);
        expect(await store().erase(PARENT, { recipientHash: HASH, source: "self", at: AT })).toEqual({ webhook_deliveries: 1 });
        expect((await h().webhooks.getDelivery("msg_late"))?.payload).not.toContain(PARENT);
        expect(await store().erase(PARENT, { recipientHash: HASH, source: "self", at: AT })).toBeNull();
      });

      it("keeps an erased parent's wave membership only under an id that names nobody: the wave's figures stay", async () => {
        const { parent, referrer } = await seed();
        const wave = await admitBoth(parent.id, referrer.id);
        await store().erase(PARENT, { recipientHash: HASH, source: "self", at: AT });
        expect(await h().waves.memberOf("leads", parent.id)).toBeNull();
        expect(await h().waves.memberOf("leads", referrer.id)).not.toBeNull();
        const members = await h().waves.membersOf(wave.id);
        expect(members.map((m) => m.place)).toEqual([1, 2]);
        expect(members.map((m) => m.lead_id)).not.toContain(parent.id);
        expect((await h().waves.list("leads", AT))[0]).toMatchObject({ admitted: 2, accepted: 1 });
      });

      it("is a no-op the second time, also when two erasures run at once: one log row", async () => {
        await seed();
        const [a, b] = await Promise.all([
          store().erase(PARENT, { recipientHash: HASH, source: "self", at: AT }),
          store().erase(PARENT, { recipientHash: HASH, source: "self", at: AT }),
        ]);
        expect([a, b].filter(Boolean)).toHaveLength(1);
        const mailsBefore = await h().outbox.list(10);
        expect(await store().erase(PARENT, { recipientHash: HASH, source: "admin", at: AT })).toBeNull();
        expect(await h().outbox.list(10)).toEqual(mailsBefore);
        expect(await h().erasureLogCount()).toBe(1);
      });

      it("erases nothing and logs nothing for an unknown address", async () => {
        await seed();
        expect(await store().erase("nobody@example.com", { recipientHash: HASH, source: "admin", at: AT })).toBeNull();
        expect(await h().erasureLogCount()).toBe(0);
        expect((await store().collect(PARENT)).leads).toHaveLength(2);
      });
    });
  });
}
