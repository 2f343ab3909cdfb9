import type { FormContent } from "../schemas/form";
import type { Layer } from "../layers";

/** Only what the hockey edition says differently from content/champion on this page. */
export const form = {
  step1: {
    subtitle: "We build every off-ice session around each player's age and how often you can train.",
    timeLabel: "Off-ice training time",
    timePlaceholder: "Choose how often",
    errors: {
      time: "Please choose how often you can train.",
    },
  },
  step2: {
    title: "Where is your player today?",
    subtitle: "Pick current strengths and goals. This shapes the first training roadmap.",
    focusLabel: "Current strengths",
    errors: {
      focus: "Please choose at least one strength.",
    },
  },
  step3: {
    subtitle: "Your training roadmap is ready. Enter your e-mail to see it and save your early-access spot.",
  },
} satisfies Layer<FormContent>;
