import { expect, it } from "vitest";
import type { NewClub } from "~/data/ports/club-store";
import type { Lead } from "~/data/ports/lead-store";
import type { ContractBackend } from "./backends";
import { contractSuite } from "./suite";

const T = "leads_icehockey" as const;
const at = (minute: number) => new Date(Date.UTC(2025, 8, 1, 12, minute)).toISOString();

const club = (slug: string, over: Partial<NewClub> = {}): NewClub => ({
  id: crypto.randomUUID(),
  lead_table: T,
  variant: "champion-icehockey",
  slug,
  name: `HC ${slug}`,
  city: "Praha",
  sport: "icehockey",
  created_at: at(0),
  duplicate_of: null,
  ...over,
});

/** The behaviour every ClubStore adapter must have (docs/decisions/039-clubs.md). */
export function clubStoreContract(name: string, start: () => Promise<ContractBackend>) {
  contractSuite(`ClubStore contract: ${name}`, start, (h) => {
    const store = () => h().clubs;
    let codes = 0;
    const lead = (email: string, table: "leads_icehockey" | "leads_tennis" = T) =>
      h().leads.create(table, { email, step_completed: 3, ref_code: `C${String(++codes).padStart(7, "0")}`, created_at: at(1) });
    const confirm = (row: Lead) => h().referrals.confirmLead(T, row.id, at(2), 5);
    const families = async (id: string) => (await store().summaries(T)).find((c) => c.id === id);

    it("registers a club once per slug; a repeat by a contact answers that club, anyone else joins nothing", async () => {
      const first = await store().register(club("sparta"), "coach@x.io");
      expect(first).toMatchObject({ created: true, contact: true });
      expect(first.club).toMatchObject({ slug: "sparta", name: "HC sparta", status: "pending", milestone: null, confirmed_at: null });
      const again = await Promise.all([store().register(club("sparta"), "coach@x.io"), store().register(club("sparta"), "other@x.io")]);
      expect(again.map((r) => [r.created, r.contact, r.club.id])).toEqual([
        [false, true, first.club.id],
        [false, false, first.club.id],
      ]);
      // Another address never becomes a contact of a club by typing its name.
      expect((await store().contacts(first.club.id)).map((c) => c.email)).toEqual(["coach@x.io"]);
      expect(await store().bySlug(T, "sparta")).toEqual(first.club);
      expect(await store().bySlug("leads_tennis", "sparta")).toBeNull();
      expect(await store().get(first.club.id)).toEqual(first.club);
      // A registration of the same name under another slug keeps which club it may duplicate, for the admin.
      const second = await store().register(club("sparta-brno", { city: "Brno", duplicate_of: first.club.id }), "other@x.io");
      expect(second).toMatchObject({ created: true, contact: true, club: { city: "Brno", duplicate_of: first.club.id } });
      // A double click of the same registration lands on one club.
      const twice = await Promise.all([
        store().register(club("sparta-ostrava", { city: "Ostrava" }), "third@x.io"),
        store().register(club("sparta-ostrava", { city: "Ostrava" }), "third@x.io"),
      ]);
      expect(twice.filter((r) => r.created)).toHaveLength(1);
      expect(twice.every((r) => r.contact && r.club.id === twice[0].club.id)).toBe(true);
    });

    it("confirms a contact once and stamps the club's first confirmation", async () => {
      const { club: made } = await store().register(club("kometa"), "coach@x.io");
      expect(await store().confirmContact(made.id, "nobody@x.io", at(3))).toBe(false);
      expect((await store().get(made.id))?.confirmed_at).toBeNull();
      const both = await Promise.all([
        store().confirmContact(made.id, "coach@x.io", at(3)),
        store().confirmContact(made.id, "coach@x.io", at(4)),
      ]);
      expect(both.filter(Boolean)).toHaveLength(1);
      expect((await store().get(made.id))?.confirmed_at).not.toBeNull();
      expect((await store().contactOf("coach@x.io")).map((c) => [c.club.id, c.contact.confirmed_at !== null])).toEqual([[made.id, true]]);
    });

    it("changes the status only from the states given", async () => {
      const { club: made } = await store().register(club("zlin"), "coach@x.io");
      expect(await store().setStatus(made.id, "approved", ["pending"])).toBe(true);
      expect(await store().setStatus(made.id, "approved", ["pending"])).toBe(false);
      expect(await store().setStatus(made.id, "rejected", ["pending"])).toBe(false);
      expect((await store().get(made.id))?.status).toBe("approved");
    });

    it("counts confirmed members whose credit is not held; 20 parallel joins count 20", async () => {
      const { club: made } = await store().register(club("plzen"), "coach@x.io");
      const parents: Lead[] = [];
      for (let i = 0; i < 22; i++) parents.push(await lead(`p${i}@x.io`));
      const joins = await Promise.all(parents.slice(0, 20).map((p) => store().join(T, p.id, made.id, at(3))));
      expect(joins.filter(Boolean)).toHaveLength(20);
      expect(await families(made.id)).toMatchObject({ members: 20, families: 0, unconfirmed: 20 });
      await Promise.all(parents.slice(0, 20).map(confirm));
      expect(await families(made.id)).toMatchObject({ families: 20, unconfirmed: 0 });
      // A join again, or into another club, keeps the first membership.
      const { club: other } = await store().register(club("brno"), "b@x.io");
      expect(await store().join(T, parents[0].id, other.id, at(4))).toBe(false);
      expect((await store().membershipOf(T, parents[0].id))?.club.id).toBe(made.id);
      // A member whose referral credit is held is not counted until approved.
      const referrer = parents[21];
      const held = parents[20];
      await store().join(T, held.id, made.id, at(5));
      await confirm(held);
      await h().referrals.record(
        T,
        {
          referred_id: held.id,
          referrer_id: referrer.id,
          ref_code: referrer.ref_code!,
          variant: "champion-icehockey",
          status: "pending",
          reason: null,
        },
        at(5),
      );
      const credit = await h().referrals.credit(T, held.id, at(6), 5, ["ip-burst"]);
      expect(await families(made.id)).toMatchObject({ members: 21, families: 20, unconfirmed: 0 });
      expect((await store().countedMembers(made.id)).includes(held.id)).toBe(false);
      await h().referrals.decideHeld(T, [credit!.id], true, at(7), 5);
      expect(await families(made.id)).toMatchObject({ families: 21 });
      expect(await store().countedMembers(made.id)).toHaveLength(21);
      // Every member, counted or not, oldest join first, at most the limit asked for.
      const listed = await store().members(made.id, 500);
      expect(listed).toHaveLength(21);
      expect(listed.map((member) => member.lead_id)).toContain(held.id);
      expect(listed.at(-1)).toEqual({ lead_id: held.id, joined_at: at(5) });
      expect(await store().members(made.id, 5)).toHaveLength(5);
      // A lead of another sport never joins a hockey club.
      const tennis = await lead("t@x.io", "leads_tennis");
      expect(await store().join("leads_tennis", tennis.id, made.id, at(8))).toBe(false);
    });

    it("merges a duplicate: members and contacts move, once", async () => {
      const { club: a } = await store().register(club("hc-sparta"), "a@x.io");
      const { club: b } = await store().register(club("sparta-praha"), "a@x.io");
      await store().confirmContact(b.id, "a@x.io", at(3));
      const p = await lead("m1@x.io");
      const q = await lead("m2@x.io");
      await store().join(T, p.id, a.id, at(3));
      await store().join(T, q.id, b.id, at(3));
      await confirm(p);
      await confirm(q);
      const merged = await Promise.all([store().merge(b.id, a.id), store().merge(b.id, a.id)]);
      expect(merged.filter(Boolean)).toHaveLength(1);
      expect(await store().get(b.id)).toMatchObject({ status: "merged", merged_into: a.id });
      expect(await families(a.id)).toMatchObject({ families: 2 });
      expect(await families(b.id)).toMatchObject({ families: 0 });
      expect((await store().contacts(a.id)).map((c) => [c.email, c.confirmed_at !== null])).toEqual([["a@x.io", true]]);
      expect(await store().contacts(b.id)).toEqual([]);
      expect(await store().merge(a.id, b.id)).toBe(false);
    });

    it("merging into a club that later merges on points every club of the chain at the one that stays", async () => {
      const { club: a } = await store().register(club("chain-a"), "a@x.io");
      const { club: b } = await store().register(club("chain-b"), "b@x.io");
      const { club: c } = await store().register(club("chain-c"), "c@x.io");
      const p = await lead("m1@x.io");
      await store().join(T, p.id, a.id, at(3));
      expect(await store().merge(a.id, b.id)).toBe(true);
      expect(await store().merge(b.id, c.id)).toBe(true);
      expect(await store().get(a.id)).toMatchObject({ status: "merged", merged_into: c.id });
      expect(await store().get(b.id)).toMatchObject({ status: "merged", merged_into: c.id });
      expect((await store().membershipOf(T, p.id))?.club.id).toBe(c.id);
      expect((await store().contacts(c.id)).map((k) => k.email)).toEqual(["a@x.io", "b@x.io", "c@x.io"]);
      // Nothing merges into a merged club, so no chain can loop back.
      expect(await store().merge(c.id, a.id)).toBe(false);
    });

    it("counts a club's families as credits are counted: one per inbox, no disposable address", async () => {
      const { club: made } = await store().register(club("fair"), "coach@x.io");
      const { club: other } = await store().register(club("other"), "coach@x.io");
      const twin = await lead("Parent+club@x.io");
      const parents = [await lead("parent@x.io"), twin, await lead("p.arent@gmail.com"), await lead("parent@gmail.com")];
      const throwaway = await h().leads.create(T, {
        email: "kid@mailinator.com",
        step_completed: 3,
        ref_code: "CDISPOSE",
        risk_flags: ["disposable-domain"],
        created_at: at(1),
      });
      // The same inbox in another club counts there too: once per club.
      const elsewhere = await lead("parent+other@x.io");
      for (const [i, parent] of [...parents, throwaway].entries()) await store().join(T, parent.id, made.id, at(3 + i));
      await store().join(T, elsewhere.id, other.id, at(3));
      for (const parent of [...parents, throwaway, elsewhere]) await confirm(parent);
      expect(await families(made.id)).toMatchObject({ members: 5, families: 2, unconfirmed: 0 });
      expect(await families(other.id)).toMatchObject({ families: 1 });
      // The inbox's first member is the one counted (and a club wave admits).
      expect(await store().countedMembers(made.id)).toEqual([parents[0].id, parents[2].id]);
      // Many clubs in one read, each as countedMembers counts it.
      const unknown = crypto.randomUUID();
      expect(await store().countedMembersOfMany(T, [made.id, other.id, unknown])).toEqual({
        [made.id]: [parents[0].id, parents[2].id],
        [other.id]: [elsewhere.id],
        [unknown]: [],
      });
      expect(await store().countedMembersOfMany(T, [])).toEqual({});
    });

    it("sets a milestone, marks it reached once with its club.milestone fact, and forgets the mark for a new milestone", async () => {
      const { club: made } = await store().register(club("litvinov"), "c@x.io");
      await store().setMilestone(made.id, 4);
      expect(await store().markMilestoneReached(made.id, at(5), 4)).toBe(true);
      expect(await store().markMilestoneReached(made.id, at(6), 5)).toBe(false);
      expect(await store().get(made.id)).toMatchObject({ milestone: 4, milestone_reached_at: at(5) });
      const fact = `club.milestone:${T}:${made.id}`;
      const written = { id: fact, type: "club.milestone", payload: { club_id: made.id, milestone: 4, families: 4 }, created_at: at(5) };
      expect(await h().facts.get(fact)).toMatchObject(written);
      await store().setMilestone(made.id, 10);
      expect(await store().get(made.id)).toMatchObject({ milestone: 10, milestone_reached_at: null });
      // Reached anew: marked again; its fact is the first one (the same id).
      expect(await store().markMilestoneReached(made.id, at(7), 10)).toBe(true);
      expect(await h().facts.get(fact)).toMatchObject(written);
    });

    it("erasure: a member leaves; a removed club takes its contacts and memberships", async () => {
      const { club: made } = await store().register(club("olomouc"), "c@x.io");
      const p = await lead("m@x.io");
      await store().join(T, p.id, made.id, at(3));
      await store().leave(T, p.id);
      expect(await store().membershipOf(T, p.id)).toBeNull();
      await store().join(T, p.id, made.id, at(4));
      await store().removeContact(made.id, "c@x.io");
      expect(await store().contactOf("c@x.io")).toEqual([]);
      await store().remove(made.id);
      expect(await store().get(made.id)).toBeNull();
      expect(await store().membershipOf(T, p.id)).toBeNull();
    });
  });
}
