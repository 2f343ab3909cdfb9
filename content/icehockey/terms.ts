import { terms as base } from "../genius/terms";
import { withSections, type LegalDocument } from "../schemas/legal";

/** Hockey edition: drills instead of activities, the 30-day satisfaction guarantee, the cap in dollars. */
export const terms: LegalDocument = withSections(base, [
  {
    id: "service",
    heading: "2. The service and your responsibility",
    paragraphs: [
      "{brand} gives hockey parents AI-generated off-ice drills and training plans. The AI is for parents, not children.",
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
  {
    id: "liability",
    heading: "7. Limitation of liability",
    paragraphs: [
      "To the extent the law allows, our total liability to you for any claim is limited to the greater of $1 or the amount you paid us in the last 12 months. Nothing in these terms limits liability that cannot be limited by law.",
    ],
  },
]);
