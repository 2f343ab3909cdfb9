import type { PlansPageContent } from "../schemas/plans-page";
import { plansPage as genius } from "../genius/plans-page";

export const plansPage: PlansPageContent = {
  ...genius,
  plans: {
    ...genius.plans,
    subtitle: "Founding families keep early-access pricing. Start with a 7-day free trial, no credit card.",
    waitlistSubtitle:
      "Founding families keep early-access pricing. Choose your plan and we'll save your place on the early-access list.",
  },
  pricing: {
    ...genius.pricing,
    title: "Simple pricing for every hockey family",
    reassurance: {
      title: "Try it without risk",
      points: [
        { title: "7-day free trial", text: "Use every drill for a week before you decide." },
        { title: "No credit card", text: "Nothing to enter until you choose to continue." },
        { title: "Cancel anytime", text: "One click, no questions, no fees." },
        { title: "30-day satisfaction guarantee", text: "Not happy within 30 days? We refund you in full." },
      ],
    },
  },
};
