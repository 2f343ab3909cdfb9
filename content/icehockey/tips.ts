import type { LeadMagnetContent } from "../schemas/lead-magnet";

/** Hockey edition: the free tips funnel, 10-minute off-ice habits for hockey parents (SPEC 2.12, 9). */
export const tips: LeadMagnetContent = {
  landing: {
    meta: {
      title: "Free Off-Ice Hockey Tips, 10 Minutes a Day | {wordmark}",
      description:
        "Get free practical off-ice hockey tips: 10-minute drills and habits for players aged 0-12, with a free 7-day training plan and AI prompts for hockey parents.",
    },
    hero: {
      eyebrow: "Free tips for hockey parents",
      title: "Practical off-ice hockey tips, 10 minutes a day",
      subtitle:
        "Quick drills and habits for players aged 0-12 that build skating, hands and confidence at home, plus a free 7-day training plan to get started.",
      ctaLabel: "Get the Free Tips",
      subtext: "Free. Sent to your inbox in a minute. No credit card.",
    },
    inside: {
      title: "What's inside the tips",
      intro: "Tips you can use before school, after practice or on a rest day.",
      features: [
        {
          title: "One skill at a time",
          text: "Focus on the one skill that moves your player forward now: edges, hands, shot or game sense.",
        },
        {
          title: "10 minutes a day",
          text: "Short drills that fit between school and practice, with a free 7-day plan to build the habit.",
        },
        {
          title: "Smart AI prompts",
          text: "Ready-to-use prompts that turn your player's goals into fresh drills, so training never gets boring.",
        },
        {
          title: "See the improvement",
          text: "Simple checks for speed and puck control, so you know what's working.",
        },
      ],
    },
    why: {
      title: "Why download them?",
      points: [
        "Ten focused off-ice minutes beat an hour of unplanned stickhandling.",
        "Drills for ages 0-12, with no ice and no expensive gear needed.",
        "Keep it fun, so your player keeps the love for the game.",
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
      title: "Get your free off-ice hockey tips | {wordmark}",
      description:
        "Tell us your player's age band and your goals, and we'll e-mail you practical off-ice hockey tips from {brand}. It takes less than a minute.",
    },
    title: "Get your free practical hockey tips",
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
      title: "Your hockey tips are on their way | {wordmark}",
      description:
        "Your free practical off-ice hockey tips from {brand} are on their way. Check your inbox, and share them with another hockey parent using your link.",
    },
    title: "Your tips are on their way!",
    sentTo: "We've sent your practical off-ice hockey tips to",
    sendingTo: "We're sending your practical off-ice hockey tips to",
    notQueued: "We saved your request, but we could not send the e-mail just now. Reload this page in a moment to try again.",
    undeliverable: "We could not deliver the e-mail to this address. Check it and try again with another one.",
    inboxReminder: "Check your inbox in the next few minutes.",
    spamReminder: "Can't find them? Look in your spam or promotions folder and mark us as a safe sender.",
    share: {
      title: "Know a hockey parent who'd love these?",
      text: "Share the free tips with your teammates' parents using your personal link.",
      linkLabel: "Your share link",
    },
    alreadySent: "Your tips have already been sent. Check your inbox and spam folder.",
    backHome: "Back to Home",
  },
};
