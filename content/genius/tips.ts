import type { LeadMagnetContent } from "../schemas/lead-magnet";

/** General edition: the free practical AI parenting tips funnel (SPEC 2.12). */
export const tips: LeadMagnetContent = {
  landing: {
    meta: {
      title: "Free Practical AI Parenting Tips | {wordmark}",
      description:
        "Get free practical AI parenting tips: small habits that take 10 minutes a day, with ready-to-use prompts for parents of children from expecting to 10+.",
    },
    hero: {
      eyebrow: "Free tips for parents",
      title: "Practical AI parenting tips, 10 minutes a day",
      subtitle:
        "Simple, proven habits and ready-to-use AI prompts that turn everyday moments into learning, without adding to your to-do list.",
      ctaLabel: "Get the Free Tips",
      subtext: "Free. Sent to your inbox in a minute. No credit card.",
    },
    inside: {
      title: "What's inside the tips",
      intro: "Short tips you can use today, each one tested in real family routines.",
      features: [
        {
          title: "One clear focus a day",
          text: "Pick the one thing that matters for your child's age today instead of trying everything at once.",
        },
        {
          title: "10 minutes that fit your day",
          text: "Tips built around breakfast, the car ride and bedtime, so learning fits the day you already have.",
        },
        {
          title: "Prompts that spark ideas",
          text: "Ready-to-use AI prompts that turn your child's favourite things into games and questions.",
        },
        {
          title: "See what's working",
          text: "A simple way to notice progress, so you keep what works and drop what doesn't.",
        },
      ],
    },
    why: {
      title: "Why download them?",
      points: [
        "10 minutes a day is enough when the minutes are well chosen.",
        "Practical, not theoretical: every tip comes with something to do today.",
        "Use AI as a helper for you, the parent, never as a screen for your child.",
        "You stay in charge and judge what fits your family.",
      ],
      ctaLabel: "Send Me the Tips",
    },
    finalCta: {
      title: "Make tomorrow's 10 minutes count",
      text: "Tell us your child's age and your goals, and we'll send the tips straight to your inbox.",
      ctaLabel: "Get My Free Tips",
    },
  },
  form: {
    meta: {
      title: "Get your free AI parenting tips | {wordmark}",
      description:
        "Tell us your child's age band and your goals, and we'll e-mail you practical AI parenting tips from {brand}. It takes less than a minute.",
    },
    title: "Get your free practical AI parenting tips",
    subtitle: "Three quick answers and the tips are on their way to your inbox.",
    emailLabel: "Your e-mail address",
    emailPlaceholder: "you@example.com",
    ageBandLabel: "How old is your child?",
    goalsLabel: "What are your goals?",
    goalsHint: "Choose all that apply.",
    submit: "Send Me the Tips",
    busy: "Sending...",
    privacyNote: "Confirming your e-mail also gives you a place on the {brand} early-access waitlist. No spam, unsubscribe anytime.",
    errors: {
      missingFields: "Please fill out all fields.",
      invalidEmail: "Please enter a valid e-mail address.",
      emailTooLong: "E-mail addresses can have at most {max} characters.",
      saveFailed: "There was an error submitting your request. Please try again.",
      missing: {
        email: "Enter your e-mail address.",
        ageBand: "Choose an age band.",
        goals: "Choose at least one goal.",
      },
    },
  },
  confirm: {
    meta: {
      title: "Your tips are on their way | {wordmark}",
      description:
        "Your free practical AI parenting tips from {brand} are on their way. Check your inbox, and share the tips with a friend using your personal link.",
    },
    title: "Your tips are on their way!",
    sentTo: "We've sent your practical AI parenting tips to",
    sendingTo: "We're sending your practical AI parenting tips to",
    notQueued: "We saved your request, but we could not send the e-mail just now. Reload this page in a moment to try again.",
    undeliverable: "We could not deliver the e-mail to this address. Check it and try again with another one.",
    inboxReminder: "Check your inbox in the next few minutes.",
    spamReminder: "Can't find them? Look in your spam or promotions folder and mark us as a safe sender.",
    share: {
      title: "Know a parent who'd love these?",
      text: "Share the free tips with your personal link.",
      linkLabel: "Your share link",
      oneTap: {
        title: "Share in one tap",
        message: "I'm getting free parenting tips from {socialHandle}, short and matched to your child's age. Get them too: {link}",
        subject: "Free parenting tips I think you'll like",
        nativeButton: "Share…",
        channels: { wa: "WhatsApp", fb: "Facebook", x: "X", email: "E-mail", sms: "Text message" },
      },
    },
    alreadySent: "Your tips have already been sent. Check your inbox and spam folder.",
    backHome: "Back to Home",
  },
};
