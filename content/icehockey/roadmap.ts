import type { RoadmapContent } from "../schemas/roadmap";
import { roadmap as genius } from "../genius/roadmap";

export const roadmap: RoadmapContent = {
  ...genius,
  metaTitle: "Your player's roadmap is ready | {brand}",
  hero: {
    eyebrow: "Assessment complete",
    title: "Your player's personalised training roadmap is ready",
    subtitle:
      "Built from your answers: off-ice drills for your player's age, strengths and goals, and the time you have between ice slots.",
  },
  story: {
    title: "Champions are built off the ice",
    paragraphs: [
      "80% of the brain develops by age 3, and the coordination, balance and confidence a young player builds early carry onto the ice for years.",
      "Ice time is scarce and expensive. {brand} turns your living room, driveway and garage into daily training, with a plan that tells you exactly what to do next.",
    ],
    benefits: [
      "80% of the brain develops by age 3: early movement habits last",
      "Off-ice drills for skating, stickhandling and shooting at home",
      "About 10 minutes on each training day, so practice fits around school",
      "Clear milestones to make every paid ice hour count",
    ],
  },
  offer: {
    title: "Everything in your plan",
    subtitle: "A 24/7 AI coach for you, the hockey parent. You stay in charge of what is right for your player.",
    screenshotAlt: "The {brand} app showing today's off-ice drills",
    features: [
      "Daily personalised activities",
      "Expert roadmap from first strides to select team",
      "24/7 AI guidance for your questions",
      "Cancel anytime",
    ],
  },
  whyNow: {
    title: "Why now?",
    paragraphs: [
      "We are opening {brand} to a first wave of 100 founding families. Founding parents keep early-access pricing for as long as they stay, before tryout season starts.",
    ],
  },
  urgency: {
    title: "Only 100 founding-family spots",
    text: "When the first wave is full, early-access pricing closes. Choosing a plan now costs nothing today: 7-day free trial, no credit card.",
  },
};
