import { describe, expect, it } from "vitest";
import type { Lead, LeadTable } from "~/data/ports/lead-store";
import type { NewRewardStep, RewardStep } from "~/data/ports/reward-store";
import type { ContractBackend } from "./backends";
import { contractSuite } from "./suite";

const T: LeadTable = "leads";
const PLACES = 5;
const at = (minute: number) => new Date(Date.UTC(2025, 8, 1, 12, minute)).toISOString();

/** The behaviour every RewardStore adapter must have: the ladder, the code pool, a step earned once, withdrawal (ADR 035). */
export function rewardStoreContract(name: string, start: () => Promise<ContractBackend>) {
  contractSuite(`RewardStore contract: ${name}`, start, (h) => {
    const store = () => h().rewards;
    const leads = () => h().leads;

    let codes = 0;
    const lead = (email: string, table: LeadTable = T) =>
      leads().create(table, { email, step_completed: 3, ref_code: `W${String(++codes).padStart(7, "0")}`, created_at: at(0) });
    const step = (over: Partial<NewRewardStep> = {}): NewRewardStep => ({
      threshold: 1,
      kind: "download",
      title: "The starter pack",
      description: "A printable plan",
      file: "/downloads/ai-parenting-guide.pdf",
      places: null,
      enabled: true,
      ...over,
    });
    const addStep = async (over: Partial<NewRewardStep> = {}, table: LeadTable = T) =>
      (await store().saveStep(table, step(over), at(1))) as RewardStep;
    const reload = async (row: Lead) => (await leads().getById(T, row.id))!;

    describe("the ladder", () => {
      it("adds, edits and disables steps per table, lowest threshold first; an unknown id is null", async () => {
        const two = await addStep({ threshold: 2, kind: "code", title: "10% off", file: null });
        const one = await addStep();
        await addStep({ threshold: 1, title: "Tennis pack" }, "leads_tennis");
        expect((await store().steps(T)).map((s) => [s.title, s.threshold, s.enabled])).toEqual([
          ["The starter pack", 1, true],
          ["10% off", 2, true],
        ]);
        const edited = await store().saveStep(
          T,
          { ...step({ threshold: 3, kind: "code", title: "15% off", file: null, enabled: false }), id: two.id },
          at(2),
        );
        expect(edited).toMatchObject({ id: two.id, threshold: 3, title: "15% off", enabled: false, updated_at: at(2), created_at: at(1) });
        expect((await store().steps(T)).map((s) => s.id)).toEqual([one.id, two.id]);
        expect(await store().saveStep(T, { ...step(), id: crypto.randomUUID() }, at(3))).toBeNull();
        expect(await store().saveStep("leads_tennis", { ...step(), id: one.id }, at(3))).toBeNull();
      });
    });

    describe("an identical active step", () => {
      it("is refused, also for parallel adds; a switched-off twin or another table's step is not in the way", async () => {
        const answers = await Promise.all([store().saveStep(T, step(), at(1)), store().saveStep(T, step(), at(1))]);
        expect(answers.filter((answer) => answer === "duplicate")).toHaveLength(1);
        expect(await store().saveStep(T, step(), at(2))).toBe("duplicate");
        expect((await store().steps(T)).map((s) => s.title)).toEqual(["The starter pack"]);
        // Editing another step into the same one is refused too; a switched-off copy may stay.
        const other = await addStep({ title: "Another pack" });
        expect(await store().saveStep(T, { ...step(), id: other.id }, at(3))).toBe("duplicate");
        expect(await store().saveStep(T, { ...step({ enabled: false }), id: other.id }, at(3))).toMatchObject({ enabled: false });
        expect(await store().saveStep("leads_tennis", step(), at(3))).toMatchObject({ title: "The starter pack" });
      });
    });

    describe("the code pool", () => {
      it("adds codes once each and counts what remains; only a code step of the table takes codes", async () => {
        const codeStep = await addStep({ threshold: 2, kind: "code", file: null });
        const download = await addStep();
        expect(await store().addCodes(T, codeStep.id, ["A1", "A2", "A1"], at(2))).toBe(2);
        expect(await store().addCodes(T, codeStep.id, ["A2", "A3"], at(3))).toBe(1);
        expect(await store().addCodes(T, download.id, ["X"], at(3))).toBe(0);
        expect(await store().addCodes("leads_tennis", codeStep.id, ["X"], at(3))).toBe(0);
        expect(await store().codeStock(T)).toEqual([{ step_id: codeStep.id, remaining: 3, used: 0 }]);
      });
    });

    describe("earn", () => {
      it("20 parallel settles at a threshold give one reward and use one code", async () => {
        const parent = await lead("p@x.io");
        const codeStep = await addStep({ threshold: 2, kind: "code", file: null });
        await store().addCodes(T, codeStep.id, ["FIRST", "SECOND", "THIRD"], at(2));
        const results = await Promise.all(Array.from({ length: 20 }, () => store().earn(T, parent.id, codeStep.id, at(5))));
        expect(results.filter((result) => result?.earnedNow)).toHaveLength(1);
        expect(new Set(results.map((result) => result?.reward.id)).size).toBe(1);
        expect(results.every((result) => result?.reward.code === "FIRST")).toBe(true);
        expect(await store().earnedBy(T, parent.id)).toHaveLength(1);
        expect(await store().codeStock(T)).toEqual([{ step_id: codeStep.id, remaining: 2, used: 1 }]);
      });

      it("gives two parents two codes, oldest first; with an empty pool the code waits and comes on the next earn", async () => {
        const a = await lead("a@x.io");
        const b = await lead("b@x.io");
        const codeStep = await addStep({ threshold: 1, kind: "code", file: null });
        await store().addCodes(T, codeStep.id, ["ONLY"], at(2));
        expect((await store().earn(T, a.id, codeStep.id, at(3)))?.reward.code).toBe("ONLY");
        const waiting = await store().earn(T, b.id, codeStep.id, at(4));
        expect(waiting).toMatchObject({ earnedNow: true, reward: { code: null } });
        await store().addCodes(T, codeStep.id, ["LATER"], at(5));
        expect(await store().earn(T, b.id, codeStep.id, at(6))).toMatchObject({ earnedNow: false, reward: { code: "LATER" } });
        expect(await store().earn(T, b.id, crypto.randomUUID(), at(6))).toBeNull();
      });

      it("a places step moves the place by its bonus, which later recounts keep; withdrawing removes it", async () => {
        const parent = await lead("p@x.io");
        const friend = await lead("f@x.io");
        await h().referrals.confirmLead(T, parent.id, at(1), PLACES);
        const bonus = await addStep({ threshold: 1, kind: "places", places: 3, file: null });
        const earned = (await store().earn(T, parent.id, bonus.id, at(2)))!;
        expect(earned.reward).toMatchObject({ kind: "places", places: 3, delivered_at: at(2) });
        expect(await reload(parent)).toMatchObject({ place_score: 1 - 3 });
        await h().referrals.record(
          T,
          {
            referred_id: friend.id,
            referrer_id: parent.id,
            ref_code: parent.ref_code ?? "",
            variant: "genius",
            status: "pending",
            reason: null,
          },
          at(3),
        );
        await h().referrals.credit(T, friend.id, at(4), PLACES);
        expect(await reload(parent)).toMatchObject({ place_score: 1 - PLACES - 3, referral_count: 1 });
        expect(await store().withdraw(T, earned.reward.id, at(5))).toMatchObject({ withdrawn_at: at(5), flagged_at: null });
        expect(await reload(parent)).toMatchObject({ place_score: 1 - PLACES });
        // A bonus earned before the parent confirmed counts from their confirmation on.
        const early = await lead("e@x.io");
        await store().earn(T, early.id, bonus.id, at(6));
        expect((await h().referrals.confirmLead(T, early.id, at(7), PLACES))?.lead.place_score).toBe(2 - 3);
      });
    });

    describe("withdraw", () => {
      it("withdraws an undelivered reward and its code goes back to the pool; earning it again reinstates it once", async () => {
        const parent = await lead("p@x.io");
        const codeStep = await addStep({ threshold: 2, kind: "code", file: null });
        await store().addCodes(T, codeStep.id, ["C1"], at(1));
        const { reward } = (await store().earn(T, parent.id, codeStep.id, at(2)))!;
        expect(await store().withdraw(T, reward.id, at(3))).toMatchObject({ withdrawn_at: at(3), code: null, flagged_at: null });
        expect(await store().withdraw(T, reward.id, at(4))).toBeNull();
        expect(await store().codeStock(T)).toEqual([{ step_id: codeStep.id, remaining: 1, used: 0 }]);
        const again = await Promise.all([1, 2, 3].map(() => store().earn(T, parent.id, codeStep.id, at(5))));
        expect(again.filter((result) => result?.earnedNow)).toHaveLength(1);
        expect(again[0]?.reward).toMatchObject({ id: reward.id, withdrawn_at: null, code: "C1" });
      });

      it("keeps a delivered reward and flags it; back at the threshold the flag goes", async () => {
        const parent = await lead("p@x.io");
        const download = await addStep();
        const { reward } = (await store().earn(T, parent.id, download.id, at(1)))!;
        expect(await store().markDelivered(T, reward.id, at(2))).toMatchObject({ delivered_at: at(2) });
        expect(await store().markDelivered(T, reward.id, at(3))).toMatchObject({ delivered_at: at(2) });
        expect(await store().withdraw(T, reward.id, at(4))).toMatchObject({ withdrawn_at: null, flagged_at: at(4), delivered_at: at(2) });
        expect(await store().earn(T, parent.id, download.id, at(5))).toMatchObject({ earnedNow: false, reward: { flagged_at: null } });
      });
    });

    describe("the reward.earned fact (ADR 046)", () => {
      it("is written with the earning, by the one call that earns; a repeat and a reinstatement write no other", async () => {
        const parent = await lead("p@x.io");
        const download = await addStep();
        const earned = await Promise.all([1, 2, 3].map(() => store().earn(T, parent.id, download.id, at(2))));
        const { reward } = earned.find((result) => result?.earnedNow)!;
        await store().withdraw(T, reward.id, at(3));
        expect(await store().earn(T, parent.id, download.id, at(4))).toMatchObject({ earnedNow: true });
        const facts = (await h().facts.unhandled("2100-01-01T00:00:00.000Z", 10)).filter((fact) => fact.type === "reward.earned");
        expect(facts).toEqual([
          {
            id: `reward.earned:${T}:${reward.id}`,
            type: "reward.earned",
            payload: { reward_id: reward.id, lead_id: parent.id, step_id: download.id, kind: "download", threshold: 1 },
            created_at: at(2),
            handled_at: null,
          },
        ]);
      });
    });

    describe("a deleted lead", () => {
      it("takes its rewards along: an unshown code goes back to the pool, a shown one stays used", async () => {
        const a = await lead("a@x.io");
        const b = await lead("b@x.io");
        const codeStep = await addStep({ threshold: 1, kind: "code", file: null });
        await store().addCodes(T, codeStep.id, ["A", "B"], at(1));
        await store().earn(T, a.id, codeStep.id, at(2));
        const shown = (await store().earn(T, b.id, codeStep.id, at(3)))!.reward;
        await store().markDelivered(T, shown.id, at(4));
        expect(await leads().deleteMany(T, [a.id, b.id])).toHaveLength(2);
        expect(await store().ledger(T)).toEqual([]);
        expect(await store().codeStock(T)).toEqual([{ step_id: codeStep.id, remaining: 1, used: 1 }]);
      });
    });

    describe("ledger", () => {
      it("lists earned rewards newest first with the e-mail and title; the to-do list holds undelivered perks only", async () => {
        const a = await lead("a@x.io");
        const b = await lead("b@x.io");
        const perk = await addStep({ threshold: 3, kind: "perk", title: "A call with the coach", file: null });
        const download = await addStep();
        await store().earn(T, a.id, download.id, at(1));
        const aPerk = (await store().earn(T, a.id, perk.id, at(2)))!.reward;
        const bPerk = (await store().earn(T, b.id, perk.id, at(3)))!.reward;
        expect((await store().ledger(T)).map((row) => [row.email, row.title, row.threshold])).toEqual([
          ["b@x.io", "A call with the coach", 3],
          ["a@x.io", "A call with the coach", 3],
          ["a@x.io", "The starter pack", 1],
        ]);
        await store().markDelivered(T, aPerk.id, at(4), "admin@x.io");
        expect((await store().get(T, aPerk.id))?.done_by).toBe("admin@x.io");
        expect((await store().ledger(T, { perksToDo: true })).map((row) => row.id)).toEqual([bPerk.id]);
        expect((await store().earnedBy(T, a.id)).map((row) => row.step_id)).toEqual([download.id, perk.id]);
        expect(await store().ledger("leads_tennis")).toEqual([]);
      });
    });
  });
}
