import { z } from "zod";

const text = z.string().min(1);

/** The roadmap pitch (SPEC 2.6). */
export const roadmapSchema = z.object({
  metaTitle: text,
  hero: z.object({ eyebrow: text, title: text, subtitle: text }),
  story: z.object({
    title: text,
    paragraphs: z.array(text).min(1),
    benefits: z.array(text).min(3),
  }),
  offer: z.object({
    title: text,
    subtitle: text,
    screenshotAlt: text,
    features: z.array(text).length(4),
  }),
  whyNow: z.object({ title: text, paragraphs: z.array(text).min(1) }),
  urgency: z.object({ title: text, text: text }),
  cta: z.literal("See Plans & Lock My Launch Price"),
  ctaNote: text,
});

export type RoadmapContent = z.infer<typeof roadmapSchema>;
