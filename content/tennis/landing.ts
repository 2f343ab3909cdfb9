import type { LandingContent } from "../schemas/landing";
import type { Layer } from "../layers";

/** Only what the tennis edition says differently from content/champion on this page. */
export const landing = {
  meta: {
    title: "{wordmark}: daily drills and a roadmap for young players",
    description:
      "Daily personalised tennis drills and a clear roadmap for ages 0-12, with a 24/7 AI coach for ambitious tennis parents. 7-day free trial, no credit card.",
  },
  hero: {
    title: "Give your young player a daily edge on the court",
    subtitle: "Daily personalised tennis drills and a clear roadmap for ages 0-12, built for ambitious tennis parents.",
    appText:
      "{brand} is an AI coach for tennis parents, not for kids. It plans today's drills around your player's age, strokes and tournament goals. You stay responsible for judging what is right for your child.",
    screenshotAlt: "The {wordmark} app on a phone, showing today's tennis drills for an 8-year-old player",
    trustIndicators: {
      0: {
        text: "Made for tennis parents of players 0-12",
      },
    },
  },
  dreamOutcome: {
    title: "Picture the next tournament",
    outcomes: [
      "Footwork that gets your player to every ball early",
      "A serve and return your player trusts under pressure",
      "Practice between lessons that is focused, not random",
      "You know exactly what to work on this week, and why",
      "Your player walks off court calm, confident and proud",
    ],
    featureCard: {
      title: "Drills for the court, the driveway or the garden",
      text: "Footwork, stroke and serve drills with a racket, a few balls and a wall. Each day adapts to age, level and the lessons your player already has.",
    },
  },
  painPoints: {
    cards: {
      0: {
        icon: "puzzle",
        title: "Too many drills, no plan",
        text: "Videos and coaches all suggest something different, and practice between lessons turns random.",
      },
      1: {
        title: "Coaching is expensive",
        text: "Private lessons cost a lot, and one hour a week cannot build strokes that hold up in matches.",
      },
      2: {
        icon: "zap",
        title: "Melting under pressure",
        text: "Your player hits well in practice, then nerves take over at the first tight score in a match.",
      },
    },
  },
  solution: {
    features: {
      0: {
        title: "Daily personalised drills",
        text: "Short sessions matched to age, strokes and goals: footwork, serve and return, match IQ and conditioning.",
      },
      1: {
        title: "A roadmap for ages 0-12",
        text: "From first rallies to tournament-ready, each stage shows what to build next and what can wait.",
      },
      2: {
        text: "Ask about match nerves, tournament schedules or recovery at any hour and get answers written for you.",
      },
      3: {
        text: "The AI suggests, you decide. You remain responsible for judging every drill for your child's age, health and wellbeing.",
      },
    },
  },
  credibility: {
    points: {
      0: {
        icon: "target",
        title: "Technique before results",
        text: "Drills follow long-term athlete development: movement and stroke foundations before match play.",
      },
      1: {
        icon: "trophy",
        title: "Ready for real matches",
        text: "Match IQ and mental-toughness routines prepare your player for tight scores, not just rallies.",
      },
      2: {
        text: "10 to 20 minute sessions with warm-ups and rest days keep training fun and protect growing bodies.",
      },
    },
  },
  finalCta: {
    text: "Answer three quick questions and get your player's personalised drill plan. 7-day free trial: no credit card, cancel anytime.",
  },
} satisfies Layer<LandingContent>;
