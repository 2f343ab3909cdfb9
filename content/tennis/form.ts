import type { FormContent } from "../schemas/form";
import { form as genius } from "../genius/form";

export const form: FormContent = {
  ...genius,
  metaTitle: "Your player's assessment | {brand}",
  step1: {
    ...genius.step1,
    title: "Tell us about your players",
    subtitle: "Daily drills fit each player's age and the time you have on and off court.",
    entryLabel: "Player {number}",
    add: "Add another player",
    remove: "Remove player {number}",
    errors: {
      ageBand: "Please choose an age for this player.",
      time: "Please choose how much time you have each day.",
    },
  },
  step2: {
    ...genius.step2,
    title: "What should your player work on?",
    subtitle: "Pick focus areas and goals. This shapes the first tennis roadmap.",
    note: "You can fine-tune all of this, and add detail for each player, in the app later.",
  },
  step3: {
    ...genius.step3,
    title: "Where should we send your player's roadmap?",
    subtitle: "Your tennis roadmap is ready. Enter your e-mail to see it and save your early-access spot.",
  },
};
