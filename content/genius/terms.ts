import type { LegalDocument } from "../schemas/legal";

export const terms: LegalDocument = {
  meta: {
    title: "Terms of Service",
    description:
      "The terms for using {brand}: who may use it, the free trial and guarantee, parents' responsibility for the guidance, liability, disputes and governing law.",
  },
  title: "Terms of Service",
  lastUpdated: "Last updated: September 2025",
  intro:
    "These terms are an agreement between you and {controllerName}, {controllerAddress} (contact: {controllerEmail}), which operates {brand}. They apply when you use the {brand} website, join the early-access list or create an account. Please read them carefully.",
  sections: [
    {
      id: "eligibility",
      heading: "1. Who may use {brand}",
      paragraphs: [
        "You must be 13 or older, or the minimum age in your country if that is higher. If you are under 18, you may use {brand} only with the consent of a parent or legal guardian.",
        "{brand} is made for parents. It is not directed at children under 13, and children under 13 are not targeted by our service or our advertising.",
      ],
    },
    {
      id: "service",
      heading: "2. The service and your responsibility",
      paragraphs: [
        "{brand} gives parents AI-generated suggestions for activities and routines. The AI is for parents, not children.",
        "The guidance is general information, not medical, psychological or other professional advice. You remain responsible for judging whether a suggestion is safe and suitable for your child, and for supervising every activity.",
      ],
    },
    {
      id: "early-access",
      heading: "3. Pre-launch and early access",
      paragraphs: [
        "{brand} is in pre-launch. The first wave of early access is limited to 100 spots. Joining the list does not create a paid subscription; we will e-mail you your early-access date.",
      ],
    },
    {
      id: "trial-billing",
      heading: "4. Free trial, billing and cancellation",
      paragraphs: [
        "Every plan starts with a 7-day free trial. No credit card is needed to start the trial.",
        "After the trial, plans are billed monthly or yearly in advance. Yearly billing costs 10 times the monthly price. You can cancel anytime; cancellation takes effect at the end of the period you paid for.",
      ],
    },
    {
      id: "guarantee",
      heading: "5. Money-back guarantee",
      paragraphs: [
        "If you are not happy with {brand}, e-mail {contactEmail} within 7 days of your first payment and we will refund that payment in full.",
      ],
    },
    {
      id: "accounts",
      heading: "6. Your account",
      paragraphs: [
        "Keep your password private and tell us at once if you suspect someone else has used your account. You are responsible for what happens under your account.",
        "Do not misuse the service: no attempts to break, overload or copy it, and no content that is unlawful or harms others.",
      ],
    },
    {
      id: "liability",
      heading: "7. Limitation of liability",
      paragraphs: [
        "To the extent the law allows, our total liability to you for any claim is limited to the greater of EUR 1 or the amount you paid us in the last 12 months. Nothing in these terms limits liability that cannot be limited by law.",
      ],
    },
    {
      id: "disputes",
      heading: "8. Disputes and arbitration for US users",
      paragraphs: [
        "If you have a complaint, write to {contactEmail} first. We will try to resolve it informally.",
        "If you live in the United States and we cannot resolve a dispute within 60 days of informal resolution, it will be settled by binding individual arbitration rather than in court, and not as part of a class action.",
        "You may opt out of arbitration by e-mailing {contactEmail} within 30 days of creating your account.",
      ],
    },
    {
      id: "governing-law",
      heading: "9. Governing law",
      paragraphs: [
        "These terms are governed by the laws of the Czech Republic. If you are a consumer, you keep the protection of the mandatory laws of the country where you live.",
      ],
    },
    {
      id: "changes",
      heading: "10. Changes to these terms",
      paragraphs: [
        "We will give you 30 days' notice by e-mail before a material change to these terms takes effect. If you keep using {brand} after that, the new terms apply.",
      ],
    },
    {
      id: "contact",
      heading: "11. Contact",
      paragraphs: ["Questions about these terms: {contactEmail}."],
    },
  ],
};
