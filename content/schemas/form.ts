import { z } from "zod";

const text = z.string().min(1);
/** A message for a value over its length cap; '{max}' is filled with the cap. */
const tooLong = z.string().includes("{max}");

/** Copy of the 3-step lead form (SPEC 2.5, 5). Option labels live in `options`. */
export const formSchema = z.object({
  metaTitle: text,
  progress: z.object({
    /** '{step}' and '{total}' are filled: 'Step 1 of 3'. */
    step: z.string().includes("{step}").includes("{total}"),
    /** '{percent}' is filled: '33% Complete'. */
    complete: z.string().includes("{percent}"),
  }),
  back: text,
  step1: z.object({
    title: text,
    subtitle: text,
    /** '{number}' is filled: 'Child 1'. */
    entryLabel: z.string().includes("{number}"),
    ageBandLabel: text,
    ageBandPlaceholder: text,
    timeLabel: text,
    timePlaceholder: text,
    add: text,
    /** '{number}' is filled. */
    remove: z.string().includes("{number}"),
    continue: text,
    busy: z.literal("Saving..."),
    errors: z.object({ ageBand: text, time: text }),
    /** The sport editions: where a family coming with its club picks it (the e-mail step). */
    clubNote: text.optional(),
  }),
  step2: z.object({
    title: text,
    subtitle: text,
    focusLabel: text,
    focusHint: text,
    goalsLabel: text,
    goalsHint: text,
    concernLabel: text,
    note: text,
    continue: text,
    busy: z.literal("Creating Your Plan..."),
    errors: z.object({ focus: text, goals: text, concern: text }),
  }),
  step3: z.object({
    title: text,
    subtitle: text,
    emailLabel: text,
    emailPlaceholder: text,
    submit: text,
    busy: z.literal("Getting Started..."),
    noSpam: text,
    errors: z.object({ email: text, emailTooLong: tooLong }),
  }),
  /** '{message}' is filled: 'Error submitting form: {message}' (SPEC 5, 8). */
  submitError: z.literal("Error submitting form: {message}"),
  /** Shown when an option value is not one of the variant's lists. */
  unknownOption: text,
});

export type FormContent = z.infer<typeof formSchema>;
