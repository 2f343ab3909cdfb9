import { plansPage as genius } from "../genius/plans-page";
import { mergeLayers } from "../layers";
import type { PlansPageContent } from "../schemas/plans-page";

/** The genius plans and pricing copy for families of players; {sport} comes from each sport's words.ts. */
export const plansPage = mergeLayers<PlansPageContent>(genius, {
  plans: {
    subtitle: "Founding families keep early-access pricing. Start with a 7-day free trial, no credit card.",
    waitlistSubtitle: "Founding families keep early-access pricing. Choose your plan and we'll save your place on the early-access list.",
  },
  pricing: {
    title: "Simple pricing for every {sport} family",
    reassurance: {
      points: {
        0: { text: "Use every drill for a week before you decide." },
        3: { title: "30-day satisfaction guarantee", text: "Not happy within 30 days? We refund you in full." },
      },
    },
  },
});
