import type { RoadmapContent } from "../schemas/roadmap";
import type { Layer } from "../layers";

/** Only what the hockey edition says differently from content/champion on this page. */
export const roadmap = {
  hero: {
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
    features: {
      1: "Expert roadmap from first strides to select team",
    },
  },
  whyNow: {
    paragraphs: [
      "We are opening {brand} to a first wave of 100 founding families. Founding parents keep early-access pricing for as long as they stay, before tryout season starts.",
    ],
  },
} satisfies Layer<RoadmapContent>;
