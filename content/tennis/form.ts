import type { FormContent } from "../schemas/form";
import type { Layer } from "../layers";

/** Only what the tennis edition says differently from content/champion on this page. */
export const form = {
  step1: {
    subtitle: "Daily drills fit each player's age and the time you have on and off court.",
  },
  step2: {
    title: "What should your player work on?",
    subtitle: "Pick focus areas and goals. This shapes the first tennis roadmap.",
  },
  step3: {
    subtitle: "Your tennis roadmap is ready. Enter your e-mail to see it and save your early-access spot.",
  },
} satisfies Layer<FormContent>;
