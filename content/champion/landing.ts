import type { LandingContent } from "../schemas/landing";
import type { Layer } from "../layers";

/** What the hockey and tennis editions share on this page; {sport...} words come from each sport's words.ts. */
export const landing = {
  hero: {
    ctaLabel: "Get My Player's Free Plan",
    subtext: "7-day free trial. No credit card. Only 100 first-wave spots.",
    trustIndicators: [
      {
        icon: "users",
      },
      {
        icon: "shield",
        text: "30-day satisfaction guarantee",
      },
      {
        icon: "star",
        text: "7-day free trial, cancel anytime",
      },
    ],
  },
  dreamOutcome: {
    buttonLabel: "Start My Free Training Plan",
  },
  painPoints: {
    title: "Every {sport} parent knows these",
    cards: [
      null,
      {
        icon: "wallet",
      },
      null,
    ],
  },
  solution: {
    title: "How {brand} trains your player",
    features: [
      {
        icon: "calendar",
      },
      {
        icon: "route",
      },
      {
        icon: "bot",
        title: "24/7 AI coach for parents",
      },
      {
        icon: "shield-check",
        title: "Parents stay in charge",
      },
    ],
    buttonLabel: "Build My Player's Plan",
  },
  credibility: {
    title: "Built the way good coaches train",
    points: [
      null,
      null,
      {
        icon: "shield-check",
        title: "Short, safe and sustainable",
      },
    ],
  },
  finalCta: {
    title: "Be one of the first 100 {sport} families",
    buttonLabel: "Claim My Early-Access Spot",
  },
} satisfies Layer<LandingContent>;
