/**
 * The two lead-magnet funnels (SPEC 2.12, 4.3): the free guide and the free tips. They share every
 * screen and differ only in page names, the lead source, the e-mail template and session keys.
 */
export type LeadMagnetKind = "guide" | "tips";

/** What a lead-magnet form holds: the e-mail, one age band and the goals. */
export type LeadMagnetValues = { email: string; ageBand: string; goals: string[] };

export type LeadMagnetConfig = {
  kind: LeadMagnetKind;
  /** Page names for the link builder. */
  landingPage: LeadMagnetKind;
  formPage: `${LeadMagnetKind}-form`;
  confirmPage: `${LeadMagnetKind}-confirm`;
  leadSource: "guide_download" | "tips_download";
  /** The e-mail template sent from the confirm page. */
  template: LeadMagnetKind;
  /** SPEC 3.7 session keys. */
  emailKey: "guideEmail" | "tipsEmail";
  leadIdKey: "guideLeadId" | "tipsLeadId";
};

export const LEAD_MAGNETS: Record<LeadMagnetKind, LeadMagnetConfig> = {
  guide: {
    kind: "guide",
    landingPage: "guide",
    formPage: "guide-form",
    confirmPage: "guide-confirm",
    leadSource: "guide_download",
    template: "guide",
    emailKey: "guideEmail",
    leadIdKey: "guideLeadId",
  },
  tips: {
    kind: "tips",
    landingPage: "tips",
    formPage: "tips-form",
    confirmPage: "tips-confirm",
    leadSource: "tips_download",
    template: "tips",
    emailKey: "tipsEmail",
    leadIdKey: "tipsLeadId",
  },
};
