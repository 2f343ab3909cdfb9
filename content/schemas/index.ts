import { z } from "zod";
import { landingSchema } from "./landing";
import { optionsSchema } from "./options";
import { plansSchema } from "./plans";
import { consentSchema } from "./consent";
import { faqSchema } from "./faq";
import { legalDocumentSchema } from "./legal";
import { emailsSchema } from "./emails";
import { siteSchema } from "./site";

/**
 * One zod schema per content page. Add a page here and in each variant's index.ts;
 * tests/unit/content.test.ts checks every variant against these.
 */
export const pageSchemas = {
  site: siteSchema,
  landing: landingSchema,
  options: optionsSchema,
  plans: plansSchema,
  faq: faqSchema,
  privacy: legalDocumentSchema,
  terms: legalDocumentSchema,
  consent: consentSchema,
  emails: emailsSchema,
};

export type PageName = keyof typeof pageSchemas;
export type PageContent = { [K in PageName]: z.infer<(typeof pageSchemas)[K]> };
/** Genius holds every page; the sport editions hold what differs and fall back to genius. */
export type VariantContent = Partial<PageContent> & Pick<PageContent, "site">;
