import { beforeEach, describe, expect, it } from "vitest";
import { referralRules } from "#content/referrals";
import { parseCidr, parseDecision } from "~/admin/holds.server";
import { getBackend } from "~/data/backend.server";
import type { Lead } from "~/data/ports/lead-store";
import { isTrustedIp } from "~/leads/ip-trust.server";
import { recordReferral } from "~/leads/referral-record.server";
import { domainOf, holdReasonsFor, isFreeMail, registrableDomain } from "~/referrals/holds";
import { networkOf } from "~/utils/ip-list";
import { referralsOf } from "~/referrals/referrals.server";
import { standingOfLead } from "~/standing/standing.server";
import { insertParents } from "./helpers/bulk-parents";
import { testContext } from "./helpers/context";
import { emptyTables, useLocalD1 } from "./helpers/local-d1";

/** The hold rules (docs/decisions/036-holds-and-fairness.md): pure, then through the referral engine on a local D1. */

describe("the hold rules", () => {
  const facts = (over: Partial<{ sameDomain: number; sameNetwork: number; recent: number }> = {}) => ({
    sameDomain: 1,
    sameNetwork: 1,
    recent: 1,
    ...over,
  });

  it("holds at 5 friends at one domain, 5 from one network, 5 in a few minutes; never at 4", () => {
    expect(referralRules.holds.catchAllAddresses).toBeGreaterThanOrEqual(5);
    expect(holdReasonsFor(facts({ sameDomain: 4, sameNetwork: 4, recent: 4 }), "club.example")).toEqual([]);
    expect(holdReasonsFor(facts({ sameDomain: 5 }), "club.example")).toEqual(["catch-all"]);
    expect(holdReasonsFor(facts({ sameNetwork: 5 }), "club.example")).toEqual(["ip-burst"]);
    expect(holdReasonsFor(facts({ recent: 5 }), "club.example")).toEqual(["time-burst"]);
    expect(holdReasonsFor(facts({ sameDomain: 10, sameNetwork: 10, recent: 10 }), "x.example")).toEqual([
      "catch-all",
      "ip-burst",
      "time-burst",
    ]);
  });

  it("never calls free mail a catch-all", () => {
    expect(isFreeMail("Gmail.com")).toBe(true);
    expect(isFreeMail("club.example")).toBe(false);
    expect(holdReasonsFor(facts({ sameDomain: 30 }), "gmail.com")).toEqual([]);
    expect(domainOf("Ann@Club.Example")).toBe("club.example");
  });

  it("groups an address by its registrable domain (public suffix + 1); an unknown TLD is a one-label suffix", () => {
    expect(registrableDomain("s0.corp-b.test")).toBe("corp-b.test");
    expect(registrableDomain("S5.Corp-B.test")).toBe("corp-b.test");
    expect(registrableDomain("corp-b.test")).toBe("corp-b.test");
    expect(registrableDomain("mail.school.co.uk")).toBe("school.co.uk");
    expect(registrableDomain("a.b.club.example")).toBe("club.example");
    expect(registrableDomain("gmail.com")).toBe("gmail.com");
    // Nothing above a public suffix or a single label: the host itself.
    expect(registrableDomain("co.uk")).toBe("co.uk");
    expect(registrableDomain("localhost")).toBe("localhost");
    expect(registrableDomain("")).toBe("");
  });

  it("takes the /24 of IPv4 and the /48 of IPv6 as the network", () => {
    expect(networkOf("198.51.100.23")).toBe("198.51.100.0/24");
    expect(networkOf("198.51.100.200")).toBe(networkOf("198.51.100.1"));
    expect(networkOf("2001:db8:1:2::5")).toBe("2001:db8:1::/48");
    expect(networkOf("2001:0db8:0001:ffff::1")).toBe(networkOf("2001:db8:1::"));
    expect(networkOf("unknown")).toBeNull();
    expect(networkOf("300.1.1.1")).toBeNull();
  });
});

