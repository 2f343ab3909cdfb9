import type { RoadmapContent } from "../schemas/roadmap";

export const roadmap: RoadmapContent = {
  metaTitle: "Your child's roadmap is ready | {brand}",
  hero: {
    eyebrow: "Assessment complete",
    title: "Your child's personalised roadmap is ready",
    subtitle: "Built from your answers: the right activities for your child's age, your goals and the time you really have.",
  },
  story: {
    title: "Why the early years matter so much",
    paragraphs: [
      "80% of the brain develops by age 3, and most of the rest before school starts. The small, everyday moments you share now shape language, focus and confidence for years.",
      "Most parents want to do more but don't know what fits their child this week. {brand} turns your answers into a simple daily plan, so you always know the next step.",
    ],
    benefits: [
      "80% of the brain develops by age 3: every day of play counts",
      "Activities matched to your child's age band and interests",
      "About 10 minutes a day, fitted around real family life",
      "Clear milestones so you can see progress, not guess at it",
    ],
  },
  offer: {
    title: "Everything in your plan",
    subtitle: "A 24/7 AI coach for you, the parent. You stay in charge of what is right for your child.",
    screenshotAlt: "The {brand} app showing today's personalised activities",
    features: [
      "Daily personalised activities",
      "Expert roadmap for every age band",
      "24/7 AI guidance for your questions",
      "Cancel anytime",
    ],
  },
  whyNow: {
    title: "Why now?",
    paragraphs: [
      "We are opening {brand} to a first wave of 100 founding parents. Founding parents lock in early-access pricing for as long as they stay, and help shape what we build next.",
    ],
  },
  urgency: {
    title: "Only 100 founding-parent spots",
    text: "When the first wave is full, early-access pricing closes. Choosing a plan now costs nothing today: 7-day free trial, no credit card.",
  },
  cta: "See Plans & Lock My Launch Price",
  ctaNote: "7-day free trial · No credit card · Cancel anytime",
};
