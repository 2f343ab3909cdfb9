import type { Plan } from "#content/schemas/plans";

/** Billing cycles (SPEC 9: default monthly). */
const billingCycles = ["monthly", "yearly"] as const;
export type BillingCycle = (typeof billingCycles)[number];
const DEFAULT_BILLING_CYCLE: BillingCycle = "monthly";

type Prices = Pick<Plan, "monthlyPrice" | "yearlyPrice">;

const usd = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Rounds to cents so float noise (179.88 - 149.9) never shows. */
const cents = (amount: number) => Math.round(amount * 100) / 100;

/** Dollars with 2 decimals: 14.99 -> '$14.99', 1990 -> '$1,990.00'. */
export function formatPrice(amount: number): string {
  return usd.format(cents(amount));
}

/** The price per month for a cycle: the monthly price, or yearlyPrice / 12. */
export function pricePerMonth(plan: Prices, cycle: BillingCycle): number {
  return cents(cycle === "yearly" ? plan.yearlyPrice / 12 : plan.monthlyPrice);
}

/** What one billing period costs: the monthly price, or the yearly price. */
export function pricePerCycle(plan: Prices, cycle: BillingCycle): number {
  return cycle === "yearly" ? plan.yearlyPrice : plan.monthlyPrice;
}

/** What paying yearly saves against twelve monthly payments: monthlyPrice * 12 - yearlyPrice. */
export function yearlySaving(plan: Prices): number {
  return cents(plan.monthlyPrice * 12 - plan.yearlyPrice);
}

/** Accepts only the known cycles; anything else gives the default (monthly). */
export function parseBillingCycle(value: unknown): BillingCycle {
  return billingCycles.includes(value as BillingCycle) ? (value as BillingCycle) : DEFAULT_BILLING_CYCLE;
}
