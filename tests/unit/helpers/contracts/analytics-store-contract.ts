import { expect, it } from "vitest";
import type { AnalyticsEvent, CountsFilter } from "~/data/ports/analytics-store";
import { analyticsEvent } from "../analytics-event";
import type { ContractBackend } from "./backends";
import { contractSuite } from "./suite";

const DAY = "2025-09-10";
const YESTERDAY = "2025-09-09";
const PLACES = 5;

const event = (overrides: Partial<AnalyticsEvent> = {}) => analyticsEvent(DAY, overrides);

/** The behaviour every AnalyticsStore adapter must have: once per session, the daily counts, the referral figures, the clean-up. */
export function analyticsStoreContract(name: string, start: () => Promise<ContractBackend>) {
  contractSuite(`AnalyticsStore contract: ${name}`, start, (h) => {
    const store = () => h().analytics;

    const counts = (filter: Partial<CountsFilter> = {}) =>
      store().dailyCounts({ variants: ["genius"], from: DAY, to: DAY, utmSource: null, utmCampaign: null, ...filter });
    const sum = async (filter: Partial<CountsFilter> = {}) => (await counts(filter)).reduce((total, row) => total + row.count, 0);

    it("counts an event once per session, variant and name, and every event without a session", async () => {
      expect(await store().record(event({ sessionId: "a" }))).toBe(true);
      expect(await store().record(event({ sessionId: "a" }))).toBe(false);
      expect(await store().record(event({ sessionId: "a", variant: "tennis" }))).toBe(true);
      expect(await store().record(event({ sessionId: "a", name: "form_step1_done" }))).toBe(true);
      expect(await store().record(event({ sessionId: null }))).toBe(true);
      expect(await store().record(event({ sessionId: null }))).toBe(true);
      expect((await counts()).sort((x, y) => x.name.localeCompare(y.name))).toEqual([
        { day: DAY, name: "form_step1_done", count: 1 },
        { day: DAY, name: "landing_view", count: 3 },
      ]);
    });

    it("parallel records of one session's event count it once", async () => {
      const results = await Promise.all(Array.from({ length: 8 }, () => store().record(event({ sessionId: "same" }))));
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await sum()).toBe(1);
    });

    it("filters the counts by variant, days, source and campaign", async () => {
      await Promise.all([
        store().record(event({ utmCampaign: "spring", utmSource: "fb" })),
        store().record(event({ utmCampaign: "spring", utmSource: "google" })),
        store().record(event({ utmCampaign: "autumn", utmSource: "fb" })),
        store().record(event({ utmCampaign: "spring", utmSource: "fb", day: YESTERDAY })),
        store().record(event({ utmCampaign: "spring", utmSource: "fb", variant: "icehockey" })),
      ]);
      expect(await sum()).toBe(3);
      expect(await sum({ utmCampaign: "spring" })).toBe(2);
      expect(await sum({ utmSource: "fb" })).toBe(2);
      expect(await sum({ utmCampaign: "spring", utmSource: "fb" })).toBe(1);
      expect(await sum({ utmCampaign: "none-such" })).toBe(0);
      expect(await sum({ from: YESTERDAY })).toBe(4);
      expect(await counts({ from: YESTERDAY, utmCampaign: "spring", utmSource: "fb" })).toEqual(
        expect.arrayContaining([
          { day: YESTERDAY, name: "landing_view", count: 1 },
          { day: DAY, name: "landing_view", count: 1 },
        ]),
      );
      expect(await sum({ variants: ["genius", "icehockey", "tennis"] })).toBe(4);
      expect(await sum({ variants: [] })).toBe(0);
    });

    it("keeps each funnel's confirmations apart, per name, in one variant and summed over all", async () => {
      const confirm = (name: string, variant: string, n: number) =>
        Promise.all(Array.from({ length: n }, () => store().record(event({ name, variant, sessionId: null }))));
      await confirm("email_confirmed", "genius", 2);
      await confirm("guide_confirmed", "genius", 3);
      await confirm("tips_confirmed", "tennis", 1);
      await confirm("email_confirmed", "tennis", 1);
      const byName = async (variants: string[]) =>
        Object.fromEntries((await counts({ variants })).map((row) => [row.name, row.count]) as Array<[string, number]>);
      expect(await byName(["genius"])).toEqual({ email_confirmed: 2, guide_confirmed: 3 });
      expect(await byName(["genius", "icehockey", "tennis"])).toEqual({ email_confirmed: 3, guide_confirmed: 3, tips_confirmed: 1 });
    });

    it("deletes raw events of days before a day and keeps the daily counts", async () => {
      await store().record(event({ day: YESTERDAY }));
      await store().record(event({ day: YESTERDAY }));
      await store().record(event());
      expect(await store().deleteEventsBefore(DAY)).toBe(2);
      expect(await store().deleteEventsBefore(DAY)).toBe(0);
      expect(await sum({ from: YESTERDAY })).toBe(3);
    });

    it("gives the top referrers of a period with their flags, and the hours to a first credit, per table", async () => {
      const joined = "2025-09-07T12:00:00.000Z";
      const credit = "2025-09-10T12:00:00.000Z";
      const top = await h().leads.create("leads", {
        email: "top@example.com",
        step_completed: 3,
        ref_code: "TOP00001",
        created_at: joined,
      });
      const second = await h().leads.create("leads", {
        email: "second@example.com",
        step_completed: 3,
        ref_code: "SEC00001",
        created_at: joined,
      });
      await h().leads.update("leads", top.id, { risk_flags: ["fast-referrals"] });
      const ledger = [
        [top, "credited"],
        [top, "credited"],
        [top, "pending"],
        [second, "credited"],
        [second, "rejected"],
      ] as const;
      for (const [referrer, status] of ledger) {
        const referred = await h().leads.create("leads", { email: `${crypto.randomUUID()}@example.com`, created_at: joined });
        await h().referrals.record(
          "leads",
          {
            referred_id: referred.id,
            referrer_id: referrer.id,
            ref_code: referrer.ref_code!,
            variant: "genius",
            status: status === "rejected" ? "rejected" : "pending",
            reason: status === "rejected" ? "duplicate-email" : null,
          },
          credit,
        );
        if (status === "credited") await h().referrals.credit("leads", referred.id, credit, PLACES);
      }
      const [genius, tennis] = await store().referralFigures(
        ["leads", "leads_tennis"],
        "2025-09-10T00:00:00.000Z",
        "2025-09-11T00:00:00.000Z",
        10,
      );
      expect(
        genius.referrers.map((row) => [row.table, row.email, row.refCode, row.credited, row.pending, row.rejected, row.riskFlags]),
      ).toEqual([
        ["leads", "top@example.com", "TOP00001", 2, 1, 0, ["fast-referrals"]],
        ["leads", "second@example.com", "SEC00001", 1, 0, 1, []],
      ]);
      expect(genius.referrers[0].referrerId).toBe(top.id);
      expect(genius.hoursToFirstCredit.sort()).toEqual([72, 72]);
      expect(tennis).toEqual({ referrers: [], hoursToFirstCredit: [] });
      const limited = await store().referralFigures(["leads"], "2025-09-10T00:00:00.000Z", "2025-09-11T00:00:00.000Z", 1);
      expect(limited[0].referrers.map((row) => row.email)).toEqual(["top@example.com"]);
      const before = await store().referralFigures(["leads"], "2025-09-01T00:00:00.000Z", "2025-09-10T00:00:00.000Z", 10);
      expect(before[0]).toEqual({ referrers: [], hoursToFirstCredit: [] });
    });
  });
}
