import { z } from "zod";
import { metaSchema } from "./faq";

/** Privacy policy and terms (SPEC 2.13, 9): a title, the last-updated line and sections of paragraphs. */
export const legalDocumentSchema = z.object({
  meta: metaSchema,
  title: z.string().min(1),
  /** SPEC 9: policies are dated September 2025. */
  lastUpdated: z.string().includes("September 2025"),
  /** The version a consent record names (privacy policy); a new one for every change of substance. */
  version: z
    .string()
    .regex(/^\d{4}-\d{2}(-r\d+)?$/)
    .optional(),
  intro: z.string().min(1),
  sections: z
    .array(
      z.object({
        /** Anchor of the section (`#arbitration`), stable across variants. */
        id: z.string().regex(/^[a-z0-9-]+$/),
        heading: z.string().min(1),
        paragraphs: z.array(z.string().min(1)).min(1),
      }),
    )
    .min(3),
  /** The privacy policy's cookie table, rendered after the section `cookies` from the site's cookie list. */
  cookieTable: z
    .object({
      caption: z.string().min(1),
      headers: z.object({ name: z.string(), purpose: z.string(), lifetime: z.string(), when: z.string() }),
      lifetimes: z.object({ days: z.string().includes("{days}"), year: z.string() }),
      beforeConsent: z.string().min(1),
      afterConsent: z.string().min(1),
      purposes: z.object({ session: z.string(), consent: z.string(), supabaseAuth: z.string(), metaPixel: z.string() }),
    })
    .optional(),
});

export type LegalDocument = z.infer<typeof legalDocumentSchema>;
