import type { PlansContent } from "../schemas/plans";
import type { Layer } from "../layers";

/** Only what the tennis edition says differently from content/champion on this page. */
export const plans = {
  plans: {
    0: {
      tagline: "Daily drills for one young player.",
      monthlyPrice: 49,
      yearlyPrice: 490,
      features: {
        0: "1 player",
        2: "Roadmap for ages 0-12",
      },
    },
    1: {
      tagline: "For players heading into tournaments.",
      features: {
        0: "Up to 2 players",
        2: "Tournament preparation plans",
        4: "Serve, return and footwork tracks",
      },
    },
    2: {
      features: {
        0: "Up to 5 players",
        2: "Match IQ and mental toughness tracks",
        3: "Conditioning, nutrition and recovery",
        4: "Match-day routines",
      },
    },
    3: {
      tagline: "For coaches, clubs and tennis academies.",
      features: {
        0: "Squads and academy groups",
        2: "Group drill programmes",
      },
      badge: "For Academies",
    },
  },
} satisfies Layer<PlansContent>;
