import { beforeEach, describe, expect, it } from "vitest";
import { spotsOf } from "~/standing/standing";
import { getPage } from "#content/index";
import { sumCards, variantCards, viralCoefficient } from "~/admin/cards";
import { CSV_COLUMNS, consoleCellText, formatUtc } from "~/admin/columns";
import { MAX_BULK_IDS, parseBulk } from "~/admin/bulk";
import { csvField, isFormulaLike } from "~/admin/csv";
import { clampPage, lastPage, listOptions, parseListQuery } from "~/admin/list-query";
import { createD1LeadStore } from "~/data/d1/lead-store.server";
import { LEAD_TABLES, PENDING_EMAIL, withLeadDefaults } from "~/data/lead-model";
import type { LeadStats } from "~/data/ports/lead-store";
import { createD1ReferralStore } from "~/data/d1/referral-store.server";
import { emptyTables, useLocalD1 } from "./helpers/local-d1";

const copy = getPage("genius", "admin");

function form(entries: [string, string][]) {
  const data = new FormData();
  for (const [key, value] of entries) data.append(key, value);
  return data;
}

describe("CSV formula guard", () => {
  it("leaves valid e-mail addresses that start with + or - as typed", () => {
    for (const email of ["+1-cmd@example.com", "-dash@example.org", "+tag+more@mail.example.co.uk", "plain@example.com"]) {
      expect(isFormulaLike(email)).toBe(false);
      expect(csvField(email)).toBe(email);
    }
  });

  it("still neutralises formulas, including DDE and ones dressed up around an @", () => {
    const attacks = [
      '=HYPERLINK("http://evil.example","click")',
      "@SUM(1+1)*cmd|' /C calc'!A0",
      "+cmd|' /C calc'!A0",
      "-2+3+cmd|' /C calc'!A0",
      "+SUM(A1:A2)@example.com",
      "-1+1",
      "=1@example.com",
      "\t=1",
      "\r=1",
    ];
    for (const value of attacks) {
      expect(isFormulaLike(value), value).toBe(true);
      expect(csvField(value).replace(/^"/, "").startsWith("'"), value).toBe(true);
    }
  });
});

describe("list query paging and search", () => {
  it("clamps a page past the end to the last page", () => {
    const query = parseListQuery(new URLSearchParams("page=99"));
    expect(lastPage(51)).toBe(2);
    expect(lastPage(0)).toBe(1);
    expect(clampPage(query, 51).page).toBe(2);
    expect(clampPage(query, 0).page).toBe(1);
    expect(clampPage(parseListQuery(new URLSearchParams("page=2")), 51).page).toBe(2);
  });

  it("searches e-mail and referral code with one box", () => {
    expect(listOptions(parseListQuery(new URLSearchParams("q=ABC123"))).filters).toMatchObject({ search: "ABC123" });
  });
});

describe("waitlist cards", () => {
  const stats = (over: Partial<LeadStats>): LeadStats => ({
    total: 0,
    completed: 0,
    bySource: {},
    byPlan: {},
    referrals: 0,
    confirmed: 0,
    today: 0,
    week: 0,
    incomplete: 0,
    ...over,
  });

  it("shows a variant's first-wave spots (capacity less admitted, not less confirmed) and sums variants, incomplete leads apart", () => {
    const genius = variantCards("genius", stats({ confirmed: 30, referrals: 12, today: 2, week: 9, incomplete: 4 }), spotsOf(30));
    const hockey = variantCards("icehockey", stats({ confirmed: 120, referrals: 3, today: 1, week: 1, incomplete: 1 }), spotsOf(120));
    const tennis = variantCards("tennis", stats({ confirmed: 7 }), spotsOf(0));
    expect(genius.firstWave).toEqual({ spots: 100, left: 70 });
    expect(hockey.firstWave).toEqual({ spots: 100, left: 0 });
    const all = sumCards([genius, hockey, tennis]);
    expect(all).toMatchObject({ confirmed: 157, credited: 15, viral: "0.10", today: 3, week: 10, incomplete: 5 });
    expect(all.variants.map((v) => v.firstWave.left)).toEqual([70, 0, 100]);
    expect(tennis.firstWave).toEqual({ spots: 100, left: 100 });
  });

  it("gives the viral coefficient with two decimals, 0.00 before anyone confirmed", () => {
    expect(viralCoefficient(0, 0)).toBe("0.00");
    expect(viralCoefficient(2, 3)).toBe("0.67");
    expect(viralCoefficient(5, 2)).toBe("2.50");
  });
});

describe("bulk requests", () => {
  it("refuses no ids, an unknown intent and too many ids", () => {
    expect(parseBulk(form([["intent", "bulk-delete"]]))).toEqual({ error: "none" });
    expect(
      parseBulk(
        form([
          ["intent", "drop-table"],
          ["ids", "a"],
        ]),
      ),
    ).toEqual({ error: "unknown" });
    const many = Array.from({ length: MAX_BULK_IDS + 1 }, (_, i) => ["ids", `id-${i}`] as [string, string]);
    expect(parseBulk(form([["intent", "bulk-revoke"], ...many]))).toEqual({ error: "tooMany" });
  });

  it("deduplicates, drops malformed ids, and takes the whole page with select-all", () => {
    expect(
      parseBulk(
        form([
          ["intent", "bulk-delete"],
          ["ids", "a"],
          ["ids", "a"],
          ["ids", "x' OR 1"],
        ]),
      ),
    ).toEqual({
      intent: "bulk-delete",
      ids: ["a"],
    });
    expect(
      parseBulk(
        form([
          ["intent", "bulk-export"],
          ["all", "on"],
          ["page_ids", "a"],
          ["page_ids", "b"],
          ["ids", "a"],
        ]),
      ),
    ).toEqual({
      intent: "bulk-export",
      ids: ["a", "b"],
    });
  });
});

describe("console cells", () => {
  const lead = {
    id: "l1",
    ...withLeadDefaults({ email: "a@b.co", plan_chosen: "growth", risk_flags: ["ip-burst"], utm_term: "t" }),
    place: 7,
  };
  const labels = { ...copy, planNames: { growth: "Growth plan" }, flags: copy.referrals.flags };

  it("shows plan names, places, flags and every field for the CSV", () => {
    expect(consoleCellText(lead, "plan_chosen", labels)).toBe("Growth plan");
    expect(consoleCellText(lead, "place", labels)).toBe("7");
    expect(consoleCellText(lead, "risk_flags", labels)).toBe(copy.referrals.flags["ip-burst"]);
    expect(consoleCellText(lead, "utm_term", labels)).toBe("t");
    expect(consoleCellText(lead, "variant", labels, "Genius")).toBe("Genius");
    for (const column of [
      "utm_source",
      "utm_medium",
      "utm_campaign",
      "utm_term",
      "utm_content",
      "ref_code",
      "email_verified",
      "referral_count",
      "place",
      "risk_flags",
    ]) {
      expect(CSV_COLUMNS).toContain(column);
    }
  });

  it("writes times with their time zone", () => {
    expect(formatUtc("2026-11-23T01:30:12.345Z")).toBe("2026-11-23 01:30 UTC");
  });
});

describe("D1: search, stats, places, bulk delete", () => {
  const local = useLocalD1();
  beforeEach(async () => {
    await emptyTables(local.db, [...LEAD_TABLES, "referrals"]);
  });

  it("finds a lead by a long e-mail or by its ref code (no LIKE pattern limit)", async () => {
    const store = createD1LeadStore(local.db);
    const long = `${"a".repeat(60)}.parent@example.com`;
    await store.create("leads", { email: long, ref_code: "ZX81QL" });
    await store.create("leads", { email: "other@example.com", ref_code: "QQ1234" });
    expect((await store.list("leads", { filters: { search: long.toUpperCase() } })).rows.map((r) => r.email)).toEqual([long]);
    expect((await store.list("leads", { filters: { search: "zx81" } })).rows.map((r) => r.email)).toEqual([long]);
    expect((await store.list("leads", { filters: { email: long } })).total).toBe(1);
    expect((await store.list("leads", { filters: { search: "%" } })).total).toBe(0);
  });

  it("leaves placeholder leads out of every total and counts them as incomplete", async () => {
    const store = createD1LeadStore(local.db);
    const now = new Date("2026-11-23T12:00:00Z");
    await store.create("leads", {
      email: "today@example.com",
      step_completed: 3,
      plan_chosen: "growth",
      created_at: "2026-11-23T08:00:00Z",
    });
    await store.create("leads", { email: "week@example.com", created_at: "2026-11-19T08:00:00Z" });
    await store.create("leads", { email: "old@example.com", created_at: "2026-10-01T08:00:00Z" });
    await store.create("leads", { created_at: "2026-11-23T09:00:00Z" });
    await store.create("leads", { email: PENDING_EMAIL, created_at: "2026-11-23T10:00:00Z" });
    const stats = await store.stats("leads", now);
    expect(stats).toMatchObject({ total: 3, completed: 1, today: 1, week: 2, incomplete: 2, confirmed: 0 });
    expect(stats.bySource).toEqual({ main_funnel: 3 });
    // The admin's list shows the parents the total counts, no placeholder row to edit or delete.
    const list = await store.list("leads", listOptions(parseListQuery(new URLSearchParams())));
    expect(list.total).toBe(stats.total);
    expect(list.rows.map((row) => row.email)).not.toContain(PENDING_EMAIL);
  });

  it("reads a page's places in one query, the same as one by one", async () => {
    const leads = createD1LeadStore(local.db);
    const referrals = createD1ReferralStore(local.db);
    const rows = [];
    for (let i = 0; i < 4; i++) rows.push(await leads.create("leads", { email: `p${i}@example.com` }));
    for (const row of rows.slice(0, 3)) await referrals.confirmLead("leads", row.id, new Date().toISOString(), 5);
    const ids = rows.map((row) => row.id);
    const places = await referrals.placesOf("leads", ids);
    for (const row of rows) {
      const fresh = (await leads.getById("leads", row.id))!;
      expect(places[row.id]).toBe(await referrals.placeOf("leads", fresh));
    }
    expect(places[rows[3].id]).toBeNull();
    expect(await referrals.placesOf("leads", [])).toEqual({});
    // The whole line, read once for a full export, ranks the same way.
    const line = await referrals.line("leads");
    expect(line).toHaveLength(3);
    for (const [index, id] of line.entries()) expect(places[id]).toBe(index + 1);
  });

  it("deletes a selection once: a repeat removes nothing", async () => {
    const store = createD1LeadStore(local.db);
    const [a, b, c] = await Promise.all(["a", "b", "c"].map((n) => store.create("leads_tennis", { email: `${n}@example.com` })));
    expect((await store.deleteMany("leads_tennis", [a.id, b.id])).sort()).toEqual([a.id, b.id].sort());
    expect(await store.deleteMany("leads_tennis", [a.id, b.id])).toEqual([]);
    expect((await store.list("leads_tennis")).rows.map((r) => r.id)).toEqual([c.id]);
  });
});
