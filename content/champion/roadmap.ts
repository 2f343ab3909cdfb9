import type { RoadmapContent } from "../schemas/roadmap";
import type { Layer } from "../layers";

/** What the hockey and tennis editions share on this page; {sport...} words come from each sport's words.ts. */
export const roadmap = {
  metaTitle: "Your player's roadmap is ready | {brand}",
  hero: {
    eyebrow: "Assessment complete",
  },
  offer: {
    title: "Everything in your plan",
    subtitle: "A 24/7 AI coach for you, the {sport} parent. You stay in charge of what is right for your player.",
    screenshotAlt: "The {brand} app showing today's {sportDrills}",
    features: ["Daily personalised activities", null, "24/7 AI guidance for your questions", "Cancel anytime"],
  },
  whyNow: {
    title: "Why now?",
  },
  urgency: {
    title: "Only 100 founding-family spots",
    text: "When the first wave is full, early-access pricing closes. Choosing a plan now costs nothing today: 7-day free trial, no credit card.",
  },
  cta: "See Plans & Lock My Launch Price",
  ctaNote: "7-day free trial · No credit card · Cancel anytime",
} satisfies Layer<RoadmapContent>;
