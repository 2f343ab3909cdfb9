import type { EmailsContent } from "../schemas/emails";
import type { Layer } from "../layers";

/** Only what the tennis edition says differently from content/champion on this page. */
export const emails = {
  prelaunch: {
    content: {
      main: {
        description:
          "Thank you for joining {brand}: a 24/7 AI coach with daily personalised tennis drills and a clear roadmap for players aged 0-12. You stay in charge: the AI suggests, you decide what fits your player.",
      },
    },
  },
  invite: {
    content: {
      main: {
        subtitle: "Your place in line came up. Your player's first week of tennis drills is ready when you are.",
      },
    },
  },
} satisfies Layer<EmailsContent>;
