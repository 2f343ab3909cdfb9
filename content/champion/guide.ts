import type { LeadMagnetContent } from "../schemas/lead-magnet";
import type { Layer } from "../layers";

/** What the hockey and tennis editions share on this page; {sport...} words come from each sport's words.ts. */
export const guide = {
  landing: {
    hero: {
      eyebrow: "Free guide for {sport} parents",
      ctaLabel: "Get the Free Training Plan",
      subtext: "Free. Sent to your inbox in a minute. No credit card.",
    },
    inside: {
      title: "What's inside the plan",
      features: [
        {
          title: "Drills for your player's age",
        },
        {
          title: "A 7-day schedule",
        },
        {
          title: "Track real progress",
        },
        null,
      ],
    },
    why: {
      title: "Why download it?",
      points: [
        null,
        null,
        "Built for busy {sport} parents: about 15 minutes a day.",
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
    title: "Your training plan is on its way!",
    notQueued:
      "We saved your request, but we could not send the e-mail just now. Reload this page in a moment to try again.",
    undeliverable: "We could not deliver the e-mail to this address. Check it and try again with another one.",
    inboxReminder: "Check your inbox in the next few minutes.",
    spamReminder: "Can't find it? Look in your spam or promotions folder and mark us as a safe sender.",
    share: {
      title: "Know a {sport} parent who'd love this?",
      linkLabel: "Your share link",
    },
    alreadySent: "Your training plan has already been sent. Check your inbox and spam folder.",
    backHome: "Back to Home",
  },
} satisfies Layer<LeadMagnetContent>;
