import type { ShareCardContent } from "../schemas/share-card";

export const shareCard: ShareCardContent = {
  headline: "A roadmap for {ages}",
  agePhrases: { expecting: "a baby on the way" },
  headlineNoAges: "10 minutes a day that count",
  focusLine: "{label}: {focus}",
  focusLineNone: "Activities matched to the child's age",
  stepsLabel: "First steps",
  defaultSteps: ["Talk and listen", "Curious questions", "A steady rhythm"],
  cta: "Get yours free",
  title: "A roadmap for {ages} from {brand}",
  description: "A parent shared their roadmap for {ages}: 10 minutes a day of activities matched to the age. Get yours free.",
  titleNoAges: "A parent invited you to {brand}",
  descriptionNoAges: "10 minutes a day of activities matched to your child's age. Join the waitlist and get yours free.",
  imageAlt: "{brand} share card: {headline}. {focus}. First steps: {steps}.",
  status: {
    title: "The card you are sharing",
    text: "Your link shows this picture when you share it: your child's age band and your plan's focus, never your name or e-mail.",
  },
};
