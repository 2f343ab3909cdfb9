import { beforeEach, describe, expect, it, vi } from "vitest";
import { getBackend } from "~/data/backend.server";
import { formPostRefused } from "~/leads/ip-trust.server";
import { admitNewLead } from "~/leads/lead-ip-limit.server";
import { formPostLimited, TOO_MANY_FORM_POSTS } from "~/utils/rate-limit.server";
import { leadsOf } from "~/leads/leads.server";
import { ipInList, limitKeyOf, parseIpList } from "~/utils/ip-list";
import { testContext } from "./helpers/context";
import { emptyTables, useLocalD1 } from "./helpers/local-d1";

/** The per-IP new-lead limit on a real local D1: burst, daily ceiling, allowlist, the ip-burst flag. */

const d1 = useLocalD1();
beforeEach(async () => {
  await emptyTables(d1.db, ["leads", "lead_ip_counts", "lead_ip_members", "ip_safelist"]);
});

const T0 = Date.UTC(2025, 8, 1, 12, 0, 0);
const MINUTE = 60_000;
const request = (ip: string) => new Request("http://127.0.0.1/guide-form", { method: "POST", headers: { "CF-Connecting-IP": ip } });

function context(vars: Record<string, string> = {}) {
  return testContext("http://127.0.0.1/guide-form", {
    DB: d1.db,
    LEAD_IP_BURST_LIMIT: "4",
    LEAD_IP_DAILY_LIMIT: "6",
    LEAD_IP_FLAG_AFTER: "2",
    ...vars,
  }).ctx;
}

async function admitMany(ctx: ReturnType<typeof context>, ip: string, count: number, at: number) {
  const results = [];
  for (let i = 0; i < count; i++) results.push(await admitNewLead(ctx, request(ip), new Date(at)));
  return results;
}

describe("admitNewLead", () => {
  it("counts distinct addresses: a family sending one address again is counted once (ADR 036)", async () => {
    const ctx = context();
    const again = [];
    for (let i = 0; i < 6; i++) again.push(await admitNewLead(ctx, request("203.0.113.9"), new Date(T0), "Ann@Example.com"));
    expect(again.every((r) => r.ok && !r.flag)).toBe(true);
    const others = [];
    for (const who of ["b", "c", "d", "e"])
      others.push(await admitNewLead(ctx, request("203.0.113.9"), new Date(T0), `${who}@example.com`));
    // ann + b, c, d = 4 (the burst limit); e is the fifth address.
    expect(others.map((r) => r.ok)).toEqual([true, true, true, false]);
  });

  it("lets a safelisted range in past every limit", async () => {
    const ctx = context();
    await getBackend(ctx).ipSafelist.add({ cidr: "198.51.100.0/24", note: "school", actor: "admin@x.io", at: new Date(T0).toISOString() });
    const results = await admitMany(ctx, "198.51.100.44", 10, T0);
    expect(results.every((r) => r.ok && !r.flag)).toBe(true);
  });

  it("accepts up to the burst limit in ten minutes, flags the leads past the flag threshold, then refuses with a 429", async () => {
    const results = await admitMany(context(), "203.0.113.7", 5, T0);
    expect(results.slice(0, 4).map((r) => r.ok && r.flag)).toEqual([false, false, true, true]);
    expect(results[4]).toMatchObject({ ok: false, status: 429 });
    expect(!results[4].ok && results[4].message).toMatch(/try again/i);
  });

  it("counts an IPv6 client per /64: new addresses in one /64 are one client", async () => {
    const ctx = context();
    const oneSlash64 = [
      "2001:db8:1:2::1",
      "2001:db8:1:2::2",
      "2001:db8:1:2:ffff:ffff:ffff:fffe",
      "2001:0db8:0001:0002:abcd::9",
      "2001:DB8:1:2::77",
    ];
    const results = [];
    for (const [i, ip] of oneSlash64.entries()) results.push(await admitNewLead(ctx, request(ip), new Date(T0), `v6-${i}@example.com`));
    // Five addresses from one /64 are five leads of one client: the fifth is past the burst limit of 4.
    expect(results.map((r) => r.ok)).toEqual([true, true, true, true, false]);
    // The next /64 is another client.
    expect((await admitNewLead(ctx, request("2001:db8:1:3::1"), new Date(T0), "v6-next@example.com")).ok).toBe(true);
  });

  it("counts each IP on its own", async () => {
    const ctx = context();
    await admitMany(ctx, "203.0.113.7", 5, T0);
    expect(await admitNewLead(ctx, request("203.0.113.8"), new Date(T0))).toEqual({ ok: true, flag: false });
  });

  it("opens again in the next ten minutes, up to the daily ceiling", async () => {
    const ctx = context();
    const first = await admitMany(ctx, "203.0.113.7", 4, T0);
    const later = await admitMany(ctx, "203.0.113.7", 3, T0 + 11 * MINUTE);
    expect([...first, ...later].map((r) => r.ok)).toEqual([true, true, true, true, true, true, false]);
    // The next day starts again.
    expect((await admitNewLead(ctx, request("203.0.113.7"), new Date(T0 + 24 * 60 * MINUTE))).ok).toBe(true);
  });

  it("never limits, counts or flags an allowlisted address or range (a school, a club)", async () => {
    const ctx = context({ LEAD_IP_ALLOWLIST: "198.51.100.0/24, 2001:db8::/32" });
    const results = [...(await admitMany(ctx, "198.51.100.23", 8, T0)), ...(await admitMany(ctx, "2001:db8:1::5", 8, T0))];
    expect(results.every((r) => r.ok && !r.flag)).toBe(true);
    expect((await d1.db.prepare("SELECT COUNT(*) AS n FROM lead_ip_counts").first<{ n: number }>())?.n).toBe(0);
  });

  it("stores a hash of the address, never the address, and cleans expired buckets", async () => {
    await d1.db
      .prepare("INSERT INTO lead_ip_counts (ip_hash, bucket, count, expires_at) VALUES ('old', 'b:1', 9, ?)")
      .bind(new Date(T0 - MINUTE).toISOString())
      .run();
    await admitNewLead(context(), request("203.0.113.7"), new Date(T0));
    const rows = (await d1.db.prepare("SELECT * FROM lead_ip_counts").all<Record<string, unknown>>()).results;
    expect(rows.map((row) => row.ip_hash)).not.toContain("old");
    expect(rows).toHaveLength(2);
    expect(JSON.stringify(rows)).not.toContain("203.0.113.7");
    expect(String(rows[0].ip_hash)).toMatch(/^[0-9a-f]{64}$/);
  });

  it("lets the lead in when the counter cannot be read (a broken counter must not lose real leads)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const broken = testContext("http://127.0.0.1/guide-form", {
      DB: {
        prepare: () => {
          throw new Error("D1 down");
        },
        batch: () => Promise.reject(new Error("D1 down")),
      },
    }).ctx;
    expect(await admitNewLead(broken, request("203.0.113.7"), new Date(T0))).toEqual({ ok: true, flag: false });
  });
});

