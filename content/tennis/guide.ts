import type { LeadMagnetContent } from "../schemas/lead-magnet";

/** Tennis edition: the free guide funnel, a 7-day training plan for tennis parents (SPEC 2.12, 9). */
export const guide: LeadMagnetContent = {
  landing: {
    meta: {
      title: "Free 7-Day Tennis Training Plan | {wordmark}",
      description:
        "Get the free 7-day tennis training plan: personalised drills for ages 0-12 that build footwork, strokes and match confidence, in minutes a day at home.",
    },
    hero: {
      eyebrow: "Free guide for tennis parents",
      title: "Your free 7-day tennis training plan",
      subtitle:
        "Daily personalised drills for young players aged 0-12, chosen with an AI coach, that build footwork, strokes and a strong match mindset between lessons.",
      ctaLabel: "Get the Free Training Plan",
      subtext: "Free. Sent to your inbox in a minute. No credit card.",
    },
    inside: {
      title: "What's inside the plan",
      intro: "Seven days of short sessions you can run at the court, in the park or at home.",
      features: [
        {
          title: "Drills for your player's age",
          text: "Footwork, stroke and serve drills matched to ages 0-12, so every session fits your player.",
        },
        {
          title: "A 7-day schedule",
          text: "One short session a day, with recovery built in, that fits around school, lessons and matches.",
        },
        {
          title: "Track real progress",
          text: "Simple checkpoints for consistency, footwork and serve, so you both see the gains.",
        },
        {
          title: "Confidence and fun",
          text: "Playful drills that keep pressure low. The AI suggests; you decide what's right for your player.",
        },
      ],
    },
    why: {
      title: "Why download it?",
      points: [
        "Lessons are expensive: short daily drills make every lesson count.",
        "A clear roadmap instead of random drills from the internet.",
        "Built for busy tennis parents: about 15 minutes a day.",
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
      title: "Get your free 7-day tennis plan | {wordmark}",
      description:
        "Tell us your player's age band and your goals, and we'll e-mail you the free 7-day tennis training plan from {brand}. It takes less than a minute.",
    },
    title: "Get your free 7-day tennis training plan",
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
      title: "Your tennis plan is on its way | {wordmark}",
      description:
        "Your free 7-day tennis training plan from {brand} is on its way. Check your inbox, and share the plan with another tennis parent using your link.",
    },
    title: "Your training plan is on its way!",
    sentTo: "We've sent the free 7-day tennis training plan to",
    sendingTo: "We're sending the free 7-day tennis training plan to",
    notQueued: "We saved your request, but we could not send the e-mail just now. Reload this page in a moment to try again.",
    undeliverable: "We could not deliver the e-mail to this address. Check it and try again with another one.",
    inboxReminder: "Check your inbox in the next few minutes.",
    spamReminder: "Can't find it? Look in your spam or promotions folder and mark us as a safe sender.",
    share: {
      title: "Know a tennis parent who'd love this?",
      text: "Share the free training plan with other tennis parents using your personal link.",
      linkLabel: "Your share link",
    },
    alreadySent: "Your training plan has already been sent. Check your inbox and spam folder.",
    backHome: "Back to Home",
  },
};
