import { describe, expect, it } from "vitest";
import { type Lead, type LeadTable } from "~/data/ports/lead-store";
import type { NewReferral } from "~/data/ports/referral-store";
import type { ContractBackend } from "./backends";
import { contractSuite } from "./suite";

const T: LeadTable = "leads";
const PLACES = 5;
const at = (minute: number) => new Date(Date.UTC(2025, 8, 1, 12, minute)).toISOString();

/** The behaviour every ReferralStore adapter must have: the ledger, the exactly-once credits and the line. */
export function referralStoreContract(name: string, start: () => Promise<ContractBackend>) {
  contractSuite(`ReferralStore contract: ${name}`, start, (h) => {
    const store = () => h().referrals;
    const leads = () => h().leads;

    let codes = 0;
    const lead = (email: string, minute = 0, table: LeadTable = T) =>
      leads().create(table, { email, step_completed: 3, ref_code: `R${String(++codes).padStart(7, "0")}`, created_at: at(minute) });
    const referral = (referred: Lead, referrer: Lead | null, over: Partial<NewReferral> = {}): NewReferral => ({
      referred_id: referred.id,
      referrer_id: referrer?.id ?? null,
      ref_code: referrer?.ref_code ?? "NOSUCHCD",
      variant: "genius",
      status: "pending",
      reason: null,
      ...over,
    });
    const reload = async (row: Lead) => (await leads().getById(T, row.id))!;

    describe("confirmLead", () => {
      it("confirms once with the table's next number; a repeat changes nothing; an unknown lead is null", async () => {
        const a = await lead("a@x.io");
        const b = await lead("b@x.io");
        const tennis = await lead("t@x.io", 0, "leads_tennis");
        const first = await store().confirmLead(T, a.id, at(5), PLACES);
        expect(first).toMatchObject({ confirmedNow: true, lead: { id: a.id, email_verified: true, confirm_seq: 1, place_score: 1 } });
        expect(first?.lead.confirmed_at).toBe(at(5));
        const again = await store().confirmLead(T, a.id, at(6), PLACES);
        expect(again).toMatchObject({ confirmedNow: false, lead: { confirm_seq: 1, confirmed_at: at(5) } });
        expect((await store().confirmLead(T, b.id, at(7), PLACES))?.lead.confirm_seq).toBe(2);
        expect((await store().confirmLead("leads_tennis", tennis.id, at(7), PLACES))?.lead.confirm_seq).toBe(1);
        expect(await store().confirmLead(T, crypto.randomUUID(), at(8), PLACES)).toBeNull();
      });

      it("parallel confirmations of different leads get distinct consecutive numbers", async () => {
        const many = [];
        for (let i = 0; i < 6; i++) many.push(await lead(`p${i}@x.io`, i));
        const results = await Promise.all(many.map((row) => store().confirmLead(T, row.id, at(10), PLACES)));
        expect(results.map((result) => result?.lead.confirm_seq).sort()).toEqual([1, 2, 3, 4, 5, 6]);
        expect(await store().confirmedCount(T)).toBe(6);
      });
    });

    describe("record / referralOf", () => {
      it("records once per referred lead: a repeat keeps the first row", async () => {
        const a = await lead("a@x.io");
        const b = await lead("b@x.io");
        const first = await store().record(T, referral(b, a), at(1));
        expect(first).toMatchObject({
          lead_table: T,
          referred_id: b.id,
          referrer_id: a.id,
          ref_code: a.ref_code,
          status: "pending",
          reason: null,
          created_at: at(1),
          credited_at: null,
        });
        const repeat = await store().record(T, referral(b, null, { status: "rejected", reason: "unknown-code" }), at(2));
        expect(repeat).toEqual(first);
        expect(await store().referralOf(T, b.id)).toEqual(first);
        expect(await store().referralOf(T, a.id)).toBeNull();
        expect(await store().referralOf("leads_tennis", b.id)).toBeNull();
      });
    });

    describe("channels (issue 34)", () => {
      it("stores the share channel with the referral and counts credited referrals by channel, null for none", async () => {
        const a = await lead("a@x.io");
        const friends = [];
        for (let i = 0; i < 5; i++) friends.push(await lead(`f${i}@x.io`, i + 1));
        const tennis = await lead("t@x.io", 0, "leads_tennis");
        const tennisFriend = await lead("tf@x.io", 1, "leads_tennis");
        const recorded = await store().record(T, referral(friends[0], a, { channel: "wa" }), at(1));
        expect(recorded.channel).toBe("wa");
        await store().record(T, referral(friends[1], a, { channel: "wa" }), at(1));
        await store().record(T, referral(friends[2], a, { channel: "email" }), at(1));
        await store().record(T, referral(friends[3], a), at(1));
        // Pending: not counted until credited.
        await store().record(T, referral(friends[4], a, { channel: "fb" }), at(1));
        await store().record("leads_tennis", { ...referral(tennisFriend, tennis, { channel: "sms" }), variant: "champion-tennis" }, at(1));
        expect(await store().referralOf(T, friends[3].id)).toMatchObject({ channel: null });
        expect(await store().creditedByChannel(T)).toEqual([]);
        for (const friend of friends.slice(0, 4)) await store().credit(T, friend.id, at(3), PLACES);
        await store().credit("leads_tennis", tennisFriend.id, at(3), PLACES);
        const byChannel = await store().creditedByChannel(T);
        expect(byChannel).toEqual([
          { channel: "wa", count: 2 },
          { channel: "email", count: 1 },
          { channel: null, count: 1 },
        ]);
        expect(await store().creditedByChannel("leads_tennis")).toEqual([{ channel: "sms", count: 1 }]);
      });
    });

    describe("facts written with the change (ADR 046)", () => {
      const fact = (id: string) => h().facts.get(id);
      const CONTEXT = { origin: "https://example.com", variant: "genius" };

      it("confirmLead writes lead.confirmed once, with ids only and the context given; a repeat writes nothing", async () => {
        const a = await lead("a@x.io");
        await store().confirmLead(T, a.id, at(5), PLACES, { ...CONTEXT, visit_id: "v-1" });
        await store().confirmLead(T, a.id, at(6), PLACES, { ...CONTEXT, visit_id: "v-2" });
        const written = await fact(`lead.confirmed:${T}:${a.id}`);
        expect(written).toMatchObject({ type: "lead.confirmed", created_at: at(5), handled_at: null });
        expect(written?.payload).toEqual({ ...CONTEXT, visit_id: "v-1", lead_id: a.id, source: "main_funnel", confirmed_at: at(5) });
        expect(JSON.stringify(written?.payload)).not.toContain("a@x.io");
      });

      it("credit writes referral.credited or referral.held only for the call that moved it", async () => {
        const a = await lead("a@x.io");
        const b = await lead("b@x.io");
        const c = await lead("c@x.io");
        await store().confirmLead(T, a.id, at(1), PLACES);
        await store().record(T, referral(b, a), at(2));
        await store().record(T, referral(c, a), at(2));
        const results = await Promise.all([1, 2, 3].map(() => store().credit(T, b.id, at(3), PLACES, [], CONTEXT)));
        const credited = results.find(Boolean)!;
        expect((await fact(`referral.credited:${T}:${credited.id}`))?.payload).toEqual({
          ...CONTEXT,
          referral_id: credited.id,
          referrer_id: a.id,
          referred_id: b.id,
          credits: 1,
        });
        const held = (await store().credit(T, c.id, at(4), PLACES, ["catch-all", "ip-burst"], CONTEXT))!;
        expect((await fact(`referral.held:${T}:${held.id}`))?.payload).toEqual({
          ...CONTEXT,
          referral_id: held.id,
          referrer_id: a.id,
          referred_id: c.id,
          reasons: ["catch-all", "ip-burst"],
        });
        expect(await fact(`referral.credited:${T}:${held.id}`)).toBeNull();
      });

      it("decideHeld writes one referral.approved or referral.rejected per changed row, with each referrer's credits", async () => {
        const a = await lead("a@x.io");
        await store().confirmLead(T, a.id, at(1), PLACES);
        const friends = [];
        for (let i = 0; i < 3; i++) friends.push(await lead(`f${i}@club.example`, i + 1));
        for (const friend of friends) {
          await store().record(T, referral(friend, a), at(2));
          await store().credit(T, friend.id, at(3), PLACES, ["catch-all"]);
        }
        const ids = await Promise.all(friends.map(async (friend) => (await store().referralOf(T, friend.id))!.id));
        await store().decideHeld(T, [ids[0], ids[1]], true, at(5), PLACES, CONTEXT);
        await store().decideHeld(T, ids, false, at(6), PLACES, CONTEXT);
        for (const i of [0, 1])
          expect(await fact(`referral.approved:${T}:${ids[i]}`)).toMatchObject({
            type: "referral.approved",
            payload: { ...CONTEXT, referral_id: ids[i], referrer_id: a.id, referred_id: friends[i].id, credits: 2 },
          });
        expect(await fact(`referral.rejected:${T}:${ids[2]}`)).toMatchObject({
          type: "referral.rejected",
          payload: { referral_id: ids[2], referrer_id: a.id, referred_id: friends[2].id },
        });
        expect(await fact(`referral.rejected:${T}:${ids[0]}`)).toBeNull();
        expect(await fact(`referral.approved:${T}:${ids[2]}`)).toBeNull();
      });
    });

    describe("holds (ADR 036)", () => {
      it("a held credit stores its reasons, moves no place, and counts as held; a repeat credit changes nothing", async () => {
        const a = await lead("a@x.io");
        const b = await lead("b@club.example");
        await store().confirmLead(T, a.id, at(1), PLACES);
        await store().record(T, referral(b, a, { network: "net-1" }), at(2));
        const held = await store().credit(T, b.id, at(3), PLACES, ["catch-all", "ip-burst"]);
        expect(held).toMatchObject({ status: "held", hold_reasons: "catch-all,ip-burst", credited_at: null, network: "net-1" });
        expect(await store().credit(T, b.id, at(4), PLACES)).toBeNull();
        expect(await reload(a)).toMatchObject({ referral_count: 0, place_score: 1 });
        expect(await store().countsFor(T, a.id)).toEqual({ pending: 0, credited: 0, rejected: 0, held: 1 });
        expect((await store().list(T, { page: 1, pageSize: 10, status: "held" })).rows.map((row) => row.referred_email)).toEqual([
          "b@club.example",
        ]);
      });

      it("decideHeld approves into credits with the recount, rejects the rest, and changes each row once", async () => {
        const a = await lead("a@x.io");
        const c = await lead("c@x.io");
        await store().confirmLead(T, a.id, at(1), PLACES);
        await store().confirmLead(T, c.id, at(1), PLACES);
        const friends = [];
        for (let i = 0; i < 4; i++) friends.push(await lead(`f${i}@club.example`, i + 1));
        for (const [i, friend] of friends.entries()) {
          await store().record(T, referral(friend, i < 3 ? a : c), at(2));
          await store().credit(T, friend.id, at(3), PLACES, ["catch-all"]);
        }
        const ids = await Promise.all(friends.map(async (friend) => (await store().referralOf(T, friend.id))!.id));
        const [approved, again] = await Promise.all([
          store().decideHeld(T, [ids[0], ids[1], ids[3]], true, at(5), PLACES),
          store().decideHeld(T, [ids[0], ids[1], ids[3]], true, at(5), PLACES),
        ]);
        expect(approved.length + again.length).toBe(3);
        expect(await reload(a)).toMatchObject({ referral_count: 2, place_score: 1 - 2 * PLACES });
        expect(await reload(c)).toMatchObject({ referral_count: 1, place_score: 2 - PLACES });
        expect(await store().referralOf(T, friends[0].id)).toMatchObject({ status: "credited", credited_at: at(5) });
        const rejected = await store().decideHeld(T, [ids[2], ids[0]], false, at(6), PLACES);
        expect(rejected.map((row) => row.id)).toEqual([ids[2]]);
        expect(rejected[0]).toMatchObject({ status: "rejected", reason: "review-rejected" });
        expect(await store().countsFor(T, a.id)).toEqual({ pending: 0, credited: 2, rejected: 1, held: 0 });
        expect(await store().decideHeld(T, [], true, at(7), PLACES)).toEqual([]);
      });

      it("holdFacts counts distinct friends at a domain, friends from one network in the window, and recent referrals", async () => {
        const a = await lead("a@x.io");
        const rows = [
          ["f1@club.example", "net-1", 10],
          ["F2@Club.Example", "net-1", 20],
          ["f3@club.example", "net-2", 20],
          ["f4@other.example", "net-1", 50],
        ] as const;
        for (const [email, network, minute] of rows) await store().record(T, referral(await lead(email), a, { network }), at(minute));
        const bad = await lead("f5@club.example");
        await store().record(T, referral(bad, a, { status: "rejected", reason: "duplicate-email", network: "net-1" }), at(50));
        const facts = (domain: string, network: string | null) =>
          store().holdFacts(T, a.id, {
            domain,
            network,
            networkSince: at(15),
            burstSince: at(45),
            burstUntil: at(60),
            signedUpFrom: at(45),
            signedUpTo: at(55),
          });
        expect(await facts("club.example", "net-1")).toEqual({ sameDomain: 3, sameNetwork: 2, recent: 2 });
        expect(await facts("other.example", null)).toEqual({ sameDomain: 1, sameNetwork: 0, recent: 2 });
        expect(
          await store().holdFacts("leads_tennis", a.id, {
            domain: "club.example",
            network: "net-1",
            networkSince: at(0),
            burstSince: at(0),
            burstUntil: at(60),
            signedUpFrom: at(0),
            signedUpTo: at(60),
          }),
        ).toEqual({
          sameDomain: 0,
          sameNetwork: 0,
          recent: 0,
        });
      });

      it("holdFacts counts the registrable domain's subdomains, and friends who signed up near this one or confirmed in the window", async () => {
        const a = await lead("a@x.io");
        const rows = [
          ["x1@club.example", 0],
          ["x2@s1.club.example", 1],
          ["x3@notclub.example", 20],
          ["x4@S2.CLUB.example", 40],
        ] as const;
        const friends: Lead[] = [];
        for (const [email, minute] of rows) {
          const friend = await lead(email, minute);
          await store().record(T, referral(friend, a), at(minute));
          friends.push(friend);
        }
        await store().confirmLead(T, friends[2].id, at(58), PLACES);
        await store().confirmLead(T, friends[3].id, at(61), PLACES);
        // A friend who signed up at minute 2 and confirms at minute 59: x1 and x2 signed up near them,
        // x3 confirmed just before; x4 (another subdomain) confirmed after now, no burst of theirs.
        const facts = await store().holdFacts(T, a.id, {
          domain: "club.example",
          network: null,
          networkSince: at(0),
          burstSince: at(54),
          burstUntil: at(59),
          signedUpFrom: at(-3),
          signedUpTo: at(7),
        });
        expect(facts).toEqual({ sameDomain: 3, sameNetwork: 0, recent: 3 });
      });
    });

    describe("credit", () => {
      it("credits a pending referral once, recounting the referrer's count and place score", async () => {
        const a = await lead("a@x.io");
        const b = await lead("b@x.io");
        await store().confirmLead(T, a.id, at(1), PLACES);
        await store().record(T, referral(b, a), at(2));
        const credited = await store().credit(T, b.id, at(3), PLACES);
        expect(credited).toMatchObject({ status: "credited", reason: null, credited_at: at(3) });
        expect(await store().credit(T, b.id, at(4), PLACES)).toBeNull();
        expect(await reload(a)).toMatchObject({ referral_count: 1, place_score: 1 - PLACES });
        expect(await store().countsFor(T, a.id)).toEqual({ pending: 0, credited: 1, rejected: 0, held: 0 });
      });

      it("parallel credits of one referral credit it exactly once", async () => {
        const a = await lead("a@x.io");
        const b = await lead("b@x.io");
        await store().record(T, referral(b, a), at(1));
        const results = await Promise.all(Array.from({ length: 8 }, () => store().credit(T, b.id, at(2), PLACES)));
        expect(results.filter(Boolean)).toHaveLength(1);
        expect((await reload(a)).referral_count).toBe(1);
      });

      it("credits nothing for a rejected referral or a lead without one", async () => {
        const a = await lead("a@x.io");
        const b = await lead("b@x.io");
        await store().record(T, referral(b, a, { status: "rejected", reason: "self-referral" }), at(1));
        expect(await store().credit(T, b.id, at(2), PLACES)).toBeNull();
        expect(await store().credit(T, a.id, at(2), PLACES)).toBeNull();
        expect((await reload(a)).referral_count).toBe(0);
      });
    });

    describe("setStatus", () => {
      it("an admin's revoke and restore move the count and the place; an unknown id is null", async () => {
        const a = await lead("a@x.io");
        const b = await lead("b@x.io");
        await store().confirmLead(T, a.id, at(1), PLACES);
        await store().record(T, referral(b, a), at(2));
        const credited = (await store().credit(T, b.id, at(3), PLACES))!;
        expect(await store().setStatus(T, credited.id, "rejected", at(4), PLACES)).toMatchObject({ status: "rejected", reason: "revoked" });
        expect(await reload(a)).toMatchObject({ referral_count: 0, place_score: 1 });
        expect(await store().setStatus(T, credited.id, "credited", at(5), PLACES)).toMatchObject({
          status: "credited",
          reason: null,
          credited_at: at(3),
        });
        expect(await reload(a)).toMatchObject({ referral_count: 1, place_score: 1 - PLACES });
        expect(await store().setStatus(T, crypto.randomUUID(), "rejected", at(6), PLACES)).toBeNull();
        expect(await store().setStatus("leads_tennis", credited.id, "rejected", at(6), PLACES)).toBeNull();
      });
    });

    describe("counts", () => {
      it("counts a referrer's referrals by status, and those recorded since a time", async () => {
        const a = await lead("a@x.io");
        const others = [];
        for (let i = 0; i < 4; i++) others.push(await lead(`o${i}@x.io`));
        await store().record(T, referral(others[0], a), at(1));
        await store().record(T, referral(others[1], a), at(2));
        await store().record(T, referral(others[2], a, { status: "rejected", reason: "duplicate-email" }), at(3));
        await store().record(T, referral(others[3], null), at(4));
        await store().credit(T, others[0].id, at(5), PLACES);
        expect(await store().countsFor(T, a.id)).toEqual({ pending: 1, credited: 1, rejected: 1, held: 0 });
        expect(await store().countsFor("leads_tennis", a.id)).toEqual({ pending: 0, credited: 0, rejected: 0, held: 0 });
        expect(await store().recentCount(T, a.id, at(2))).toBe(2);
        expect(await store().recentCount(T, a.id, at(9))).toBe(0);
      });
    });

    describe("the line", () => {
      it("places by score, then credits, then confirmation order; unconfirmed parents have no place", async () => {
        const rows = [];
        for (let i = 0; i < 8; i++) rows.push(await lead(`p${i}@x.io`, i));
        for (const row of rows) await store().confirmLead(T, row.id, at(10), PLACES);
        const friend = await lead("friend@x.io", 20);
        const waiting = await lead("waiting@x.io", 21);
        const last = rows[7];
        await store().record(T, referral(friend, last), at(22));
        await store().confirmLead(T, friend.id, at(23), PLACES);
        await store().credit(T, friend.id, at(23), PLACES);
        const climbed = await reload(last);
        expect(climbed.place_score).toBe(8 - PLACES);
        // Score 3 ties with p2 (seq 3); the credit puts p7 ahead of it.
        expect(await store().placeOf(T, climbed)).toBe(3);
        expect(await store().placeOf(T, await reload(rows[0]))).toBe(1);
        expect(await store().placeOf(T, waiting)).toBeNull();
        const line = await store().line(T);
        expect(line).toEqual([rows[0], rows[1], last, rows[2], rows[3], rows[4], rows[5], rows[6], friend].map((row) => row.id));
        const places = await store().placesOf(T, [last.id, waiting.id, friend.id]);
        expect(places).toEqual({ [last.id]: 3, [waiting.id]: null, [friend.id]: 9 });
        expect(await store().placesOf(T, [])).toEqual({});
        expect(await store().confirmedCount(T)).toBe(9);
        expect(await store().confirmedCount("leads_icehockey")).toBe(0);
      });
    });

    describe("list", () => {
      it("lists newest first with both e-mails, filtered by status and paged with the total", async () => {
        const a = await lead("a@x.io");
        const b = await lead("b@x.io");
        const c = await lead("c@x.io");
        const d = await lead("d@x.io");
        await store().record(T, referral(b, a), at(1));
        await store().record(T, referral(c, a, { status: "rejected", reason: "disposable-domain" }), at(2));
        await store().record(T, referral(d, null, { status: "rejected", reason: "unknown-code" }), at(3));
        const all = await store().list(T, { page: 1, pageSize: 10 });
        expect(all.total).toBe(3);
        expect(all.rows.map((row) => [row.referred_email, row.referrer_email])).toEqual([
          ["d@x.io", null],
          ["c@x.io", "a@x.io"],
          ["b@x.io", "a@x.io"],
        ]);
        const rejected = await store().list(T, { page: 2, pageSize: 1, status: "rejected" });
        expect(rejected.total).toBe(2);
        expect(rejected.rows.map((row) => row.referred_id)).toEqual([c.id]);
        expect(await store().list("leads_tennis", { page: 1, pageSize: 10 })).toEqual({ rows: [], total: 0 });
      });
    });

    describe("purgeUnconfirmed", () => {
      it("deletes old unconfirmed leads and their pending referrals; placeholders only when asked", async () => {
        const old = await lead("old@x.io", 1);
        const placeholder = await leads().create(T, { created_at: at(1) });
        const fresh = await lead("fresh@x.io", 30);
        const referrer = await lead("ref@x.io", 1);
        await store().confirmLead(T, referrer.id, at(2), PLACES);
        await store().record(T, referral(old, referrer), at(3));
        await store().record(T, referral(fresh, referrer), at(31));
        expect(await store().purgeUnconfirmed(T, at(20), { placeholdersOnly: true })).toBe(1);
        expect(await leads().getById(T, placeholder.id)).toBeNull();
        expect(await leads().getById(T, old.id)).not.toBeNull();
        expect(await store().purgeUnconfirmed(T, at(20))).toBe(1);
        expect(await leads().getById(T, old.id)).toBeNull();
        expect(await store().referralOf(T, old.id)).toBeNull();
        expect(await store().referralOf(T, fresh.id)).not.toBeNull();
        expect(await leads().getById(T, referrer.id)).not.toBeNull();
        expect((await leads().list(T)).rows.map((row) => row.email).sort()).toEqual(["fresh@x.io", "ref@x.io"]);
      });
    });
  });
}
