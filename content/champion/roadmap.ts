import { roadmap as genius } from "../genius/roadmap";
import { mergeLayers, type Layer } from "../layers";
import type { RoadmapContent } from "../schemas/roadmap";

/** The genius roadmap pitch for families of players: what the sport editions share differs in these lines only. */
export const roadmap = mergeLayers<RoadmapContent>(genius, {
  metaTitle: "Your player's roadmap is ready | {brand}",
  offer: {
    subtitle: "A 24/7 AI coach for you, the {sport} parent. You stay in charge of what is right for your player.",
    screenshotAlt: "The {brand} app showing today's {sportDrills}",
    features: { 1: null },
  },
  urgency: { title: "Only 100 founding-family spots" },
} satisfies Layer<RoadmapContent>);
