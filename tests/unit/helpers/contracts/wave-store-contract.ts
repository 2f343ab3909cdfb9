import { expect, it } from "vitest";
import type { NewWave } from "~/data/ports/wave-store";
import type { ContractBackend } from "./backends";
import { contractSuite } from "./suite";

const at = (day: number, hour = 12) => new Date(Date.UTC(2025, 8, day, hour)).toISOString();
const ids = Array.from({ length: 6 }, () => crypto.randomUUID());

const wave = (seq: number, over: Partial<NewWave> = {}): NewWave => ({
  id: crypto.randomUUID(),
  variant: "genius",
  seq,
  size_asked: 2,
  created_at: at(1),
  created_by: "admin@example.com",
  ...over,
});

/** The behaviour every WaveStore adapter must have (docs/decisions/025-waves-and-invites.md). */
export function waveStoreContract(name: string, start: () => Promise<ContractBackend>) {
  contractSuite(`WaveStore contract: ${name}`, start, (h) => {
    const store = () => h().waves;
    const two = [
      { lead_id: ids[0], place: 1, invite_expires_at: at(15) },
      { lead_id: ids[1], place: 2, invite_expires_at: at(15) },
    ];

    it("admits a wave with its members and their places, in place order", async () => {
      const made = await store().admit("leads", wave(1), [two[1], two[0]]);
      expect(made.created).toBe(true);
      expect(made.wave).toMatchObject({ lead_table: "leads", seq: 1, size_asked: 2, created_by: "admin@example.com", created_at: at(1) });
      expect(await store().get(made.wave.id)).toEqual(made.wave);
      const members = await store().membersOf(made.wave.id);
      expect(members.map((m) => [m.lead_id, m.place])).toEqual([
        [ids[0], 1],
        [ids[1], 2],
      ]);
      expect(members[0]).toMatchObject({ invite_sent_at: null, accepted_at: null, invite_expires_at: at(15) });
      expect(await store().memberOf("leads", ids[1])).toMatchObject({ wave_id: made.wave.id, place: 2 });
      expect(await store().memberOf("leads_tennis", ids[1])).toBeNull();
      expect((await store().admittedIds("leads")).sort()).toEqual([ids[0], ids[1]].sort());
      expect(await store().admittedCount("leads")).toBe(2);
      expect(await store().count("leads")).toBe(1);
      expect(await store().count("leads_tennis")).toBe(0);
    });

    it("reads many leads' memberships and accounts at once (a mail chunk's standings)", async () => {
      const made = await store().admit("leads", wave(1), [two[0]]);
      const many = await store().membersOfMany("leads", [ids[0], ids[1], "not-a-lead"]);
      expect(Object.keys(many)).toEqual([ids[0]]);
      expect(many[ids[0]]).toMatchObject({ wave_id: made.wave.id, place: 1 });
      expect(await store().membersOfMany("leads_tennis", [ids[0]])).toEqual({});
      expect(await store().membersOfMany("leads", [])).toEqual({});

      const leads = h().leads;
      const [linked, byAddress, none] = await Promise.all(
        ["linked@example.com", "by-address@example.com", "none@example.com"].map((email) =>
          leads.create("leads", { email, step_completed: 3 }),
        ),
      );
      await leads.upsertUser({ id: crypto.randomUUID(), email: "someone-else@example.com", name: "A", lead_id: linked.id });
      await leads.upsertUser({ id: crypto.randomUUID(), email: "by-address@example.com", name: "B", lead_id: null });
      const found = await leads.withAccounts([linked, { id: byAddress.id, email: " By-Address@Example.com " }, none]);
      expect(found.sort()).toEqual([linked.id, byAddress.id].sort());
      expect(await leads.withAccounts([])).toEqual([]);
    });

    it("reads many leads by id, a wave's unsent members a chunk at a time, and stamps many sent at once", async () => {
      const leads = h().leads;
      const made = await Promise.all(
        ["a@example.com", "b@example.com", "c@example.com"].map((email) => leads.create("leads", { email, step_completed: 3 })),
      );
      const found = await leads.getByIds("leads", [made[2].id, made[0].id, crypto.randomUUID()]);
      expect(found.map((lead) => lead.email).sort()).toEqual(["a@example.com", "c@example.com"]);
      expect(await leads.getByIds("leads_tennis", [made[0].id])).toEqual([]);
      expect(await leads.getByIds("leads", [])).toEqual([]);

      const three = made.map((lead, i) => ({ lead_id: lead.id, place: i + 1, invite_expires_at: at(15) }));
      const { wave: admitted } = await store().admit("leads", wave(1, { size_asked: 3 }), three);
      expect((await store().unsentOf(admitted.id, 0, 2)).map((m) => m.place)).toEqual([1, 2]);
      expect((await store().unsentOf(admitted.id, 2, 2)).map((m) => m.place)).toEqual([3]);
      await store().markSentMany("leads", [made[0].id, made[2].id], at(2));
      // A second stamp keeps the first send's time.
      await store().markSentMany("leads", [made[0].id], at(3));
      expect((await store().unsentOf(admitted.id, 0, 10)).map((m) => m.place)).toEqual([2]);
      expect((await store().memberOf("leads", made[0].id))?.invite_sent_at).toBe(at(2));
      await store().markSentMany("leads", [], at(3));
    });

    it("lists the invites that expired unaccepted, newest wave first, with the wave's number", async () => {
      const first = await store().admit("leads", wave(1), [
        { lead_id: ids[0], place: 1, invite_expires_at: at(5) },
        { lead_id: ids[1], place: 2, invite_expires_at: at(5) },
      ]);
      await store().admit("leads", wave(2), [
        { lead_id: ids[2], place: 3, invite_expires_at: at(6) },
        { lead_id: ids[3], place: 4, invite_expires_at: at(20) },
      ]);
      await store().accept("leads", ids[1], at(4));
      const expired = await store().expiredOf("leads", at(10));
      expect(expired.map((m) => [m.lead_id, m.seq, m.wave_id === first.wave.id])).toEqual([
        [ids[2], 2, false],
        [ids[0], 1, true],
      ]);
      expect(await store().expiredOf("leads", at(1))).toEqual([]);
      expect(await store().expiredOf("leads_tennis", at(30))).toEqual([]);
    });

    it("writes a wave's fact with the wave, once: a repeat of the number writes none", async () => {
      const fact = (id: string) => ({
        id: `wave.admitted:leads:${id}`,
        type: "wave.admitted",
        payload: { wave_id: id, seq: 1, lead_ids: [ids[0]] },
        created_at: at(1),
      });
      const first = wave(1);
      const made = await store().admit("leads", first, [two[0]], fact(first.id));
      expect(made.created).toBe(true);
      expect(await h().facts.get(fact(first.id).id)).toEqual({ ...fact(first.id), handled_at: null });
      const again = wave(1);
      expect((await store().admit("leads", again, [two[1]], fact(again.id))).created).toBe(false);
      expect(await h().facts.get(fact(again.id).id)).toBeNull();
    });

    it("makes one wave of a number, however many times and in parallel it is admitted", async () => {
      const results = await Promise.all([
        store().admit("leads", wave(1), two),
        store().admit("leads", wave(1), two),
        store().admit("leads", wave(1), two),
      ]);
      expect(results.filter((r) => r.created)).toHaveLength(1);
      expect(new Set(results.map((r) => r.wave.id)).size).toBe(1);
      const again = await store().admit("leads", wave(1, { size_asked: 5 }), [{ lead_id: ids[2], place: 3, invite_expires_at: at(15) }]);
      expect(again).toMatchObject({ created: false, wave: { size_asked: 2 } });
      expect(await store().admittedCount("leads")).toBe(2);
      expect(await store().list("leads", at(2))).toHaveLength(1);
    });

    it("refuses a wave with a parent already admitted, writing nothing", async () => {
      await store().admit("leads", wave(1), two);
      await expect(
        store().admit("leads", wave(2), [
          { lead_id: ids[2], place: 3, invite_expires_at: at(15) },
          { lead_id: ids[1], place: 2, invite_expires_at: at(15) },
        ]),
      ).rejects.toThrow();
      expect(await store().count("leads")).toBe(1);
      expect(await store().admittedCount("leads")).toBe(2);
      // The same parent id in another variant's table is another parent.
      expect((await store().admit("leads_tennis", wave(1, { variant: "champion-tennis" }), two)).created).toBe(true);
    });

    it("counts each wave's invites: sent, opened, accepted once (with its fact), accounts, expired", async () => {
      const first = (await store().admit("leads", wave(1), two)).wave;
      const second = (await store().admit("leads", wave(2, { size_asked: 1 }), [{ lead_id: ids[2], place: 3, invite_expires_at: at(3) }]))
        .wave;
      await store().markSent("leads", ids[0], at(1, 13));
      await store().markSent("leads", ids[1], at(1, 13));
      expect(await store().markOpened("leads", ids[0], at(2))).toBe(true);
      expect(await store().markOpened("leads", ids[0], at(2, 13))).toBe(false);
      const accepts = await Promise.all([store().accept("leads", ids[0], at(2)), store().accept("leads", ids[0], at(2))]);
      expect(accepts.filter(Boolean)).toHaveLength(1);
      expect(await store().accept("leads", ids[0], at(3))).toBe(false);
      expect(await store().accept("leads", ids[5], at(3))).toBe(false);
      // The acceptance's fact, written by the one call that accepted (ADR 046).
      expect(await h().facts.get(`invite.accepted:leads:${ids[0]}`)).toMatchObject({
        type: "invite.accepted",
        payload: { lead_id: ids[0], wave_id: first.id },
        created_at: at(2),
      });
      expect(await h().facts.get(`invite.accepted:leads:${ids[5]}`)).toBeNull();
      expect(await store().markAccount("leads", ids[1], at(3))).toBe(false);
      expect(await store().markAccount("leads", ids[0], at(3))).toBe(true);
      expect(await store().markAccount("leads", ids[0], at(3))).toBe(false);
      expect((await store().memberOf("leads", ids[0]))?.accepted_at).toBe(at(2));
      const list = await store().list("leads", at(4));
      expect(list.map((w) => w.id)).toEqual([second.id, first.id]);
      expect(list[1]).toMatchObject({ admitted: 2, invited: 2, opened: 1, accepted: 1, accounts: 1, expired: 0, last_place: 2 });
      expect(list[0]).toMatchObject({ admitted: 1, invited: 0, opened: 0, accepted: 0, accounts: 0, expired: 1, last_place: 3 });
    });

    it("lists a club wave with its club's name as it stands now, a merged club's as the club that stays; a plain wave with none", async () => {
      const club = (slug: string, name: string, city: string) =>
        h().clubs.register(
          {
            id: crypto.randomUUID(),
            lead_table: "leads_icehockey",
            variant: "champion-icehockey",
            slug,
            name,
            city,
            sport: "icehockey",
            created_at: at(1),
          },
          `${slug}@x.io`,
        );
      const hawks = (await club("hawks", "Riverside Hawks", "Toronto")).club;
      const sparta = (await club("sparta", "HC Sparta", "Praha")).club;
      const plain = (await store().admit("leads_icehockey", wave(1, { variant: "champion-icehockey" }), [two[0]])).wave;
      const made = await store().admit("leads_icehockey", wave(2, { variant: "champion-icehockey", club_id: hawks.id }), [two[1]]);
      expect(made.wave.club_id).toBe(hawks.id);
      expect((await store().get(made.wave.id))?.club_id).toBe(hawks.id);
      expect(plain.club_id).toBeNull();
      const listed = async () => (await store().list("leads_icehockey", at(2))).map((w) => [w.seq, w.club_id, w.club]);
      expect(await listed()).toEqual([
        [2, hawks.id, { name: "Riverside Hawks", city: "Toronto" }],
        [1, null, null],
      ]);
      // Merged into another club, the wave names the club its families belong to now.
      expect(await h().clubs.merge(hawks.id, sparta.id)).toBe(true);
      expect(await listed()).toEqual([
        [2, hawks.id, { name: "HC Sparta", city: "Praha" }],
        [1, null, null],
      ]);
      // Removed (its last contact erased their data), the wave still says it was a club's.
      await h().clubs.remove(sparta.id);
      await h().clubs.remove(hawks.id);
      expect(await listed()).toEqual([
        [2, hawks.id, null],
        [1, null, null],
      ]);
    });

    it("renews only an expired, unaccepted invite, once", async () => {
      await store().admit("leads", wave(1), [
        { lead_id: ids[0], place: 1, invite_expires_at: at(3) },
        { lead_id: ids[1], place: 2, invite_expires_at: at(3) },
      ]);
      expect(await store().renew("leads", ids[0], at(2), at(16))).toBe(false);
      const renewed = await Promise.all([store().renew("leads", ids[0], at(4), at(18)), store().renew("leads", ids[0], at(4), at(18))]);
      expect(renewed.filter(Boolean)).toHaveLength(1);
      expect(await store().memberOf("leads", ids[0])).toMatchObject({ invite_expires_at: at(18), invite_sent_at: at(4) });
      await store().accept("leads", ids[1], at(2));
      expect(await store().renew("leads", ids[1], at(4), at(18))).toBe(false);
    });

    it("stamps a parent's re-send once per interval, only for a live, unaccepted invite", async () => {
      await store().admit("leads", wave(1), [
        { lead_id: ids[0], place: 1, invite_expires_at: at(10) },
        { lead_id: ids[1], place: 2, invite_expires_at: at(10) },
      ]);
      await store().markSent("leads", ids[0], at(1, 13));
      const now = at(2);
      const sentBefore = at(2, 11);
      const both = await Promise.all([
        store().resendDue("leads", ids[0], now, sentBefore),
        store().resendDue("leads", ids[0], now, sentBefore),
      ]);
      expect(both.filter(Boolean)).toHaveLength(1);
      expect(await store().resendDue("leads", ids[0], at(2, 12), at(2, 11))).toBe(false);
      expect(await store().resendDue("leads", ids[0], at(11), at(10, 23))).toBe(false);
      await store().accept("leads", ids[1], at(2));
      expect(await store().resendDue("leads", ids[1], now, sentBefore)).toBe(false);
    });
  });
}
