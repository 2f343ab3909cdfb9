import type { LeadMagnetContent } from "../schemas/lead-magnet";
import type { Layer } from "../layers";

/** What the hockey and tennis editions share on this page; {sport...} words come from each sport's words.ts. */
export const tips = {
  landing: {
    hero: {
      eyebrow: "Free tips for {sport} parents",
      ctaLabel: "Get the Free Tips",
      subtext: "Free. Sent to your inbox in a minute. No credit card.",
    },
    inside: {
      title: "What's inside the tips",
      features: [
        {
          title: "One skill at a time",
        },
        {
          title: "10 minutes a day",
        },
        {
          title: "Smart AI prompts",
        },
        {
          title: "See the improvement",
        },
      ],
    },
    why: {
      title: "Why download them?",
      points: [null, null, null, "You stay in charge and judge what's right for your player."],
      ctaLabel: "Send Me the Tips",
    },
    finalCta: {
      title: "Make tomorrow's 10 minutes count",
      text: "Tell us your player's age and your goals, and we'll send the tips straight to your inbox.",
      ctaLabel: "Get My Free Tips",
    },
  },
  form: {
    title: "Get your free practical {sport} tips",
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
      title: "Your {sport} tips are on their way | {wordmark}",
    },
    title: "Your tips are on their way!",
    notQueued:
      "We saved your request, but we could not send the e-mail just now. Reload this page in a moment to try again.",
    undeliverable: "We could not deliver the e-mail to this address. Check it and try again with another one.",
    inboxReminder: "Check your inbox in the next few minutes.",
    spamReminder: "Can't find them? Look in your spam or promotions folder and mark us as a safe sender.",
    share: {
      title: "Know a {sport} parent who'd love these?",
      linkLabel: "Your share link",
    },
    alreadySent: "Your tips have already been sent. Check your inbox and spam folder.",
    backHome: "Back to Home",
  },
} satisfies Layer<LeadMagnetContent>;