describe("the review queue's and the safelist's forms", () => {
  const form = (entries: [string, string][]) => {
    const body = new FormData();
    for (const [key, value] of entries) body.append(key, value);
    return body;
  };

  it("reads a row's decision at once, a bulk one as a question until confirmed, and refuses the rest", () => {
    expect(
      parseDecision(
        form([
          ["decide", "approve:abc-1"],
          ["ids", "zzz"],
        ]),
      ),
    ).toEqual({ approve: true, ids: ["abc-1"], confirmed: true });
    expect(
      parseDecision(
        form([
          ["intent", "reject"],
          ["ids", "a"],
          ["ids", "b"],
          ["ids", "a"],
        ]),
      ),
    ).toEqual({
      approve: false,
      ids: ["a", "b"],
      confirmed: false,
    });
    expect(
      parseDecision(
        form([
          ["intent", "approve"],
          ["ids", "a"],
          ["confirmed", "yes"],
        ]),
      ),
    ).toMatchObject({ confirmed: true });
    expect(parseDecision(form([["intent", "approve"]]))).toEqual({ error: "none" });
    expect(
      parseDecision(
        form([
          ["intent", "delete"],
          ["ids", "a"],
        ]),
      ),
    ).toEqual({ error: "unknown" });
    expect(parseDecision(form([["decide", "approve:bad id;"]]))).toEqual({ error: "unknown" });
  });

  it("takes one address or CIDR range with the addresses it covers, and refuses ranges wider than /16 or /32", () => {
    expect(parseCidr(" 192.0.2.7 ")).toEqual({ cidr: "192.0.2.7", addresses: 1n });
    expect(parseCidr("192.0.2.0/24")).toEqual({ cidr: "192.0.2.0/24", addresses: 256n });
    expect(parseCidr("2001:DB8::/48")).toEqual({ cidr: "2001:db8::/48", addresses: 2n ** 80n });
    expect(parseCidr("::ffff:10.1.0.0/112")).toEqual({ cidr: "::ffff:10.1.0.0/112", addresses: 65_536n });
    for (const bad of ["", "192.0.2.0/33", "school", "192.0.2.1,192.0.2.2", "300.1.1.1"])
      expect(parseCidr(bad)).toEqual({ error: "invalid" });
    for (const wide of ["0.0.0.0/0", "::/0", "1.2.3.4/0", "10.0.0.0/15", "2001:db8::/31", "::ffff:0.0.0.0/96", "::/32"])
      expect(parseCidr(wide), wide).toEqual({ error: "too-broad" });
  });

  it("trusts nobody through a safelisted range wider than /16 saved before the page refused them", async () => {
    const { ctx } = request();
    await getBackend(ctx).ipSafelist.add({ cidr: "0.0.0.0/0", note: "old", actor: "admin@x.io", at: new Date().toISOString() });
    await getBackend(ctx).ipSafelist.add({ cidr: "203.0.113.0/24", note: "school", actor: "admin@x.io", at: new Date().toISOString() });
    expect(await isTrustedIp(ctx, "198.51.100.7")).toBe(false);
    expect(await isTrustedIp(ctx, "203.0.113.9")).toBe(true);
  });
});

const d1 = useLocalD1();
beforeEach(async () => {
  await emptyTables(d1.db, ["leads", "outbox", "referrals", "ip_safelist", "admin_audit", "analytics_events"]);
});

const request = () => testContext("http://127.0.0.1:8810/confirm", d1.bindings);
let codes = 0;

async function join(email: string, referredBy: string | null = null, ip: string | null = null): Promise<Lead> {
  const { ctx } = request();
  const lead = await getBackend(ctx).leads.create("leads", {
    email,
    referred_by: referredBy,
    step_completed: 3,
    ref_code: `H${String(++codes).padStart(7, "0")}`,
  });
  await recordReferral(ctx, lead, null, undefined, ip);
  return lead;
}

const reload = async (lead: Lead) => (await getBackend(request().ctx).leads.getById("leads", lead.id))!;
const placeOf = async (lead: Lead) => {
  const { standing } = await standingOfLead(request().ctx, await reload(lead));
  return standing.kind === "waiting" ? standing.place : null;
};
/** Moves every referral and lead back by this many milliseconds (signed up that long ago). */
async function backdateBy(ms: number) {
  const at = new Date(Date.now() - ms).toISOString();
  await d1.db.batch([
    d1.db.prepare("UPDATE referrals SET created_at = ?").bind(at),
    d1.db.prepare("UPDATE leads SET created_at = ? WHERE confirm_seq IS NULL").bind(at),
  ]);
}

