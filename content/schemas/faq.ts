import { z } from "zod";

const metaSchema = z.object({
  title: z.string().min(1),
  description: z.string().min(50).max(170),
});

/** FAQ page (SPEC 2.13): categories of questions shown as accordions, then a contact block. */
export const faqSchema = z.object({
  meta: metaSchema,
  title: z.string().min(1),
  intro: z.string().min(1),
  categories: z
    .array(
      z.object({
        title: z.string().min(1),
        items: z.array(z.object({ question: z.string().min(1), answer: z.array(z.string().min(1)).min(1) })).min(1),
      }),
    )
    .min(2),
  contact: z.object({
    title: z.string().min(1),
    text: z.string().min(1),
    buttonLabel: z.string().min(1),
  }),
});

export type FaqContent = z.infer<typeof faqSchema>;
export { metaSchema };
