import { landing as genius } from "../genius/landing";
import { mergeLayers, type Layer } from "../layers";
import type { LandingContent } from "../schemas/landing";

/** The genius landing page for families of players: what the sport editions share differs in these lines only. */
export const landing = mergeLayers<LandingContent>(genius, {
  hero: {
    ctaLabel: "Get My Player's Free Plan",
    trustIndicators: { 1: { text: "30-day satisfaction guarantee" } },
  },
  dreamOutcome: { buttonLabel: "Start My Free Training Plan" },
  painPoints: {
    title: "Every {sport} parent knows these",
    cards: [null, { icon: "wallet" }, null],
  },
  solution: {
    title: "How {brand} trains your player",
    features: {
      2: { title: "24/7 AI coach for parents" },
      3: { title: "Parents stay in charge" },
    },
    buttonLabel: "Build My Player's Plan",
  },
  credibility: {
    title: "Built the way good coaches train",
    points: { 0: null, 1: null, 2: { title: "Short, safe and sustainable" } },
  },
  finalCta: { title: "Be one of the first 100 {sport} families" },
  clubs: {
    text: "Coming with your {sport} club? Families who join through their club's link count for the club, and when it reaches its milestone the whole team gets in together.",
    linkLabel: "See the clubs or register yours",
  },
} satisfies Layer<LandingContent>);
