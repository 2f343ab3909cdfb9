import { z } from "zod";

const text = z.string().min(1);

/** Copy around the plan cards, shared by /plans and /pricing (SPEC 2.7, 2.8, 9). */
export const plansPageSchema = z.object({
  plans: z.object({
    metaTitle: text,
    title: text,
    subtitle: text,
    /** The subtitle with LAUNCH_MODE=waitlist: no trial starts there, so it promises none. */
    waitlistSubtitle: text.refine((value) => !/trial|try free/i.test(value), "promises no trial"),
    choose: text,
    /** The button of a plan that leads to the waitlist (SPEC 2.8, 4.6). */
    joinWaitlist: z.literal("Join Waitlist"),
    busy: z.literal("Processing..."),
    comingSoon: z.literal("Coming soon"),
    unavailable: text,
    unknownPlan: text,
  }),
  pricing: z.object({
    metaTitle: text,
    metaDescription: text,
    title: text,
    subtitle: text,
    cta: text,
    waitlistCta: z.literal("Join Waitlist"),
    reassurance: z.object({
      title: text,
      points: z.array(z.object({ title: text, text: text })).min(3),
    }),
  }),
  toggle: z.object({ label: text, monthly: text, yearly: text, yearlyNote: text }),
  card: z.object({
    perMonth: text,
    /** '{price}' is filled: 'Billed $149.90 yearly'. */
    billedYearly: z.string().includes("{price}"),
    /** '{amount}' is filled: 'Save $29.98 a year'. */
    yearlySaving: z.string().includes("{amount}"),
    tryFree: text,
    noCreditCard: text,
  }),
});

export type PlansPageContent = z.infer<typeof plansPageSchema>;
