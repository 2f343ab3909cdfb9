import type { LandingContent } from "../schemas/landing";

/** General edition landing page (SPEC 2.4). */
export const landing: LandingContent = {
  meta: {
    title: "{wordmark}: daily activities for your child's age",
    description:
      "Personalised daily activities and a development roadmap for children from expecting to 10+, with a 24/7 AI coach for parents. 7-day free trial, no credit card.",
  },
  arrival: { friend: "A friend invited you", club: "Invited by your club:" },
  hero: {
    title: "Raise a curious, confident child in 10 minutes a day",
    subtitle: "Personalised daily activities and a clear development roadmap for your child, from expecting through 10+ years.",
    appText:
      "{brand} is a 24/7 AI coach for parents, not for children. It suggests what to do with your child today, based on their age, interests and your goals. You stay in charge and judge every suggestion for your family.",
    screenshotAlt: "The {wordmark} app on a phone, showing today's activity plan for a 3-year-old",
    ctaLabel: "Get My Child's Free Plan",
    subtext: "7-day free trial. No credit card. Only 100 first-wave spots.",
    trustIndicators: [
      { icon: "users", text: "Made for parents of children from 0 to 10+" },
      { icon: "shield", text: "Private by design: no ads, no data selling" },
      { icon: "star", text: "7-day free trial, cancel anytime" },
    ],
  },
  dreamOutcome: {
    title: "Imagine your evenings like this",
    outcomes: [
      "You know exactly which activity fits your child today",
      "Ten focused minutes replace an hour of searching for ideas",
      'Your child asks for "our game" before bedtime',
      "You notice new words, numbers and confidence week after week",
      "You feel like the calm, prepared parent you want to be",
    ],
    featureCard: {
      title: "A plan that grows with your child",
      text: "Every morning you get one short, age-right activity that uses things you already have at home. As your child grows, the plan grows with them.",
    },
    buttonLabel: "Start My Free Plan",
  },
  painPoints: {
    title: "Does this sound familiar?",
    cards: [
      {
        icon: "clock",
        title: "No time to research",
        text: "Between work, meals and bedtime there is no hour left to read up on what your child needs next.",
      },
      {
        icon: "layers",
        title: "Too much advice, too little clarity",
        text: "Blogs, apps and relatives all say something different, so you end up not knowing where to start.",
      },
      {
        icon: "hourglass",
        title: "The worry of missing the window",
        text: "80% of the brain develops by age 3, and it can feel as if every week slips by unused.",
      },
    ],
  },
  solution: {
    title: "How {brand} helps you",
    features: [
      {
        icon: "calendar",
        title: "Daily personalised activities",
        text: "One short activity a day, matched to your child's age, interests and the time you really have.",
      },
      {
        icon: "route",
        title: "An expert roadmap",
        text: "See what comes next in language, early maths, motor skills and emotions, from expecting to 10+.",
      },
      {
        icon: "bot",
        title: "24/7 AI guidance for parents",
        text: "Ask about tantrums, screen time or first words at any hour and get answers written for you, the parent.",
      },
      {
        icon: "shield-check",
        title: "You stay in charge",
        text: "The AI suggests, you decide. Parents remain responsible for judging every piece of guidance for their own child.",
      },
    ],
    buttonLabel: "Build My Child's Plan",
  },
  credibility: {
    title: "Built on what helps children thrive",
    points: [
      {
        icon: "brain",
        title: "Grounded in child development",
        text: "Activities follow well-established early-learning milestones for each age band.",
      },
      {
        icon: "heart-handshake",
        title: "Made for real family life",
        text: "Short, playful sessions with everyday materials: no flashcards, no pressure, no guilt.",
      },
      {
        icon: "shield-check",
        title: "Private by design",
        text: "No ads and no data selling. Your child's profile is used only to personalise your plan.",
      },
    ],
  },
  finalCta: {
    title: "Claim one of 100 first-wave spots",
    text: "Answer three quick questions and get your child's personalised plan. Start with a 7-day free trial: no credit card, cancel anytime.",
    buttonLabel: "Claim My Early-Access Spot",
  },
};
