import type { LandingContent } from "../schemas/landing";

/** Hockey edition landing page (SPEC 2.4). */
export const landing: LandingContent = {
  meta: {
    title: "{wordmark}: off-ice training plans for young players",
    description:
      "Daily personalised off-ice hockey drills and a season roadmap for ages 0-10 and up to 15+, with a 24/7 AI coach for parents. 7-day free trial, no credit card.",
  },
  hero: {
    title: "Build a faster, more confident hockey player off the ice",
    subtitle:
      "Daily personalised off-ice drills and a season roadmap for ages 0-10 and up to 15+, planned around your player's ice time.",
    appText:
      "{brand} is an AI coach for hockey parents, not for kids. It tells you which short drill to run at home today and why. You stay responsible for judging what is right and safe for your child.",
    screenshotAlt: "The {wordmark} app on a phone, showing today's off-ice drills for a 9-year-old player",
    ctaLabel: "Get My Player's Free Plan",
    subtext: "7-day free trial. No credit card. Only 100 first-wave spots.",
    trustIndicators: [
      { icon: "users", text: "Made for hockey parents of players 0-15+" },
      { icon: "shield", text: "30-day satisfaction guarantee" },
      { icon: "star", text: "7-day free trial, cancel anytime" },
    ],
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
    buttonLabel: "Start My Free Training Plan",
  },
  painPoints: {
    title: "Every hockey parent knows these",
    cards: [
      {
        icon: "timer",
        title: "Too little ice time",
        text: "Ice is scarce and expensive. Two team practices a week are not enough to build real skills.",
      },
      {
        icon: "wallet",
        title: "Private coaching costs a fortune",
        text: "Lessons and camps add up fast, and you still don't know what to do for the rest of the week.",
      },
      {
        icon: "trending-down",
        title: "The fear of falling behind",
        text: "Teammates seem to get faster every month, and your player's confidence takes the hit.",
      },
    ],
  },
  solution: {
    title: "How {brand} trains your player",
    features: [
      {
        icon: "calendar",
        title: "Daily personalised off-ice drills",
        text: "Short sessions matched to age, strengths and goals: skating, stickhandling, shooting and game sense.",
      },
      {
        icon: "route",
        title: "A season roadmap",
        text: "Clear steps from first strides at 0-10 to select-team readiness at 15+, so every week builds on the last.",
      },
      {
        icon: "bot",
        title: "24/7 AI coach for parents",
        text: "Ask about tryouts, nerves, nutrition or recovery at any hour and get answers written for you, the parent.",
      },
      {
        icon: "shield-check",
        title: "Parents stay in charge",
        text: "The AI suggests, you decide. You remain responsible for judging every drill for your child's age, health and safety.",
      },
    ],
    buttonLabel: "Build My Player's Plan",
  },
  credibility: {
    title: "Built the way good coaches train",
    points: [
      {
        icon: "goal",
        title: "Fundamentals first",
        text: "Drills follow long-term athlete development: balance, agility and coordination before power.",
      },
      {
        icon: "dumbbell",
        title: "Off-ice work that transfers to the ice",
        text: "Edges, hands and shot mechanics you can practise at home with a stick and a ball.",
      },
      {
        icon: "shield-check",
        title: "Short, safe and sustainable",
        text: "10 to 20 minute sessions with warm-ups and rest days, so training stays fun and overuse stays low.",
      },
    ],
  },
  finalCta: {
    title: "Be one of the first 100 hockey families",
    text: "Answer three quick questions and get your player's personalised off-ice plan. 7-day free trial: no credit card, cancel anytime.",
    buttonLabel: "Claim My Early-Access Spot",
  },
};
