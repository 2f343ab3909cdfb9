import { terms as base } from "../genius/terms";
import { withSections, type LegalDocument } from "../schemas/legal";

/** Tennis edition: drills instead of activities and the 30-day satisfaction guarantee. */
export const terms: LegalDocument = withSections(base, [
  {
    id: "service",
    heading: "2. The service and your responsibility",
    paragraphs: [
      "{brand} gives tennis parents AI-generated daily drills and a development roadmap. The AI is for parents, not children.",
      "The guidance is general information, not medical, physiotherapy or other professional advice. You remain responsible for judging whether a drill is safe and suitable for your player, and for supervising every session.",
    ],
  },
  {
    id: "guarantee",
    heading: "5. 30-day satisfaction guarantee",
    paragraphs: [
      "If you are not satisfied with {brand}, e-mail {contactEmail} within 30 days of your first payment and we will refund that payment.",
    ],
  },
]);
