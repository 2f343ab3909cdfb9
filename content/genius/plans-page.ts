import type { PlansPageContent } from "../schemas/plans-page";

export const plansPage: PlansPageContent = {
  plans: {
    metaTitle: "Choose your plan | {brand}",
    title: "Choose your plan and lock your launch price",
    subtitle: "Founding parents keep early-access pricing. Start with a 7-day free trial, no credit card.",
    waitlistSubtitle: "Founding parents keep early-access pricing. Choose your plan and we'll save your place on the early-access list.",
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
    title: "Simple pricing for every family",
    subtitle: "Start with a 7-day free trial. No credit card. Cancel anytime.",
    cta: "Start Free Assessment",
    waitlistCta: "Join Waitlist",
    reassurance: {
      title: "Try it without risk",
      points: [
        { title: "7-day free trial", text: "Use everything for a week before you decide." },
        { title: "No credit card", text: "Nothing to enter until you choose to continue." },
        { title: "Cancel anytime", text: "One click, no questions, no fees." },
        { title: "7-day money-back guarantee", text: "Not for you? Ask within 7 days of paying for a full refund." },
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
};
