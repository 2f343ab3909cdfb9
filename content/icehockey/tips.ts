import type { LeadMagnetContent } from "../schemas/lead-magnet";
import type { Layer } from "../layers";

/** Only what the hockey edition says differently from content/champion on this page. */
export const tips = {
  landing: {
    meta: {
      title: "Free Off-Ice Hockey Tips, 10 Minutes a Day | {wordmark}",
      description:
        "Get free practical off-ice hockey tips: 10-minute drills and habits for players aged 0-12, with a free 7-day training plan and AI prompts for hockey parents.",
    },
    hero: {
      title: "Practical off-ice hockey tips, 10 minutes a day",
      subtitle:
        "Quick drills and habits for players aged 0-12 that build skating, hands and confidence at home, plus a free 7-day training plan to get started.",
    },
    inside: {
      intro: "Tips you can use before school, after practice or on a rest day.",
      features: {
        0: {
          text: "Focus on the one skill that moves your player forward now: edges, hands, shot or game sense.",
        },
        1: {
          text: "Short drills that fit between school and practice, with a free 7-day plan to build the habit.",
        },
        2: {
          text: "Ready-to-use prompts that turn your player's goals into fresh drills, so training never gets boring.",
        },
        3: {
          text: "Simple checks for speed and puck control, so you know what's working.",
        },
      },
    },
    why: {
      points: {
        0: "Ten focused off-ice minutes beat an hour of unplanned stickhandling.",
        1: "Drills for ages 0-12, with no ice and no expensive gear needed.",
        2: "Keep it fun, so your player keeps the love for the game.",
      },
    },
  },
  form: {
    meta: {
      title: "Get your free off-ice hockey tips | {wordmark}",
      description:
        "Tell us your player's age band and your goals, and we'll e-mail you practical off-ice hockey tips from {brand}. It takes less than a minute.",
    },
  },
  confirm: {
    meta: {
      description:
        "Your free practical off-ice hockey tips from {brand} are on their way. Check your inbox, and share them with another hockey parent using your link.",
    },
    sentTo: "We've sent your practical off-ice hockey tips to",
    sendingTo: "We're sending your practical off-ice hockey tips to",
    share: {
      text: "Share the free tips with your teammates' parents using your personal link.",
    },
  },
} satisfies Layer<LeadMagnetContent>;
