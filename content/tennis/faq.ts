import type { FaqContent } from "../schemas/faq";
import type { Layer } from "../layers";
import { ownPlaceRule } from "../champion/faq";

/** Only what the tennis edition says differently from content/champion on this page. */
export const faq = {
  meta: {
    description:
      "Answers about {brand}: daily tennis drills and a roadmap for ages 0-12, the 7-day free trial, pricing, the 30-day satisfaction guarantee and data privacy.",
  },
  categories: {
    0: {
      items: {
        0: {
          answer: [
            "{brand} is an AI coach for ambitious tennis parents. It builds daily personalised drills for footwork, strokes, serve and return, match IQ and mental toughness, plus a roadmap for your player.",
          ],
        },
        2: {
          answer: [
            "Players from the very first rallies up to 12 years, with drills matched to each age band and the time you have each day.",
          ],
        },
      },
    },
    1: {
      items: {
        1: {
          answer: [
            "Plans start at $49 a month for one player. Paying yearly costs 10 times the monthly price, so you get 2 months free. A Pro Academy plan is in preparation.",
          ],
        },
      },
    },
    2: {
      items: {
        0: {
          answer: [
            "Only what shapes the plan: age band, the daily time you have, focus areas, goals and your biggest concern. We do not ask for your player's name or photos.",
            "Your club is up to you: on the e-mail step you may pick it, so your family counts for the club. Only the club's name, city and number of families are ever public.",
          ],
        },
      },
    },
    3: {
      items: {
        // This sport's own fairness setting, when it differs from the rule the champion FAQ states (ADR 036).
        ...ownPlaceRule("champion-tennis"),
        2: {
          answer: {
            0: "Early access opens in waves, like the rounds of a draw, seeded by place in line: each wave lets in the next families in line, and the first 100 families let in fill the first-wave spots.",
          },
        },
      },
    },
  },
} satisfies Layer<FaqContent>;