/** Signs the pending referrals' friends up `minutes` apart, the last one `minutes` ago. */
async function spreadSignUps(minutes: number) {
  const { results } = await d1.db
    .prepare("SELECT id FROM referrals WHERE status = 'pending' ORDER BY created_at, rowid")
    .all<{ id: string }>();
  await d1.db.batch(
    results.map((row, i) =>
      d1.db
        .prepare("UPDATE referrals SET created_at = ? WHERE id = ?")
        .bind(new Date(Date.now() - (results.length - i) * minutes * 60_000).toISOString(), row.id),
    ),
  );
}

/** Each friend confirms `minutes` after the one before, the first `startIn` minutes from now. */
async function confirmApart(friends: Lead[], minutes: number, startIn = 0) {
  const start = Date.now() + startIn * 60_000;
  for (const [i, friend] of friends.entries())
    await referralsOf(request().ctx, () => new Date(start + i * minutes * 60_000)).confirm(friend.id);
}

/** A referrer at place 21 of 21 (the 20 before, nobody's friends, written in one round trip). */
async function referrerAtTheBack() {
  const engine = referralsOf(request().ctx);
  const confirmedAt = new Date().toISOString();
  await insertParents(
    d1.db,
    "leads",
    Array.from({ length: 20 }, (_, i) => ({
      email: `early${i}@gmail.com`,
      step_completed: 3,
      ref_code: `H${String(++codes).padStart(7, "0")}`,
      confirmedAt,
    })),
    referralRules.placesPerCredit,
  );
  const referrer = await join("ref@gmail.com");
  await engine.confirm(referrer.id);
  expect(await placeOf(referrer)).toBe(21);
  return referrer;
}

