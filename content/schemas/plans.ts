import { z } from "zod";

/** A Tailwind class list (e.g. "bg-brand text-white"); components apply it as is. */
const classes = z.string().regex(/^[\w:/\-[\]#.]+( [\w:/\-[\]#.]+)*$/, "Tailwind class names");

/** One plan (SPEC 3.4); prices in US dollars (SPEC 9). */
const planSchema = z
  .object({
    id: z.string().regex(/^[a-z][a-z-]*$/),
    name: z.string().min(1),
    tagline: z.string().min(1),
    monthlyPrice: z.number().positive(),
    yearlyPrice: z.number().positive(),
    /** Shown with the yearly cycle, e.g. '2 months free'. */
    yearlyDiscount: z.string().min(1),
    features: z.array(z.string().min(1)).min(3),
    badge: z.string().min(1).optional(),
    badgeColor: classes,
    bgColor: classes,
    buttonColor: classes,
    /** Highlighted card (the recommended plan). */
    emphasis: z.boolean(),
    /** Set apart from the family plans (the top tier for educators/clubs). */
    separated: z.boolean(),
    /** Draws a brand-coloured border around the card. */
    border: z.boolean(),
    /** Not bookable yet: pricing shows 'Join Waitlist' (SPEC 2.8). */
    status: z.literal("in-preparation").optional(),
  })
  .refine((plan) => Math.abs(plan.yearlyPrice - plan.monthlyPrice * 10) < 0.005, {
    message: "yearly is priced at 10 times monthly (SPEC 9)",
    path: ["yearlyPrice"],
  });

export const plansSchema = z.object({
  plans: z
    .array(planSchema)
    .length(4)
    .refine((plans) => new Set(plans.map((plan) => plan.id)).size === plans.length, {
      message: "plan ids must be unique",
    }),
});

export type Plan = z.infer<typeof planSchema>;
export type PlansContent = z.infer<typeof plansSchema>;
