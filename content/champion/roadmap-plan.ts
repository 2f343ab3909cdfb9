import type { RoadmapPlanContent } from "../schemas/roadmap-plan";
import { roadmapPlan as general } from "../genius/roadmap-plan";

/**
 * The roadmap plan both sports share, written with {sport...} words. Its schedule follows the
 * minutes-a-day time answers; each sport lays its own stages and concern answers over it (and
 * hockey, which asks for training days, its own schedule).
 */
export const roadmapPlan: RoadmapPlanContent = {
  ...general,
  intro: "This is where your player's plan starts. The app adjusts it every week to your player's age and progress {sportHome}.",
  answers: { ...general.answers, ages: "Player's age" },
  // The drills are done at home; each week's line says where they show.
  focusLabel: "Pays off {sportHome}: {focus}",
  schedule: [
    { time: "less-15m", sessionsPerWeek: 7, text: "10 minutes a day of {sportDrills} fits inside the under-15 minutes you have." },
    {
      time: "15-30m",
      sessionsPerWeek: 7,
      text: "10 minutes a day of {sportDrills} is the core; use the rest of your time for rallying for fun.",
    },
    {
      time: "30-60m",
      sessionsPerWeek: 7,
      text: "10 minutes a day of {sportDrills} is the core; with 30-60 minutes add a short point-play game.",
    },
    {
      time: "60m+",
      sessionsPerWeek: 7,
      text: "10 minutes a day of {sportDrills} is the core; the rest is match play and rest, not more drills.",
    },
    { time: "it-depends", sessionsPerWeek: 7, text: "10 minutes a day, {sportHome} or at home, whenever the day allows." },
  ],
  share: {
    ...general.share,
    description:
      "A {sport} parent shared their player's roadmap for {ages}: 10-minute sessions of {sportDrills} matched to the age. Get yours free.",
  },
};
