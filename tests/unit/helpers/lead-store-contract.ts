import { describe, expect, it } from "vitest";
import { refCode, withUniqueRefCode } from "~/data/lead-codes.server";
import { DuplicateRefCodeError, InvalidTableError, PENDING_EMAIL } from "~/data/lead-model";
import type { FactStore } from "~/data/ports/fact-store";
import type { LeadStore, LeadTable, NewLead } from "~/data/ports/lead-store";
import { contractSuite } from "./contracts/suite";

export type StoreHarness = {
  store: LeadStore;
  /** Where the delete's fact is read. */
  facts: FactStore;
  /** Empties every lead table, users and facts. */
  reset: () => Promise<void>;
  dispose: () => Promise<void>;
};

const T: LeadTable = "leads";
const at = (minute: number) => new Date(Date.UTC(2025, 8, 1, 12, minute)).toISOString();

/** The behaviour every LeadStore adapter must have (SPEC 3.1, 3.5, 7.1). */
export function leadStoreContract(name: string, start: () => Promise<StoreHarness>) {
  contractSuite(`LeadStore contract: ${name}`, start, (h) => {
    const store = () => h().store;

    async function seed(leads: NewLead[], table: LeadTable = T) {
      const rows = [];
      for (const lead of leads) rows.push(await store().create(table, lead));
      return rows;
    }

    describe("create", () => {
      it("inserts a step-1 lead with the SPEC 3.1 defaults and returns the row", async () => {
        const row = await store().create(T, { age_bands: ["3-4y"], time_available: "15-30m", children_count: 1 });
        expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
        expect(row).toMatchObject({
          email: PENDING_EMAIL,
          step_completed: 1,
          lead_source: "main_funnel",
          referral_count: 0,
          email_verified: false,
          followed_on_facebook: false,
          copied_share_message: false,
          copied_ref_link: false,
          clicked_roadmap_button: false,
          age_bands: ["3-4y"],
          focus_areas: [],
          goals: [],
          time_available: "15-30m",
          children_count: 1,
          ref_code: null,
          plan_chosen: null,
        });
        expect(new Date(row.created_at).toISOString()).toBe(row.created_at);
        expect(await store().getById(T, row.id)).toEqual(row);
      });

      it("round-trips lists and booleans exactly", async () => {
        const lists = {
          age_bands: ["0-12m", "5-6y", "10+"],
          focus_areas: ["language-literacy", 'quote "and" comma, bracket ]'],
          goals: [],
        };
        const row = await store().create(T, { ...lists, copied_ref_link: true, email_verified: true });
        const read = await store().getById(T, row.id);
        expect(read).toMatchObject({ ...lists, copied_ref_link: true, email_verified: true, followed_on_facebook: false });
      });

      it("keeps the variant tables apart", async () => {
        const tennis = await store().create("leads_tennis", { age_bands: ["5-6y"] });
        expect(await store().getById("leads_tennis", tennis.id)).not.toBeNull();
        expect(await store().getById("leads", tennis.id)).toBeNull();
        expect(await store().getById("leads_icehockey", tennis.id)).toBeNull();
        expect((await store().list("leads")).total).toBe(0);
      });

      it("refuses a table outside the allow-list in every operation", async () => {
        const bad = "leads; DROP TABLE leads" as LeadTable;
        await expect(store().create(bad, {})).rejects.toBeInstanceOf(InvalidTableError);
        await expect(store().update(bad, "x", { step_completed: 2 })).rejects.toBeInstanceOf(InvalidTableError);
        await expect(store().getById(bad, "x")).rejects.toBeInstanceOf(InvalidTableError);
        await expect(store().getByEmail(bad, "a@b.c")).rejects.toBeInstanceOf(InvalidTableError);
        await expect(store().list(bad)).rejects.toBeInstanceOf(InvalidTableError);
        await expect(store().delete(bad, "x", at(1))).rejects.toBeInstanceOf(InvalidTableError);
        await expect(store().incomplete(bad)).rejects.toBeInstanceOf(InvalidTableError);
        await expect(store().stats(bad)).rejects.toBeInstanceOf(InvalidTableError);
        await expect(store().create("leads-tennis" as LeadTable, {})).rejects.toBeInstanceOf(InvalidTableError);
      });
    });

    describe("createOnce", () => {
      it("creates the lead once per id: parallel and repeated calls return the same row", async () => {
        const id = crypto.randomUUID();
        const results = await Promise.all(
          Array.from({ length: 8 }, () => store().createOnce(T, id, { age_bands: ["0-1y"], children_count: 1 })),
        );
        expect(results.filter((result) => result.created)).toHaveLength(1);
        expect(new Set(results.map((result) => result.lead.id))).toEqual(new Set([id]));
        const again = await store().createOnce(T, id, { age_bands: ["5-6y"] });
        expect(again.created).toBe(false);
        expect(again.lead.age_bands).toEqual(["0-1y"]);
        expect((await store().list(T)).total).toBe(1);
      });
    });

    describe("update", () => {
      it("writes the patch, leaves other fields and returns the row", async () => {
        const lead = await store().create(T, { age_bands: ["1-2y"], time_available: "less-15m" });
        const step2 = await store().update(T, lead.id, {
          focus_areas: ["early-math", "fine-motor"],
          goals: ["daily-habit"],
          biggest_concern: "no-time",
          step_completed: 2,
        });
        expect(step2).toMatchObject({
          id: lead.id,
          age_bands: ["1-2y"],
          time_available: "less-15m",
          focus_areas: ["early-math", "fine-motor"],
          goals: ["daily-habit"],
          biggest_concern: "no-time",
          step_completed: 2,
          created_at: lead.created_at,
        });
        const step3 = await store().update(T, lead.id, {
          email: "  Parent@Example.COM ",
          hashed_email: "0123456789ab",
          ref_code: "ABCDEFGH",
          step_completed: 3,
          clicked_roadmap_button: true,
        });
        expect(step3).toMatchObject({ email: "parent@example.com", ref_code: "ABCDEFGH", clicked_roadmap_button: true });
        expect(await store().getById(T, lead.id)).toEqual(step3);
      });

      it("returns null for an unknown id and writes nothing", async () => {
        expect(await store().update(T, crypto.randomUUID(), { step_completed: 2 })).toBeNull();
        expect((await store().list(T)).total).toBe(0);
      });
    });

    describe("getById / getByEmail", () => {
      it("getById returns null for an unknown id", async () => {
        expect(await store().getById(T, crypto.randomUUID())).toBeNull();
      });

      it("getByEmail returns the newest row for the e-mail, case-insensitively, or null", async () => {
        await seed([
          { email: "a@example.com", created_at: at(1), plan_chosen: "starter" },
          { email: "a@example.com", created_at: at(3), plan_chosen: "genius" },
          { email: "a@example.com", created_at: at(2), plan_chosen: "growth" },
          { email: "b@example.com", created_at: at(4) },
        ]);
        expect((await store().getByEmail(T, " A@Example.com"))?.plan_chosen).toBe("genius");
        expect(await store().getByEmail(T, "nobody@example.com")).toBeNull();
        expect(await store().getByEmail("leads_tennis", "a@example.com")).toBeNull();
      });
    });

    describe("list", () => {
      it("is newest first by created_at by default, with the total", async () => {
        await seed([
          { email: "old@example.com", created_at: at(1) },
          { email: "new@example.com", created_at: at(9) },
          { email: "mid@example.com", created_at: at(5) },
        ]);
        const { rows, total } = await store().list(T);
        expect(total).toBe(3);
        expect(rows.map((r) => r.email)).toEqual(["new@example.com", "mid@example.com", "old@example.com"]);
      });

      it("orders rows created in the same instant the same way on every call and every page", async () => {
        await seed(["a", "b", "c", "d"].map((name) => ({ email: `${name}@x.io`, created_at: at(1) })));
        const all = (await store().list(T)).rows.map((r) => r.id);
        expect((await store().list(T)).rows.map((r) => r.id)).toEqual(all);
        const paged = [];
        for (const page of [1, 2, 3, 4]) paged.push(...(await store().list(T, { page, pageSize: 1 })).rows.map((r) => r.id));
        expect(paged).toEqual(all);
      });

      it("sorts by an allowed column in either direction", async () => {
        await seed([
          { email: "b@x.io", step_completed: 2, created_at: at(1) },
          { email: "a@x.io", step_completed: 3, created_at: at(2) },
          { email: "c@x.io", step_completed: 1, created_at: at(3) },
        ]);
        const asc = await store().list(T, { sortBy: "email", direction: "asc" });
        expect(asc.rows.map((r) => r.email)).toEqual(["a@x.io", "b@x.io", "c@x.io"]);
        const desc = await store().list(T, { sortBy: "step_completed", direction: "desc" });
        expect(desc.rows.map((r) => r.step_completed)).toEqual([3, 2, 1]);
        const oldest = await store().list(T, { direction: "asc" });
        expect(oldest.rows.map((r) => r.email)).toEqual(["b@x.io", "a@x.io", "c@x.io"]);
      });

      it("pages with the total of all matching rows", async () => {
        await seed(Array.from({ length: 7 }, (_, i) => ({ email: `p${i}@x.io`, created_at: at(i) })));
        const page1 = await store().list(T, { page: 1, pageSize: 3 });
        const page3 = await store().list(T, { page: 3, pageSize: 3 });
        const beyond = await store().list(T, { page: 4, pageSize: 3 });
        expect(page1).toMatchObject({ total: 7 });
        expect(page1.rows.map((r) => r.email)).toEqual(["p6@x.io", "p5@x.io", "p4@x.io"]);
        expect(page3.rows.map((r) => r.email)).toEqual(["p0@x.io"]);
        expect(beyond).toEqual({ rows: [], total: 7 });
      });

      it("filters by e-mail substring (case-insensitive, wildcards literal), source and step", async () => {
        await seed([
          { email: "anna@family.org", lead_source: "main_funnel", step_completed: 3, created_at: at(1) },
          { email: "ben@Family.org", lead_source: "guide_download", step_completed: 1, created_at: at(2) },
          { email: "cara@school.net", lead_source: "tips_download", step_completed: 1, created_at: at(3) },
          { email: "d_e@school.net", lead_source: "main_funnel", step_completed: 1, created_at: at(4) },
          { created_at: at(5) },
        ]);
        const emails = async (filters: object) => (await store().list(T, { filters })).rows.map((r) => r.email);
        expect(await emails({ email: "FAMILY" })).toEqual(["ben@family.org", "anna@family.org"]);
        expect(await emails({ email: "_" })).toEqual(["d_e@school.net"]);
        expect(await emails({ email: "%" })).toEqual([]);
        expect(await emails({ lead_source: "main_funnel" })).toEqual([PENDING_EMAIL, "d_e@school.net", "anna@family.org"]);
        expect(await emails({ step_completed: 3 })).toEqual(["anna@family.org"]);
        // The admin's list: only parents who gave an address, counted as the stats count them.
        const entered = await store().list(T, { filters: { lead_source: "main_funnel", entered: true } });
        expect(entered).toMatchObject({ total: 2 });
        expect(entered.rows.map((r) => r.email)).toEqual(["d_e@school.net", "anna@family.org"]);
        const both = await store().list(T, { filters: { email: "school", step_completed: 1 }, pageSize: 1 });
        expect(both.total).toBe(2);
        expect(both.rows.map((r) => r.email)).toEqual(["d_e@school.net"]);
      });
    });

    describe("delete", () => {
      it("removes one row and reports whether it existed; the call that removed it writes its lead.erased fact", async () => {
        const [keep, drop] = await seed([{ email: "keep@x.io" }, { email: "drop@x.io" }]);
        expect(await store().delete(T, drop.id, at(5))).toBe(true);
        expect(await store().delete(T, drop.id, at(6))).toBe(false);
        expect(await store().getById(T, drop.id)).toBeNull();
        expect(await store().getById(T, keep.id)).not.toBeNull();
        expect(await h().facts.get(`lead.erased:${T}:${drop.id}`)).toMatchObject({
          type: "lead.erased",
          payload: { lead_id: drop.id },
          created_at: at(5),
        });
        expect(await h().facts.get(`lead.erased:${T}:${keep.id}`)).toBeNull();
      });
    });

    describe("incomplete", () => {
      it("returns only pending-placeholder leads, newest first", async () => {
        await seed([
          { created_at: at(1), age_bands: ["1-2y"] },
          { email: "done@x.io", created_at: at(2), step_completed: 3 },
          { created_at: at(3), age_bands: ["3-4y"] },
        ]);
        const rows = await store().incomplete(T);
        expect(rows.map((r) => r.age_bands)).toEqual([["3-4y"], ["1-2y"]]);
        expect(await store().incomplete("leads_icehockey")).toEqual([]);
      });
    });

    describe("stats", () => {
      it("counts total, completed, sources, plans, and only credited referrals (a code alone is not a credit)", async () => {
        await seed([
          { email: "a@x.io", step_completed: 3, plan_chosen: "growth", referred_by: "ABCDEFGH" },
          { email: "b@x.io", step_completed: 3, plan_chosen: "growth" },
          { email: "c@x.io", step_completed: 3, plan_chosen: "starter", referred_by: "ZZZZZZZZ" },
          { step_completed: 2 },
          { email: "g@x.io", lead_source: "guide_download" },
          { email: "t@x.io", lead_source: "tips_download", referred_by: "ABCDEFGH" },
        ]);
        await seed([{ email: "other@x.io", step_completed: 3 }], "leads_tennis");
        // The lead still on the placeholder e-mail counts only as incomplete.
        expect(await store().stats(T)).toMatchObject({
          total: 5,
          completed: 3,
          referrals: 0,
          confirmed: 0,
          incomplete: 1,
          bySource: { main_funnel: 3, guide_download: 1, tips_download: 1 },
          byPlan: { growth: 2, starter: 1 },
        });
        expect(await store().stats("leads_icehockey")).toEqual({
          total: 0,
          completed: 0,
          referrals: 0,
          confirmed: 0,
          today: 0,
          week: 0,
          incomplete: 0,
          bySource: {},
          byPlan: {},
        });
      });
    });

    describe("referral codes", () => {
      it("raises DuplicateRefCodeError when a ref_code is taken, on create and on update", async () => {
        await store().create(T, { email: "a@x.io", ref_code: "TAKEN234" });
        await expect(store().create(T, { email: "b@x.io", ref_code: "TAKEN234" })).rejects.toBeInstanceOf(DuplicateRefCodeError);
        const other = await store().create(T, { email: "c@x.io" });
        await expect(store().update(T, other.id, { ref_code: "TAKEN234" })).rejects.toBeInstanceOf(DuplicateRefCodeError);
        expect((await store().getById(T, other.id))?.ref_code).toBeNull();
        // Leads without a code yet do not collide with each other.
        await store().create(T, {});
        await store().create(T, {});
      });

      it("withUniqueRefCode retries with a new code after a collision", async () => {
        const now = () => 1_700_000_000_000;
        const firstCode = await refCode("new@x.io", now());
        await store().create(T, { email: "squatter@x.io", ref_code: firstCode });
        const lead = await store().create(T, { email: "new@x.io" });
        const updated = await withUniqueRefCode("new@x.io", (code) => store().update(T, lead.id, { ref_code: code, step_completed: 3 }), {
          now,
        });
        expect(updated?.ref_code).toMatch(/^[A-Z2-7]{8}$/);
        expect(updated?.ref_code).not.toBe(firstCode);
      });
    });

    describe("users", () => {
      it("upserts on id and keeps lead_id when it is not given", async () => {
        const id = crypto.randomUUID();
        const leadId = crypto.randomUUID();
        const first = await store().upsertUser({ id, email: "u@x.io", name: "Uma", lead_id: leadId });
        expect(first).toMatchObject({ id, email: "u@x.io", name: "Uma", lead_id: leadId });
        const second = await store().upsertUser({ id, email: "uma@x.io", name: "Uma B" });
        expect(second).toMatchObject({ id, email: "uma@x.io", name: "Uma B", lead_id: leadId });
        expect(second.created_at).toBe(first.created_at);
        const newLead = crypto.randomUUID();
        expect((await store().upsertUser({ id, email: null, name: null, lead_id: newLead })).lead_id).toBe(newLead);
        const other = await store().upsertUser({ id: crypto.randomUUID(), email: null, name: null });
        expect(other.lead_id).toBeNull();
      });

      it("reads a users record by id, and null before it exists", async () => {
        const id = crypto.randomUUID();
        expect(await store().getUser(id)).toBeNull();
        await store().upsertUser({ id, email: "v@x.io", name: "Vera" });
        expect(await store().getUser(id)).toMatchObject({ id, email: "v@x.io", name: "Vera", lead_id: null });
      });

      it("knows whether a lead has an account: linked to it, or with its address", async () => {
        const leadId = crypto.randomUUID();
        const email = `acct-${leadId.slice(0, 8)}@x.io`;
        expect(await store().hasAccount(leadId, email)).toBe(false);
        await store().upsertUser({ id: crypto.randomUUID(), email: null, name: null, lead_id: leadId });
        expect(await store().hasAccount(leadId, email)).toBe(true);
        const other = crypto.randomUUID();
        await store().upsertUser({ id: crypto.randomUUID(), email, name: null });
        expect(await store().hasAccount(other, ` ${email.toUpperCase()} `)).toBe(true);
        expect(await store().hasAccount(crypto.randomUUID(), "nobody@x.io")).toBe(false);
      });
    });
  });
}
