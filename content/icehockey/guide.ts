import type { LeadMagnetContent } from "../schemas/lead-magnet";

/** Hockey edition: the free guide funnel, a 7-day off-ice training plan for hockey parents (SPEC 2.12, 9). */
export const guide: LeadMagnetContent = {
  landing: {
    meta: {
      title: "Free 7-Day Off-Ice Training Plan | {wordmark}",
      description:
        "Get the free 7-day off-ice hockey training plan: age-right drills for ages 0-12 that build skating, puck skills and confidence at home, in minutes a day.",
    },
    hero: {
      eyebrow: "Free guide for hockey parents",
      title: "Your free 7-day off-ice training plan",
      subtitle:
        "Age-right drills for young players aged 0-12, chosen with an AI coach, that build balance, hands and confidence between practices. No ice, no expensive gear.",
      ctaLabel: "Get the Free Training Plan",
      subtext: "Free. Sent to your inbox in a minute. No credit card.",
    },
    inside: {
      title: "What's inside the plan",
      intro: "Seven days of short off-ice sessions you can run in the driveway, garage or living room.",
      features: [
        {
          title: "Drills for your player's age",
          text: "Balance, edges, stickhandling and shooting drills matched to ages 0-12, so every session fits.",
        },
        {
          title: "A 7-day schedule",
          text: "One short session a day, with rest built in, that fits around school, practice and games.",
        },
        {
          title: "Track real progress",
          text: "Simple checkpoints for speed, puck control and shot accuracy, so you both see the gains.",
        },
        {
          title: "Keep the love for the game",
          text: "Playful drills you do together. The AI suggests; you decide what's right for your player.",
        },
      ],
    },
    why: {
      title: "Why download it?",
      points: [
        "Ice time is short and expensive: off-ice minutes make every practice count.",
        "No more guessing which drills fit your player's age.",
        "Built for busy hockey parents: about 15 minutes a day.",
        "Made for parents. You stay in charge and judge every suggestion.",
      ],
      ctaLabel: "Send Me the Plan",
    },
    finalCta: {
      title: "Start this week's training tonight",
      text: "Tell us your player's age and your goals, and we'll send the 7-day plan straight to your inbox.",
      ctaLabel: "Get My Free Plan",
    },
  },
  form: {
    meta: {
      title: "Get your free 7-day training plan | {wordmark}",
      description:
        "Tell us your player's age band and your goals, and we'll e-mail you the free 7-day off-ice training plan from {brand}. It takes less than a minute.",
    },
    title: "Get your free 7-day off-ice training plan",
    subtitle: "Three quick answers and the plan is on its way to your inbox.",
    emailLabel: "Your e-mail address",
    emailPlaceholder: "you@example.com",
    ageBandLabel: "How old is your player?",
    goalsLabel: "What are your goals?",
    goalsHint: "Choose all that apply.",
    submit: "Send Me the Plan",
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
      title: "Your training plan is on its way | {wordmark}",
      description:
        "Your free 7-day off-ice training plan from {brand} is on its way. Check your inbox, and share the plan with another hockey parent using your link.",
    },
    title: "Your training plan is on its way!",
    sentTo: "We've sent the free 7-day off-ice training plan to",
    sendingTo: "We're sending the free 7-day off-ice training plan to",
    notQueued: "We saved your request, but we could not send the e-mail just now. Reload this page in a moment to try again.",
    undeliverable: "We could not deliver the e-mail to this address. Check it and try again with another one.",
    inboxReminder: "Check your inbox in the next few minutes.",
    spamReminder: "Can't find it? Look in your spam or promotions folder and mark us as a safe sender.",
    share: {
      title: "Know a hockey parent who'd love this?",
      text: "Share the free training plan with your teammates' parents using your personal link.",
      linkLabel: "Your share link",
    },
    alreadySent: "Your training plan has already been sent. Check your inbox and spam folder.",
    backHome: "Back to Home",
  },
};
