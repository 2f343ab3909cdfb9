import { z } from "zod";

const text = z.string().min(1);

/**
 * The part of /roadmap built from the parent's answers: what they told us, a schedule that agrees
 * with the time they said they have, and the first four weeks for each child's age stage.
 */
export const roadmapPlanSchema = z.object({
  title: text,
  intro: text,
  answers: z.object({
    title: text,
    ages: text,
    focus: text,
    goals: text,
    concern: text,
    time: text,
  }),
  /** The length of one session on this page: the suggested daily time. */
  sessionMinutes: z.literal(10),
  /**
   * Per time answer (option value): sessions a week, and the sentence that says how the plan fits
   * it. Lists, not records, so an edition's list replaces the one it is laid over.
   */
  schedule: z.array(z.object({ time: text, sessionsPerWeek: z.number().int().min(1).max(7), text })).min(1),
  /** "{sessions} × {minutes} min a week" */
  sessionsLabel: text,
  weeksTitle: text,
  /** "Week {n}" */
  weekLabel: text,
  /** A week's line under its text, in the brand's words ("This week grows: {focus}"); {focus} is the week's own. */
  focusLabel: text,
  /** Each age band of the variant's form belongs to one stage; a stage's first four weeks. */
  stages: z
    .array(
      z.object({
        /** Names the stage's share card image: /images/share-{variant}-{id}.png */
        id: z.string().regex(/^[a-z0-9-]+$/),
        bands: z.array(text).min(1),
        label: text,
        /** `focus`: what that week builds, shown with focusLabel; each week of a stage names its own. */
        weeks: z.array(z.object({ title: text, text, focus: text })).length(4),
      }),
    )
    .min(1),
  /** Per concern answer (option value): how the plan meets it. */
  concernAnswers: z.array(z.object({ concern: text, text })).min(1),
  /**
   * The preview a parent's shared link unfurls into: it names the site and the child's age stage,
   * never the parent or a child. {stage} and {ages} are the stage's label and age bands.
   */
  share: z.object({ title: text, description: text, imageAlt: text }),
  /** Shown when the answers cannot be read: the pitch stays, the personal part waits. */
  unavailable: text,
});

export type RoadmapPlanContent = z.infer<typeof roadmapPlanSchema>;
