import type { FormContent } from "../schemas/form";
import { form as genius } from "../genius/form";

export const form: FormContent = {
  ...genius,
  metaTitle: "Your player's assessment | {brand}",
  step1: {
    ...genius.step1,
    title: "Tell us about your players",
    subtitle: "We build every off-ice session around each player's age and how often you can train.",
    entryLabel: "Player {number}",
    timeLabel: "Off-ice training time",
    timePlaceholder: "Choose how often",
    add: "Add another player",
    remove: "Remove player {number}",
    errors: {
      ageBand: "Please choose an age for this player.",
      time: "Please choose how often you can train.",
    },
  },
  step2: {
    ...genius.step2,
    title: "Where is your player today?",
    subtitle: "Pick current strengths and goals. This shapes the first training roadmap.",
    focusLabel: "Current strengths",
    concernLabel: "Your biggest concern",
    note: "You can fine-tune all of this, and add detail for each player, in the app later.",
    errors: {
      focus: "Please choose at least one strength.",
      goals: "Please choose at least one goal.",
      concern: "Please choose your biggest concern.",
    },
  },
  step3: {
    ...genius.step3,
    title: "Where should we send your player's roadmap?",
    subtitle: "Your training roadmap is ready. Enter your e-mail to see it and save your early-access spot.",
  },
};
