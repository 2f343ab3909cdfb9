import type { LeadMagnetContent } from "../schemas/lead-magnet";

/** Tennis edition: the free tips funnel, 10-minute habits for tennis parents (SPEC 2.12, 9). */
export const tips: LeadMagnetContent = {
  landing: {
    meta: {
      title: "Free Practical Tennis Tips, 10 Minutes a Day | {wordmark}",
      description:
        "Get free practical tennis tips: 10-minute drills and habits for players aged 0-12, with a free 7-day training plan and AI prompts for tennis parents.",
    },
    hero: {
      eyebrow: "Free tips for tennis parents",
      title: "Practical tennis tips, 10 minutes a day",
      subtitle:
        "Quick drills and habits for players aged 0-12 that build footwork, strokes and match confidence, plus a free 7-day training plan to get started.",
      ctaLabel: "Get the Free Tips",
      subtext: "Free. Sent to your inbox in a minute. No credit card.",
    },
    inside: {
      title: "What's inside the tips",
      intro: "Tips you can use before school, after a lesson or on a rest day.",
      features: [
        {
          title: "One skill at a time",
          text: "Focus on the one skill that moves your player forward now: footwork, strokes, serve or match IQ.",
        },
        {
          title: "10 minutes a day",
          text: "Short drills that fit between school and lessons, with a free 7-day plan to build the habit.",
        },
        {
          title: "Smart AI prompts",
          text: "Ready-to-use prompts that turn your player's goals into fresh drills, so practice never gets boring.",
        },
        {
          title: "See the improvement",
          text: "Simple checks for consistency and footwork, so you know what's working.",
        },
      ],
    },
    why: {
      title: "Why download them?",
      points: [
        "Ten focused minutes beat an hour of unplanned hitting.",
        "Drills for ages 0-12 that need only a racket, a ball and a wall.",
        "Low pressure, high fun, so confidence doesn't melt on match day.",
        "You stay in charge and judge what's right for your player.",
      ],
      ctaLabel: "Send Me the Tips",
    },
    finalCta: {
      title: "Make tomorrow's 10 minutes count",
      text: "Tell us your player's age and your goals, and we'll send the tips straight to your inbox.",
      ctaLabel: "Get My Free Tips",
    },
  },
  form: {
    meta: {
      title: "Get your free practical tennis tips | {wordmark}",
      description:
        "Tell us your player's age band and your goals, and we'll e-mail you practical tennis tips from {brand}. It takes less than a minute.",
    },
    title: "Get your free practical tennis tips",
    subtitle: "Three quick answers and the tips are on their way to your inbox.",
    emailLabel: "Your e-mail address",
    emailPlaceholder: "you@example.com",
    ageBandLabel: "How old is your player?",
    goalsLabel: "What are your goals?",
    goalsHint: "Choose all that apply.",
    submit: "Send Me the Tips",
    busy: "Sending...",
    privacyNote: "We respect your privacy. No spam, unsubscribe anytime.",
    errors: {
      missingFields: "Please fill out all fields.",
      invalidEmail: "Please enter a valid e-mail address.",
      emailTooLong: "E-mail addresses can have at most {max} characters.",
      saveFailed: "There was an error submitting your request. Please try again.",
    },
  },
  confirm: {
    meta: {
      title: "Your tennis tips are on their way | {wordmark}",
      description:
        "Your free practical tennis tips from {brand} are on their way. Check your inbox, and share them with another tennis parent using your personal link.",
    },
    title: "Your tips are on their way!",
    sentTo: "We've sent your practical tennis tips to",
    sendingTo: "We're sending your practical tennis tips to",
    notQueued: "We saved your request, but we could not send the e-mail just now. Reload this page in a moment to try again.",
    undeliverable: "We could not deliver the e-mail to this address. Check it and try again with another one.",
    inboxReminder: "Check your inbox in the next few minutes.",
    spamReminder: "Can't find them? Look in your spam or promotions folder and mark us as a safe sender.",
    share: {
      title: "Know a tennis parent who'd love these?",
      text: "Share the free tips with other tennis parents using your personal link.",
      linkLabel: "Your share link",
    },
    alreadySent: "Your tips have already been sent. Check your inbox and spam folder.",
    backHome: "Back to Home",
  },
};
