import type { LeadStats } from "~/data/ports/lead-store";
import type { Spots } from "~/standing/standing";
import type { ContentKey } from "~/utils/variant";

/**
 * The waitlist cards of the console: one variant's figures, and the sum of several. Pure, shared by
 * server and browser. Abandoned placeholder leads are already left out of every figure by the
 * store and come only as `incomplete`.
 */
export type VariantCards = {
  key: ContentKey;
  confirmed: number;
  firstWave: { spots: number; left: number };
  credited: number;
  today: number;
  week: number;
  incomplete: number;
};

export type ConsoleCards = {
  confirmed: number;
  credited: number;
  /** Credited referrals per confirmed parent, two decimals ("0.00" before anyone confirmed). */
  viral: string;
  today: number;
  week: number;
  incomplete: number;
  /** Each variant's own figures (first-wave spots are per variant, so they are never summed). */
  variants: VariantCards[];
};

/** `spots`: the variant's first-wave spots (capacity less those admitted), as the parent page shows them. */
export function variantCards(key: ContentKey, stats: LeadStats, spots: Spots): VariantCards {
  return {
    key,
    confirmed: stats.confirmed,
    firstWave: { spots: spots.capacity, left: spots.left },
    credited: stats.referrals,
    today: stats.today,
    week: stats.week,
    incomplete: stats.incomplete,
  };
}

export function viralCoefficient(credited: number, confirmed: number): string {
  return (confirmed > 0 ? credited / confirmed : 0).toFixed(2);
}

export function sumCards(variants: VariantCards[]): ConsoleCards {
  const sum = (pick: (card: VariantCards) => number) => variants.reduce((total, card) => total + pick(card), 0);
  const confirmed = sum((card) => card.confirmed);
  const credited = sum((card) => card.credited);
  return {
    confirmed,
    credited,
    viral: viralCoefficient(credited, confirmed),
    today: sum((card) => card.today),
    week: sum((card) => card.week),
    incomplete: sum((card) => card.incomplete),
    variants,
  };
}
