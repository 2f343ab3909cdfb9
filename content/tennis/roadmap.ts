import type { RoadmapContent } from "../schemas/roadmap";
import type { Layer } from "../layers";

/** Only what the tennis edition says differently from content/champion on this page. */
export const roadmap = {
  hero: {
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
    features: {
      1: "Expert roadmap for ages 0-12",
    },
  },
  whyNow: {
    paragraphs: [
      "We are opening {brand} to a first wave of 100 founding families. Founding parents keep early-access pricing for as long as they stay, and shape the drills we build next.",
    ],
  },
} satisfies Layer<RoadmapContent>;
