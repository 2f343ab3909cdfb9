import type { LandingContent } from "../schemas/landing";
import type { Layer } from "../layers";

/** Only what the hockey edition says differently from content/champion on this page. */
export const landing = {
  meta: {
    title: "{wordmark}: off-ice training plans for young players",
    description:
      "Daily personalised off-ice hockey drills and a season roadmap for ages 0-10 and up to 15+, with a 24/7 AI coach for parents. 7-day free trial, no credit card.",
  },
  hero: {
    title: "Build a faster, more confident hockey player off the ice",
    subtitle: "Daily personalised off-ice drills and a season roadmap for ages 0-10 and up to 15+, planned around your player's ice time.",
    appText:
      "{brand} is an AI coach for hockey parents, not for kids. It tells you which short drill to run at home today and why. You stay responsible for judging what is right and safe for your child.",
    screenshotAlt: "The {wordmark} app on a phone, showing today's off-ice drills for a 9-year-old player",
    trustIndicators: {
      0: {
        text: "Made for hockey parents of players 0-15+",
      },
    },
  },
  dreamOutcome: {
    title: "Picture the next tryout",
    outcomes: [
      "Your player steps on the ice with quicker feet and stronger edges",
      "Stickhandling holds up under pressure, not just in warm-ups",
      "Off-ice training is a 15-minute habit, not a daily argument",
      "You know exactly what to work on between practices",
      "Your kid skates off proud, and hungry for the next game",
    ],
    featureCard: {
      title: "Off-ice training for your garage, driveway or living room",
      text: "Balance, edges, hands and shot drills with a stick, a ball and a few cones. Each day adapts to age, goals and how much ice time your player already gets.",
    },
  },
  painPoints: {
    cards: {
      0: {
        icon: "timer",
        title: "Too little ice time",
        text: "Ice is scarce and expensive. Two team practices a week are not enough to build real skills.",
      },
      1: {
        title: "Private coaching costs a fortune",
        text: "Lessons and camps add up fast, and you still don't know what to do for the rest of the week.",
      },
      2: {
        icon: "trending-down",
        title: "The fear of falling behind",
        text: "Teammates seem to get faster every month, and your player's confidence takes the hit.",
      },
    },
  },
  solution: {
    features: {
      0: {
        title: "Daily personalised off-ice drills",
        text: "Short sessions matched to age, strengths and goals: skating, stickhandling, shooting and game sense.",
      },
      1: {
        title: "A season roadmap",
        text: "Clear steps from first strides at 0-10 to select-team readiness at 15+, so every week builds on the last.",
      },
      2: {
        text: "Ask about tryouts, nerves, nutrition or recovery at any hour and get answers written for you, the parent.",
      },
      3: {
        text: "The AI suggests, you decide. You remain responsible for judging every drill for your child's age, health and safety.",
      },
    },
  },
  credibility: {
    points: {
      0: {
        icon: "goal",
        title: "Fundamentals first",
        text: "Drills follow long-term athlete development: balance, agility and coordination before power.",
      },
      1: {
        icon: "dumbbell",
        title: "Off-ice work that transfers to the ice",
        text: "Edges, hands and shot mechanics you can practise at home with a stick and a ball.",
      },
      2: {
        text: "10 to 20 minute sessions with warm-ups and rest days, so training stays fun and overuse stays low.",
      },
    },
  },
  finalCta: {
    text: "Answer three quick questions and get your player's personalised off-ice plan. 7-day free trial: no credit card, cancel anytime.",
  },
} satisfies Layer<LandingContent>;
