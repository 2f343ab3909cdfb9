import { z } from "zod";

/** Brand, header and footer copy shared by every page of a variant (SPEC 2.3). */
export const siteSchema = z.object({
  brand: z.enum(["genius", "champion"]),
  /** Product title shown on test pages and in titles: 'AI Parenting', 'Hockey Champion', 'Tennis Champion'. */
  title: z.string().min(1),
  /** The header wordmark (text beside the logo mark). */
  wordmark: z.string().min(1),
  /** The single letter in the logo mark. */
  logoLetter: z.string().length(1),
  tagline: z.string().min(1),
  metaDescription: z.string().min(50).max(170),
  /** Share image under public/, used by Open Graph and Twitter cards. */
  shareImage: z.string().startsWith("/"),
  contactEmail: z.string().email(),
  social: z.object({ name: z.string(), handle: z.string(), url: z.string().url() }),
  loginLabel: z.string().min(1),
  footer: z.object({
    productHeading: z.string(),
    pricingLabel: z.string(),
    faqLabel: z.string(),
    companyHeading: z.string(),
    contactLabel: z.string(),
    socialLabel: z.string(),
    legalHeading: z.string(),
    /** Names the data controller: {controllerName}, {controllerAddress}, {controllerEmail} come from configuration. */
    controller: z.string().includes("{controllerName}"),
    privacyLabel: z.string(),
    termsLabel: z.string(),
    /** Re-opens the cookie consent banner. */
    cookieSettingsLabel: z.string().min(1),
    /** `{year}` is filled in at render time. */
    copyright: z.string().includes("{year}"),
  }),
  /** Shown by the root error boundary when a page fails unexpectedly. */
  errorPage: z.object({ title: z.string().min(1), text: z.string().min(1), backHome: z.string().min(1) }),
  /** What a page that is not there (a 404) says: not found, not an error on our side. */
  notFoundPage: z.object({ title: z.string().min(1), text: z.string().min(1), backHome: z.string().min(1) }),
  skipLinkLabel: z.string(),
});

export type SiteContent = z.infer<typeof siteSchema>;
