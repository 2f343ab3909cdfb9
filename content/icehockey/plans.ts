import type { PlansContent } from "../schemas/plans";
import type { Layer } from "../layers";

/** Only what the hockey edition says differently from content/champion on this page. */
export const plans = {
  plans: {
    0: {
      tagline: "Daily off-ice habits for one player.",
      monthlyPrice: 59,
      yearlyPrice: 590,
      features: {
        0: "1 champion",
        2: "Season roadmap by age",
      },
    },
    1: {
      tagline: "For players chasing the next team.",
      features: {
        0: "Up to 2 champions",
        2: "Tryout and selection prep plans",
        4: "Skating, puck and shot tracks",
      },
    },
    2: {
      features: {
        0: "Up to 5 champions",
        2: "Strength, speed and mobility blocks",
        3: "Nutrition and recovery guidance",
        4: "Mindset and game-day routines",
      },
    },
    3: {
      tagline: "For teams, clubs and hockey academies.",
      features: {
        0: "Teams",
        2: "Team-wide off-ice programmes",
      },
      badge: "For Teams",
    },
  },
} satisfies Layer<PlansContent>;
