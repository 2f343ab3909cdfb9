import type { Layer } from "../layers";
import type { LegalDocument } from "../schemas/legal";

/** Tennis words the service. */
export const terms = {
  sections: {
    1: {
      paragraphs: {
        0: "{brand} gives tennis parents AI-generated daily drills and a development roadmap. The AI is for parents, not children.",
      },
    },
  },
} satisfies Layer<LegalDocument>;