describe("holds through the referral engine", () => {
  it("10 friends at one catch-all domain are held, move nothing, and an admin's approval moves the place", async () => {
    const referrer = await referrerAtTheBack();
    const friends: Lead[] = [];
    for (let i = 0; i < 10; i++) friends.push(await join(`kid${i}@catchall.example`, referrer.ref_code));
    // Signed up and confirmed 6 minutes apart: no time burst, only the domain.
    await spreadSignUps(6);
    await confirmApart(friends, 6);
    const engine = referralsOf(request().ctx);
    expect(await engine.countsOf(referrer)).toMatchObject({ credited: 0, held: 10 });
    expect((await engine.referralOf(friends[0].id))?.hold_reasons).toBe("catch-all");
    expect(await placeOf(referrer)).toBe(21);
    expect(await d1.db.prepare("SELECT COUNT(*) AS n FROM outbox WHERE template = 'moved-up'").first<{ n: number }>()).toEqual({ n: 0 });

    const held = (await engine.list({ page: 1, pageSize: 50, status: "held" })).rows.map((row) => row.id);
    const admin = request();
    expect(await referralsOf(admin.ctx).decideHeld(held, true)).toHaveLength(10);
    expect(await referralsOf(admin.ctx).decideHeld(held, true)).toHaveLength(0);
    // The funnel counts an approved credit as it counts one granted at once, and only once.
    await admin.settle();
    expect(
      await d1.db.prepare("SELECT COUNT(*) AS n FROM analytics_events WHERE name = 'referral_credited'").first<{ n: number }>(),
    ).toEqual({ n: 10 });
    expect(await engine.countsOf(referrer)).toMatchObject({ credited: 10, held: 0 });
    expect(await placeOf(referrer)).toBe(1);
    expect(await d1.db.prepare("SELECT COUNT(*) AS n FROM outbox WHERE template = 'moved-up'").first<{ n: number }>()).toEqual({ n: 1 });
  });

  it("4 friends at 4 domains, one after another, are credited (nobody who tells four friends is held)", async () => {
    const referrer = await referrerAtTheBack();
    const engine = referralsOf(request().ctx);
    for (const domain of ["a.example", "b.example", "gmail.com", "c.example"]) {
      await engine.confirm((await join(`friend@${domain}`, referrer.ref_code, "198.51.100.7")).id);
    }
    expect(await engine.countsOf(referrer)).toMatchObject({ credited: 4, held: 0 });
  });

  it("5 friends from one /24 within the hour are held for an IP burst, unless the range is safelisted", async () => {
    const referrer = await referrerAtTheBack();
    const engine = referralsOf(request().ctx);
    const friends: Lead[] = [];
    for (let i = 0; i < 5; i++) friends.push(await join(`p${i}@gmail.com`, referrer.ref_code, `198.51.100.${10 + i}`));
    // Out of the time-burst windows (6 minutes apart), in the network window (the last hour).
    await spreadSignUps(6);
    await confirmApart(friends, 6);
    expect(await engine.countsOf(referrer)).toMatchObject({ credited: 0, held: 5 });
    expect((await engine.referralOf(friends[4].id))?.hold_reasons).toBe("ip-burst");

    await getBackend(request().ctx).ipSafelist.add({
      cidr: "203.0.113.0/24",
      note: "club",
      actor: "admin@x.io",
      at: new Date().toISOString(),
    });
    const club: Lead[] = [];
    for (let i = 0; i < 5; i++) club.push(await join(`c${i}@gmail.com`, referrer.ref_code, `203.0.113.${10 + i}`));
    await spreadSignUps(6);
    await confirmApart(club, 6, 60);
    expect(await engine.countsOf(referrer)).toMatchObject({ credited: 5, held: 5 });
  });

  it("6 friends at s0…s5 of one domain, from 6 networks, confirmed 5.5 minutes after signing up, are all held", async () => {
    const referrer = await referrerAtTheBack();
    const friends: Lead[] = [];
    for (let i = 0; i < 6; i++) friends.push(await join(`friend@s${i}.corp-b.test`, referrer.ref_code, `198.51.${100 + i}.7`));
    await backdateBy(5.5 * 60_000);
    const engine = referralsOf(request().ctx);
    for (const friend of friends) await engine.confirm(friend.id);
    expect(await engine.countsOf(referrer)).toMatchObject({ credited: 0, held: 6 });
    for (const friend of friends) expect((await engine.referralOf(friend.id))?.hold_reasons?.split(",")).toContain("catch-all");
    expect(await placeOf(referrer)).toBe(21);
  });

  it("6 friends who signed up within a minute and confirm 5.5 minutes later are held for a time burst", async () => {
    const referrer = await referrerAtTheBack();
    const friends: Lead[] = [];
    for (const domain of ["a.example", "b.example", "c.example", "d.example", "e.example", "f.example"])
      friends.push(await join(`f@${domain}`, referrer.ref_code, `198.51.${friends.length + 100}.7`));
    await backdateBy(5.5 * 60_000);
    const engine = referralsOf(request().ctx);
    for (const friend of friends) await engine.confirm(friend.id);
    expect(await engine.countsOf(referrer)).toMatchObject({ credited: 0, held: 6 });
    expect((await engine.referralOf(friends[0].id))?.hold_reasons).toBe("time-burst");
  });

  it("friends who signed up an hour apart but confirm within 5 minutes are held from the fifth confirmation on", async () => {
    const referrer = await referrerAtTheBack();
    const friends: Lead[] = [];
    for (const domain of ["a.example", "b.example", "c.example", "d.example", "e.example", "f.example"])
      friends.push(await join(`f@${domain}`, referrer.ref_code, `198.51.${friends.length + 100}.7`));
    await spreadSignUps(60);
    const engine = referralsOf(request().ctx);
    for (const friend of friends) await engine.confirm(friend.id);
    expect(await engine.countsOf(referrer)).toMatchObject({ credited: 4, held: 2 });
    expect((await engine.referralOf(friends[4].id))?.hold_reasons).toBe("time-burst");
  });

  it("5 referrals within 5 minutes are held for a time burst", async () => {
    const referrer = await referrerAtTheBack();
    const engine = referralsOf(request().ctx);
    const friends: Lead[] = [];
    for (const domain of ["a.example", "b.example", "c.example", "d.example", "e.example"])
      friends.push(await join(`f@${domain}`, referrer.ref_code));
    for (const friend of friends) await engine.confirm(friend.id);
    expect(await engine.countsOf(referrer)).toMatchObject({ credited: 0, held: 5 });
    expect((await engine.referralOf(friends[0].id))?.hold_reasons).toBe("time-burst");
    const rejected = await engine.decideHeld([(await engine.referralOf(friends[0].id))!.id], false);
    expect(rejected[0]).toMatchObject({ status: "rejected", reason: "review-rejected" });
    expect(await placeOf(referrer)).toBe(21);
  });
});
