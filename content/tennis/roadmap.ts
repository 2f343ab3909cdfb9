import type { RoadmapContent } from "../schemas/roadmap";
import { roadmap as genius } from "../genius/roadmap";

export const roadmap: RoadmapContent = {
  ...genius,
  metaTitle: "Your player's roadmap is ready | {brand}",
  hero: {
    eyebrow: "Assessment complete",
    title: "Your player's personalised tennis roadmap is ready",
    subtitle:
      "Built from your answers: daily drills for your player's age, focus areas and goals, from first rallies to first tournaments.",
  },
  story: {
    title: "Great players start with great habits",
    paragraphs: [
      "80% of the brain develops by age 3, and footwork, hand-eye coordination and love for the game grow fastest when they are part of every day.",
      "Court time and coaching are expensive. {brand} gives you daily drills and a clear roadmap for ages 0-12, so every session builds on the last.",
    ],
    benefits: [
      "80% of the brain develops by age 3: coordination starts early",
      "Daily drills for footwork, strokes and match thinking",
      "About 10 minutes a day, on court or at home",
      "A roadmap for ages 0-12 with milestones you can see",
    ],
  },
  offer: {
    title: "Everything in your plan",
    subtitle: "A 24/7 AI coach for you, the tennis parent. You stay in charge of what is right for your player.",
    screenshotAlt: "The {brand} app showing today's tennis drills",
    features: [
      "Daily personalised activities",
      "Expert roadmap for ages 0-12",
      "24/7 AI guidance for your questions",
      "Cancel anytime",
    ],
  },
  whyNow: {
    title: "Why now?",
    paragraphs: [
      "We are opening {brand} to a first wave of 100 founding families. Founding parents keep early-access pricing for as long as they stay, and shape the drills we build next.",
    ],
  },
  urgency: {
    title: "Only 100 founding-family spots",
    text: "When the first wave is full, early-access pricing closes. Choosing a plan now costs nothing today: 7-day free trial, no credit card.",
  },
};
