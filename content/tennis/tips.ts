import type { LeadMagnetContent } from "../schemas/lead-magnet";
import type { Layer } from "../layers";

/** Only what the tennis edition says differently from content/champion on this page. */
export const tips = {
  landing: {
    meta: {
      title: "Free Practical Tennis Tips, 10 Minutes a Day | {wordmark}",
      description:
        "Get free practical tennis tips: 10-minute drills and habits for players aged 0-12, with a free 7-day training plan and AI prompts for tennis parents.",
    },
    hero: {
      title: "Practical tennis tips, 10 minutes a day",
      subtitle:
        "Quick drills and habits for players aged 0-12 that build footwork, strokes and match confidence, plus a free 7-day training plan to get started.",
    },
    inside: {
      intro: "Tips you can use before school, after a lesson or on a rest day.",
      features: {
        0: {
          text: "Focus on the one skill that moves your player forward now: footwork, strokes, serve or match IQ.",
        },
        1: {
          text: "Short drills that fit between school and lessons, with a free 7-day plan to build the habit.",
        },
        2: {
          text: "Ready-to-use prompts that turn your player's goals into fresh drills, so practice never gets boring.",
        },
        3: {
          text: "Simple checks for consistency and footwork, so you know what's working.",
        },
      },
    },
    why: {
      points: {
        0: "Ten focused minutes beat an hour of unplanned hitting.",
        1: "Drills for ages 0-12 that need only a racket, a ball and a wall.",
        2: "Low pressure, high fun, so confidence doesn't melt on match day.",
      },
    },
  },
  form: {
    meta: {
      title: "Get your free practical tennis tips | {wordmark}",
      description:
        "Tell us your player's age band and your goals, and we'll e-mail you practical tennis tips from {brand}. It takes less than a minute.",
    },
  },
  confirm: {
    meta: {
      description:
        "Your free practical tennis tips from {brand} are on their way. Check your inbox, and share them with another tennis parent using your personal link.",
    },
    sentTo: "We've sent your practical tennis tips to",
    sendingTo: "We're sending your practical tennis tips to",
    share: {
      text: "Share the free tips with other tennis parents using your personal link.",
    },
  },
} satisfies Layer<LeadMagnetContent>;
