import { guide as genius } from "../genius/guide";
import { mergeLayers, type Layer } from "../layers";
import type { LeadMagnetContent } from "../schemas/lead-magnet";

/** The genius free-guide funnel for families of players, offering a training plan: what the sport editions share differs in these lines only. */
export const guide = mergeLayers<LeadMagnetContent>(genius, {
  landing: {
    hero: {
      eyebrow: "Free guide for {sport} parents",
      ctaLabel: "Get the Free Training Plan",
    },
    inside: {
      title: "What's inside the plan",
      features: [{ title: "Drills for your player's age" }, { title: "A 7-day schedule" }, { title: "Track real progress" }, null],
    },
    why: {
      points: { 0: null, 1: null, 2: "Built for busy {sport} parents: about 15 minutes a day." },
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
    ageBandLabel: "How old is your player?",
    submit: "Send Me the Plan",
  },
  confirm: {
    title: "Your training plan is on its way!",
    share: {
      title: "Know a {sport} parent who'd love this?",
      oneTap: {
        message: "I got a free 7-day {sport} training plan from {socialHandle}, built for our kids' age. Grab yours here: {link}",
        subject: "A free {sport} training plan for your player",
      },
    },
    alreadySent: "Your training plan has already been sent. Check your inbox and spam folder.",
  },
} satisfies Layer<LeadMagnetContent>);
