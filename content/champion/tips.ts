import { tips as genius } from "../genius/tips";
import { mergeLayers, type Layer } from "../layers";
import type { LeadMagnetContent } from "../schemas/lead-magnet";

/** The genius free-tips funnel for families of players: what the sport editions share differs in these lines only. */
export const tips = mergeLayers<LeadMagnetContent>(genius, {
  landing: {
    hero: { eyebrow: "Free tips for {sport} parents" },
    inside: {
      features: [
        { title: "One skill at a time" },
        { title: "10 minutes a day" },
        { title: "Smart AI prompts" },
        { title: "See the improvement" },
      ],
    },
    why: { points: [null, null, null, "You stay in charge and judge what's right for your player."] },
    finalCta: {
      text: "Tell us your player's age and your goals, and we'll send the tips straight to your inbox.",
    },
  },
  form: {
    title: "Get your free practical {sport} tips",
    ageBandLabel: "How old is your player?",
  },
  confirm: {
    meta: { title: "Your {sport} tips are on their way | {wordmark}" },
    share: {
      title: "Know a {sport} parent who'd love these?",
      oneTap: {
        message: "I'm getting free {sport} tips from {socialHandle}, short drills for our kids' age. Get them too: {link}",
        subject: "Free {sport} tips for your player",
      },
    },
  },
} satisfies Layer<LeadMagnetContent>);
