import type { LeadMagnetContent } from "../schemas/lead-magnet";

/** General edition: the free AI parenting guide funnel (SPEC 2.12). */
export const guide: LeadMagnetContent = {
  landing: {
    meta: {
      title: "Free AI Parenting Guide | {wordmark}",
      description:
        "Get the free AI parenting guide: age-by-age activities, a simple weekly rhythm and ready-to-use prompts for parents of children from expecting to 10+.",
    },
    hero: {
      eyebrow: "Free guide for parents",
      title: "The free AI Parenting Guide for busy parents",
      subtitle:
        "Learn how to use an AI coach to pick the right activity for your child's age, every day, in minutes. Written for parents of children from expecting to 10+ years.",
      ctaLabel: "Get the Free Guide",
      subtext: "Free. Sent to your inbox in a minute. No credit card.",
    },
    inside: {
      title: "What's inside the guide",
      intro: "A short, practical guide you can read over one coffee and use the same evening.",
      features: [
        {
          title: "Age-by-age focus",
          text: "What matters most at each stage, from the first months to 10+, so you know where to put your energy.",
        },
        {
          title: "A simple weekly rhythm",
          text: "A ready-made week of short activities that fits around work, meals and bedtime.",
        },
        {
          title: "Progress you can see",
          text: "Small milestones to watch for, so you notice new words, skills and confidence week after week.",
        },
        {
          title: "More connection, less pressure",
          text: "Play-based ideas that strengthen your bond. The AI suggests; you decide what fits your family.",
        },
      ],
    },
    why: {
      title: "Why download it?",
      points: [
        "80% of the brain develops by age 3: small daily moments add up.",
        "No more hours of searching: ten focused minutes are enough.",
        "Ready-to-use AI prompts that turn your child's interests into playful activities.",
        "Made for parents. You stay in charge and judge every suggestion.",
      ],
      ctaLabel: "Send Me the Guide",
    },
    finalCta: {
      title: "Start tonight with a plan",
      text: "Tell us your child's age and your goals, and we'll send the guide straight to your inbox.",
      ctaLabel: "Get My Free Guide",
    },
  },
  form: {
    meta: {
      title: "Get your free AI Parenting Guide | {wordmark}",
      description:
        "Tell us your child's age band and your goals, and we'll e-mail you the free AI parenting guide from {brand}. It takes less than a minute.",
    },
    title: "Get your free AI Parenting Guide",
    subtitle: "Three quick answers and the guide is on its way to your inbox.",
    emailLabel: "Your e-mail address",
    emailPlaceholder: "you@example.com",
    ageBandLabel: "How old is your child?",
    goalsLabel: "What are your goals?",
    goalsHint: "Choose all that apply.",
    submit: "Send Me the Guide",
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
      title: "Your guide is on its way | {wordmark}",
      description:
        "Your free AI parenting guide from {brand} is on its way. Check your inbox, and share the guide with a friend using your personal link.",
    },
    title: "Your guide is on its way!",
    sentTo: "We've sent the free AI Parenting Guide to",
    sendingTo: "We're sending the free AI Parenting Guide to",
    notQueued: "We saved your request, but we could not send the e-mail just now. Reload this page in a moment to try again.",
    undeliverable: "We could not deliver the e-mail to this address. Check it and try again with another one.",
    inboxReminder: "Check your inbox in the next few minutes.",
    spamReminder: "Can't find it? Look in your spam or promotions folder and mark us as a safe sender.",
    share: {
      title: "Know a parent who'd love this?",
      text: "Share the free guide with your personal link.",
      linkLabel: "Your share link",
      oneTap: {
        title: "Share in one tap",
        message: "I found a free guide for parents from {socialHandle}, full of ideas matched to your child's age. Get yours here: {link}",
        subject: "A free guide for parents I think you'll like",
        nativeButton: "Share…",
        channels: { wa: "WhatsApp", fb: "Facebook", x: "X", email: "E-mail", sms: "Text message" },
      },
    },
    alreadySent: "Your guide has already been sent. Check your inbox and spam folder.",
    backHome: "Back to Home",
  },
};
