import type { LeadMagnetContent } from "../schemas/lead-magnet";
import type { Layer } from "../layers";

/** Only what the hockey edition says differently from content/champion on this page. */
export const guide = {
  landing: {
    meta: {
      title: "Free 7-Day Off-Ice Training Plan | {wordmark}",
      description:
        "Get the free 7-day off-ice hockey training plan: age-right drills for ages 0-12 that build skating, puck skills and confidence at home, in minutes a day.",
    },
    hero: {
      title: "Your free 7-day off-ice training plan",
      subtitle:
        "Age-right drills for young players aged 0-12, chosen with an AI coach, that build balance, hands and confidence between practices. No ice, no expensive gear.",
    },
    inside: {
      intro: "Seven days of short off-ice sessions you can run in the driveway, garage or living room.",
      features: {
        0: {
          text: "Balance, edges, stickhandling and shooting drills matched to ages 0-12, so every session fits.",
        },
        1: {
          text: "One short session a day, with rest built in, that fits around school, practice and games.",
        },
        2: {
          text: "Simple checkpoints for speed, puck control and shot accuracy, so you both see the gains.",
        },
        3: {
          title: "Keep the love for the game",
          text: "Playful drills you do together. The AI suggests; you decide what's right for your player.",
        },
      },
    },
    why: {
      points: {
        0: "Ice time is short and expensive: off-ice minutes make every practice count.",
        1: "No more guessing which drills fit your player's age.",
      },
    },
  },
  form: {
    meta: {
      title: "Get your free 7-day training plan | {wordmark}",
      description:
        "Tell us your player's age band and your goals, and we'll e-mail you the free 7-day off-ice training plan from {brand}. It takes less than a minute.",
    },
    title: "Get your free 7-day off-ice training plan",
  },
  confirm: {
    meta: {
      title: "Your training plan is on its way | {wordmark}",
      description:
        "Your free 7-day off-ice training plan from {brand} is on its way. Check your inbox, and share the plan with another hockey parent using your link.",
    },
    sentTo: "We've sent the free 7-day off-ice training plan to",
    sendingTo: "We're sending the free 7-day off-ice training plan to",
    share: {
      text: "Share the free training plan with your teammates' parents using your personal link.",
    },
  },
} satisfies Layer<LeadMagnetContent>;
