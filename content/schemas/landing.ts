import { z } from "zod";

const text = z.string().min(1);

/** Icon keys a landing card may use; app/components/landing/icons.ts maps them to lucide-react icons. */
const landingIconKeys = [
  "activity",
  "award",
  "badge-check",
  "bot",
  "brain",
  "calendar",
  "chart-bar",
  "clipboard-list",
  "clock",
  "compass",
  "dumbbell",
  "goal",
  "graduation-cap",
  "heart-handshake",
  "hourglass",
  "layers",
  "lightbulb",
  "map",
  "medal",
  "puzzle",
  "route",
  "shield-check",
  "smartphone",
  "sparkles",
  "target",
  "timer",
  "trending-down",
  "trophy",
  "wallet",
  "zap",
] as const;

const card = z.object({ icon: z.enum(landingIconKeys), title: text, text });

/** Landing page copy (SPEC 2.4), section by section in page order. */
export const landingSchema = z.object({
  meta: z.object({
    title: z.string().min(10).max(70),
    description: z.string().min(50).max(170),
  }),
  hero: z.object({
    title: text,
    subtitle: text,
    appText: text,
    screenshotAlt: z.string().min(10),
    ctaLabel: text,
    subtext: text,
    /** Exactly one indicator per icon of SPEC 2.4: users, shield, star. */
    trustIndicators: z.array(z.object({ icon: z.enum(["users", "shield", "star"]), text })).length(3),
  }),
  dreamOutcome: z.object({
    title: text,
    /** The last outcome is shown bold. */
    outcomes: z.array(text).min(3),
    featureCard: z.object({ title: text, text }),
    buttonLabel: text,
  }),
  painPoints: z.object({ title: text, cards: z.array(card).length(3) }),
  solution: z.object({ title: text, features: z.array(card).length(4), buttonLabel: text }),
  credibility: z.object({ title: text, points: z.array(card).length(3) }),
  finalCta: z.object({ title: text, text, buttonLabel: text }),
  /**
   * Who brought the parent, above the title: a friend's link (never the friend's name) or a club's
   * link (`club`, followed by the club's public name; the landing page keeps no placeholder).
   */
  arrival: z.object({ friend: text, club: text }),
  /** The sport editions: a line on club pools under the final call to action, linking to the clubs. */
  clubs: z.object({ text, linkLabel: text }).optional(),
});

export type LandingContent = z.infer<typeof landingSchema>;
export type LandingIconKey = (typeof landingIconKeys)[number];
