import { z } from "zod";
import { emailsSchema } from "./emails";
import { landingSchema } from "./landing";
import { leadMagnetSchema } from "./lead-magnet";
import { optionsSchema } from "./options";
import { plansSchema } from "./plans";
import { consentSchema } from "./consent";
import { faqSchema } from "./faq";
import { legalDocumentSchema } from "./legal";
import { signupSchema } from "./signup";
import { siteSchema } from "./site";
import { adminSchema } from "./admin";
import { formSchema } from "./form";
import { roadmapSchema } from "./roadmap";
import { roadmapPlanSchema } from "./roadmap-plan";
import { plansPageSchema } from "./plans-page";
import { confirmSchema } from "./confirm";
import { waitlistSchema } from "./waitlist";
import { botGuardSchema } from "./bot-guard";
import { myDataSchema } from "./my-data";
import { unsubscribeSchema } from "./unsubscribe";
import { a11ySchema } from "./a11y";
import { previewSchema } from "./preview";
import { lostLinkSchema } from "./lost-link";
import { rewardsSchema } from "./rewards";
import { shareCardSchema } from "./share-card";
import { clubsSchema } from "./clubs";

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
  guide: leadMagnetSchema,
  tips: leadMagnetSchema,
  form: formSchema,
  roadmap: roadmapSchema,
  roadmapPlan: roadmapPlanSchema,
  plansPage: plansPageSchema,
  confirm: confirmSchema,
  signup: signupSchema,
  admin: adminSchema,
  waitlist: waitlistSchema,
  botGuard: botGuardSchema,
  myData: myDataSchema,
  unsubscribe: unsubscribeSchema,
  a11y: a11ySchema,
  preview: previewSchema,
  lostLink: lostLinkSchema,
  rewards: rewardsSchema,
  shareCard: shareCardSchema,
  clubs: clubsSchema,
};

export type PageName = keyof typeof pageSchemas;
export type PageContent = { [K in PageName]: z.infer<(typeof pageSchemas)[K]> };
/** Genius holds every page; the sport editions hold what differs and fall back to genius. */
export type VariantContent = Partial<PageContent> & Pick<PageContent, "site">;
