import { z } from "zod";

const text = z.string().min(1);

/**
 * The share card (docs/decisions/037-share-card.md): the 1200×630 picture a parent's referral link
 * unfurls into, drawn from their answers only (age bands, focus, the roadmap's first steps) and the
 * brand. Never a name or an e-mail: nothing here has a placeholder for one.
 */
export const shareCardSchema = z.object({
  /** The card's headline when the answers name ages: {ages} are the age bands' labels. */
  headline: text,
  /** How an age band reads inside {ages} where its option label would not ("Expecting"), by option value. */
  agePhrases: z.record(text).optional(),
  /** The headline of a parent whose answers name no ages (guide and tips parents). */
  headlineNoAges: text,
  /** The line under the headline: {label} is the roadmap's name for the answer, {focus} the chosen options' labels. */
  focusLine: z.string().includes("{label}").includes("{focus}"),
  /** The line under the headline when no focus was chosen. */
  focusLineNone: text,
  /** Above the roadmap's first steps. */
  stepsLabel: text,
  /** The steps a parent without ages sees: what every parent of the brand starts with. */
  defaultSteps: z.array(text).min(1).max(3),
  /** The card's footer beside the wordmark. */
  cta: text,
  /** og:title and og:description of a card with ages ({ages}); without ages, the *NoAges lines. */
  title: text,
  description: text,
  titleNoAges: text,
  descriptionNoAges: text,
  /** The picture's alt text: {headline}, {focus} and {steps} are the card's own lines. */
  imageAlt: text,
  /** The status page's block: the card the parent's link shows. */
  status: z.object({ title: text, text }),
});

export type ShareCardContent = z.infer<typeof shareCardSchema>;
