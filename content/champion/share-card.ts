import { shareCard as genius } from "../genius/share-card";
import { mergeLayers } from "../layers";
import type { ShareCardContent } from "../schemas/share-card";

/** The genius card in the champion editions' voice: a player, {sportDrills}, {sportHome}. */
export const shareCard = mergeLayers<ShareCardContent>(genius, {
  headline: "A {sport} roadmap for {ages}",
  agePhrases: { expecting: "a player on the way" },
  headlineNoAges: "10 minutes of {sportDrills} a day",
  focusLineNone: "Drills matched to the player's age",
  defaultSteps: ["Quick feet", "Balance and core", "Game sense"],
  title: "A {sport} roadmap for {ages} from {brand}",
  description:
    "A {sport} parent shared their player's roadmap for {ages}: 10-minute sessions of {sportDrills} matched to the age. Get yours free.",
  titleNoAges: "A {sport} parent invited you to {brand}",
  descriptionNoAges: "10-minute sessions of {sportDrills} matched to your player's age. Join the waitlist and get yours free.",
  status: {
    text: "Your link shows this picture when you share it: your player's age band and your plan's focus, never your name or e-mail.",
  },
});
