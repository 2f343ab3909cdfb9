import type { LeadMagnetContent } from "../schemas/lead-magnet";
import type { Layer } from "../layers";

/** Only what the tennis edition says differently from content/champion on this page. */
export const guide = {
  landing: {
    meta: {
      title: "Free 7-Day Tennis Training Plan | {wordmark}",
      description:
        "Get the free 7-day tennis training plan: personalised drills for ages 0-12 that build footwork, strokes and match confidence, in minutes a day at home.",
    },
    hero: {
      title: "Your free 7-day tennis training plan",
      subtitle:
        "Daily personalised drills for young players aged 0-12, chosen with an AI coach, that build footwork, strokes and a strong match mindset between lessons.",
    },
    inside: {
      intro: "Seven days of short sessions you can run at the court, in the park or at home.",
      features: {
        0: {
          text: "Footwork, stroke and serve drills matched to ages 0-12, so every session fits your player.",
        },
        1: {
          text: "One short session a day, with recovery built in, that fits around school, lessons and matches.",
        },
        2: {
          text: "Simple checkpoints for consistency, footwork and serve, so you both see the gains.",
        },
        3: {
          title: "Confidence and fun",
          text: "Playful drills that keep pressure low. The AI suggests; you decide what's right for your player.",
        },
      },
    },
    why: {
      points: {
        0: "Lessons are expensive: short daily drills make every lesson count.",
        1: "A clear roadmap instead of random drills from the internet.",
      },
    },
  },
  form: {
    meta: {
      title: "Get your free 7-day tennis plan | {wordmark}",
      description:
        "Tell us your player's age band and your goals, and we'll e-mail you the free 7-day tennis training plan from {brand}. It takes less than a minute.",
    },
    title: "Get your free 7-day tennis training plan",
  },
  confirm: {
    meta: {
      title: "Your tennis plan is on its way | {wordmark}",
      description:
        "Your free 7-day tennis training plan from {brand} is on its way. Check your inbox, and share the plan with another tennis parent using your link.",
    },
    sentTo: "We've sent the free 7-day tennis training plan to",
    sendingTo: "We're sending the free 7-day tennis training plan to",
    share: {
      text: "Share the free training plan with other tennis parents using your personal link.",
    },
  },
} satisfies Layer<LeadMagnetContent>;
