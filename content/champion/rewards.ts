import { rewards as genius } from "../genius/rewards";
import { mergeLayers } from "../layers";
import type { RewardsContent } from "../schemas/rewards";

/** The genius ladder copy in the champion editions' voice: teammates' parents, the {sport} words. */
export const rewards = mergeLayers<RewardsContent>(genius, {
  status: {
    title: "Your champion rewards 🏆",
    next: {
      one: "1 more teammate's parent to your next reward: {title}",
      other: "{count} more teammates' parents to your next reward: {title}",
    },
    allUnlocked: "Every reward unlocked, champion parent. See you {sportHome}!",
    progress: { one: "{credited} of 1 parent", other: "{credited} of {count} parents" },
    locked: { one: "At 1 parent", other: "At {count} parents" },
  },
});
