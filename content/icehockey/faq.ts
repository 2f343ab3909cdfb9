import type { FaqContent } from "../schemas/faq";
import type { Layer } from "../layers";
import { ownPlaceRule } from "../champion/faq";

/** Only what the hockey edition says differently from content/champion on this page. */
export const faq = {
  meta: {
    description:
      "Answers about {brand}: off-ice training for young players, ages covered, the 7-day free trial, pricing, the 30-day satisfaction guarantee and data privacy.",
  },
  categories: {
    0: {
      items: {
        0: {
          answer: [
            "{brand} is an AI coach for hockey parents. It builds daily off-ice drills for skating, balance, stickhandling, shooting and confidence, and a season roadmap for your player.",
            "Drills need little space and no ice time, so your player improves between practices.",
          ],
        },
        2: {
          answer: [
            "From the first steps on skates (0-2 years) through teenagers of 15 and older. Drills change with your player's age band and how often you can train each week.",
          ],
        },
      },
    },
    1: {
      items: {
        1: {
          answer: [
            "Plans start at $59 a month for one player. Paying yearly costs 10 times the monthly price, so you get 2 months free. A Pro Academy plan for teams is in preparation.",
          ],
        },
      },
    },
    2: {
      items: {
        0: {
          answer: [
            "Only what shapes the plan: age band, how often you can train, current strengths, goals and your biggest concern. We do not ask for your player's name or photos.",
            "Your hockey club is optional: pick it on the e-mail step and your family counts for the club. A club page shows only the club's name, city and number of families.",
          ],
        },
      },
    },
    3: {
      items: {
        // This sport's own fairness setting, when it differs from the rule the champion FAQ states (ADR 036).
        ...ownPlaceRule("champion-icehockey"),
        2: {
          answer: {
            0: "We open the doors in waves, like line changes, in place-in-line order: each wave lets in the next families in line, and the first 100 families let in fill the first-wave spots.",
          },
        },
      },
    },
  },
} satisfies Layer<FaqContent>;
