import { terms as genius } from "../genius/terms";
import { mergeLayers, type Layer } from "../layers";
import type { LegalDocument } from "../schemas/legal";

/** The genius terms with drills instead of activities and the 30-day satisfaction guarantee; each sport words what the service is. */
export const terms = mergeLayers<LegalDocument>(genius, {
  sections: {
    1: {
      paragraphs: [
        null,
        "The guidance is general information, not medical, physiotherapy or other professional advice. You remain responsible for judging whether a drill is safe and suitable for your player, and for supervising every session.",
      ],
    },
    4: {
      heading: "5. 30-day satisfaction guarantee",
      paragraphs: [
        "If you are not satisfied with {brand}, e-mail {contactEmail} within 30 days of your first payment and we will refund that payment.",
      ],
    },
  },
} satisfies Layer<LegalDocument>);