describe("formPostRefused", () => {
  // FORM_LIMITER as Cloudflare counts it: here every post after the first is over the limit.
  const overLimit = { limit: async () => ({ success: false }) };

  it("refuses a post over the burst limit with the message, and lets a trusted address's post through", async () => {
    const ctx = context({ LEAD_IP_ALLOWLIST: "192.0.2.10" });
    Object.assign(ctx.bindings, { FORM_LIMITER: overLimit });
    expect(await formPostRefused(ctx, request("203.0.113.7"), "form")).toBe(TOO_MANY_FORM_POSTS);
    expect(await formPostRefused(ctx, request("192.0.2.10"), "form")).toBeNull();
    await getBackend(ctx).ipSafelist.add({ cidr: "198.51.100.0/24", note: "club", actor: "admin@x.io", at: new Date(T0).toISOString() });
    expect(await formPostRefused(ctx, request("198.51.100.7"), "form")).toBeNull();
  });
});

describe("leadsOf(ctx).addRiskFlag", () => {
  it("adds the flag once to the lead's risk_flags, keeping flags already there", async () => {
    const ctx = context();
    const lead = await getBackend(ctx).leads.create("leads", { age_bands: ["3-4y"] });
    await d1.db.prepare(`UPDATE leads SET risk_flags = '["disposable-domain"]' WHERE id = ?`).bind(lead.id).run();
    await leadsOf(ctx).addRiskFlag(lead.id, "ip-burst");
    await leadsOf(ctx).addRiskFlag(lead.id, "ip-burst");
    const row = await d1.db.prepare("SELECT risk_flags FROM leads WHERE id = ?").bind(lead.id).first<{ risk_flags: string }>();
    expect(JSON.parse(row!.risk_flags)).toEqual(["disposable-domain", "ip-burst"]);
  });
});

describe("the key per-IP limits count by", () => {
  it.each([
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    ["2001:0DB8:0001:0002:0:0:0:9", "2001:db8:1:2::/64"],
    ["2001:db8:1:2:abcd:ef01:2345:6789", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["2001:db8:1:3::1", "2001:db8:1:3::/64"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["203.0.113.7", "203.0.113.7"],
    ["unknown", "unknown"],
  ])("%s counts as %s", (ip, key) => {
    expect(limitKeyOf(ip)).toBe(key);
  });

  it("keys the form limit per /64 for IPv6 and per address for IPv4", async () => {
    const keys: string[] = [];
    const limiter = { limit: async ({ key }: { key: string }) => (keys.push(key), { success: true }) };
    for (const ip of ["2001:db8:1:2::1", "2001:db8:1:2::beef", "203.0.113.7", "203.0.113.8"])
      await formPostLimited({ FORM_LIMITER: limiter }, request(ip), "form");
    expect(keys).toEqual(["form:2001:db8:1:2::/64", "form:2001:db8:1:2::/64", "form:203.0.113.7", "form:203.0.113.8"]);
  });
});

describe("IP lists", () => {
  it("matches single addresses and CIDR ranges of both families", () => {
    const list = parseIpList("192.0.2.1, 10.0.0.0/8,2001:db8::/32 ,::1");
    expect(ipInList("192.0.2.1", list)).toBe(true);
    expect(ipInList("192.0.2.2", list)).toBe(false);
    expect(ipInList("10.200.3.4", list)).toBe(true);
    expect(ipInList("11.0.0.1", list)).toBe(false);
    expect(ipInList("2001:db8:ffff::1", list)).toBe(true);
    expect(ipInList("2001:db9::1", list)).toBe(false);
    expect(ipInList("::1", list)).toBe(true);
    expect(ipInList("unknown", list)).toBe(false);
  });

  it("refuses an entry that is not an address or range", () => {
    expect(() => parseIpList("10.0.0.0/33")).toThrow();
    expect(() => parseIpList("school.example")).toThrow();
  });
});
