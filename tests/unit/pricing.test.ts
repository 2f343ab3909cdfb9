import { describe, expect, it } from "vitest";
import { getPage, type ContentKey } from "#content/index";
import { formatPrice, parseBillingCycle, pricePerCycle, pricePerMonth, yearlySaving } from "~/plans/pricing";

// [variant, plan id, monthly per month, yearly per month, billed yearly, yearly saving] (SPEC 9).
const expected: [ContentKey, string, string, string, string, string][] = [
  ["genius", "starter", "$14.99", "$12.49", "$149.90", "$29.98"],
  ["genius", "growth", "$19.99", "$16.66", "$199.90", "$39.98"],
  ["genius", "genius", "$29.99", "$24.99", "$299.90", "$59.98"],
  ["genius", "pro", "$89.99", "$74.99", "$899.90", "$179.98"],
  ["icehockey", "practice", "$59.00", "$49.17", "$590.00", "$118.00"],
  ["icehockey", "compete", "$99.00", "$82.50", "$990.00", "$198.00"],
  ["icehockey", "champion", "$199.00", "$165.83", "$1,990.00", "$398.00"],
  ["icehockey", "pro-academy", "$499.00", "$415.83", "$4,990.00", "$998.00"],
  ["tennis", "practice", "$49.00", "$40.83", "$490.00", "$98.00"],
  ["tennis", "compete", "$99.00", "$82.50", "$990.00", "$198.00"],
  ["tennis", "champion", "$199.00", "$165.83", "$1,990.00", "$398.00"],
  ["tennis", "pro-academy", "$499.00", "$415.83", "$4,990.00", "$998.00"],
];

describe("plan prices per cycle (SPEC 9 billing)", () => {
  it.each(expected)("%s %s: %s/mo monthly, %s/mo yearly, %s a year, saves %s", (key, id, monthly, yearly, billedYearly, saving) => {
    const plan = getPage(key, "plans").plans.find((p) => p.id === id);
    expect(plan, `${key} has plan ${id}`).toBeDefined();
    expect(formatPrice(pricePerMonth(plan!, "monthly"))).toBe(monthly);
    expect(formatPrice(pricePerMonth(plan!, "yearly"))).toBe(yearly);
    expect(formatPrice(pricePerCycle(plan!, "monthly"))).toBe(monthly);
    expect(formatPrice(pricePerCycle(plan!, "yearly"))).toBe(billedYearly);
    expect(formatPrice(yearlySaving(plan!))).toBe(saving);
  });

  it("covers every plan of every variant", () => {
    const all = (["genius", "icehockey", "tennis"] as const).flatMap((key) =>
      getPage(key, "plans").plans.map((plan) => `${key}/${plan.id}`),
    );
    expect(all.sort()).toEqual(expected.map(([key, id]) => `${key}/${id}`).sort());
  });
});

describe("formatPrice", () => {
  it.each([
    [0, "$0.00"],
    [5, "$5.00"],
    [12.491666, "$12.49"],
    [16.658333, "$16.66"],
    [179.88 - 149.9, "$29.98"],
    [4990, "$4,990.00"],
  ])("%d -> %s", (amount, text) => {
    expect(formatPrice(amount)).toBe(text);
  });
});

describe("parseBillingCycle", () => {
  it.each([
    ["yearly", "yearly"],
    ["monthly", "monthly"],
    [null, "monthly"],
    ["weekly", "monthly"],
  ])("%s -> %s", (value, cycle) => {
    expect(parseBillingCycle(value)).toBe(cycle);
  });
});
