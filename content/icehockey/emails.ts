import type { EmailsContent } from "../schemas/emails";
import type { Layer } from "../layers";

/** Only what the hockey edition says differently from content/champion on this page. */
export const emails = {
  prelaunch: {
    content: {
      main: {
        description:
          "Thank you for joining {brand}: a 24/7 AI coach with daily personalised off-ice drills and a clear roadmap for young hockey players. You stay in charge: the AI suggests, you decide what fits your player.",
      },
    },
  },
  invite: {
    content: {
      main: {
        subtitle: "Your place in line came up. Your skater's first week of off-ice drills is ready when you are.",
      },
    },
  },
} satisfies Layer<EmailsContent>;
