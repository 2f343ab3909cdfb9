import type { PlansPageContent } from "../schemas/plans-page";
import type { Layer } from "../layers";

/** What the hockey and tennis editions share on this page; {sport...} words come from each sport's words.ts. */
export const plansPage = {
  plans: {
    metaTitle: "Choose your plan | {brand}",
    title: "Choose your plan and lock your launch price",
    subtitle: "Founding families keep early-access pricing. Start with a 7-day free trial, no credit card.",
    waitlistSubtitle:
      "Founding families keep early-access pricing. Choose your plan and we'll save your place on the early-access list.",
    choose: "Try Free for 7 Days",
    joinWaitlist: "Join Waitlist",
    busy: "Processing...",
    comingSoon: "Coming soon",
    unavailable: "This plan is not available yet. Please choose another plan.",
    unknownPlan: "Please choose one of the plans shown.",
  },
  pricing: {
    metaTitle: "Pricing | {brand}",
    metaDescription:
      "{brand} plans and prices: start with a 7-day free trial, no credit card, cancel anytime. Pay monthly or yearly and get 2 months free.",
    title: "Simple pricing for every {sport} family",
    subtitle: "Start with a 7-day free trial. No credit card. Cancel anytime.",
    cta: "Start Free Assessment",
    waitlistCta: "Join Waitlist",
    reassurance: {
      title: "Try it without risk",
      points: [
        {
          title: "7-day free trial",
          text: "Use every drill for a week before you decide.",
        },
        {
          title: "No credit card",
          text: "Nothing to enter until you choose to continue.",
        },
        {
          title: "Cancel anytime",
          text: "One click, no questions, no fees.",
        },
        {
          title: "30-day satisfaction guarantee",
          text: "Not happy within 30 days? We refund you in full.",
        },
      ],
    },
  },
  toggle: {
    label: "Billing cycle",
    monthly: "Monthly",
    yearly: "Yearly",
    yearlyNote: "2 months free",
  },
  card: {
    perMonth: "/month",
    billedYearly: "Billed {price} yearly",
    yearlySaving: "Save {amount} a year",
    tryFree: "Try Free for 7 Days",
    noCreditCard: "No credit card required",
  },
} satisfies Layer<PlansPageContent>;
