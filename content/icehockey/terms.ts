import type { Layer } from "../layers";
import type { LegalDocument } from "../schemas/legal";

/** Hockey words the service, and caps liability in dollars. */
export const terms = {
  sections: {
    1: {
      paragraphs: {
        0: "{brand} gives hockey parents AI-generated off-ice drills and training plans. The AI is for parents, not children.",
      },
    },
    6: {
      paragraphs: [
        "To the extent the law allows, our total liability to you for any claim is limited to the greater of $1 or the amount you paid us in the last 12 months. Nothing in these terms limits liability that cannot be limited by law.",
      ],
    },
  },
} satisfies Layer<LegalDocument>;
