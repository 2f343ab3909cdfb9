import { z } from "zod";

/** One choice of a form field: `value` is stored and validated, `label` is shown. */
const optionSchema = z.object({ value: z.string().min(1), label: z.string().min(1) });

/** A list of choices with unique values. */
const optionList = z
  .array(optionSchema)
  .min(2)
  .refine((list) => new Set(list.map((option) => option.value)).size === list.length, {
    message: "option values must be unique",
  });

/**
 * Option lists of SPEC 3.3 for one variant. Values are requirements; labels are copy.
 * Main 3-step form: ageBands, time, focus, goals, concerns.
 * Guide/tips lead forms: leadFormAgeBands, leadFormGoals.
 */
export const optionsSchema = z.object({
  ageBands: optionList,
  time: optionList,
  focus: optionList,
  goals: optionList,
  concerns: optionList,
  leadFormAgeBands: optionList,
  leadFormGoals: optionList,
  /** Hockey only: the lead-form goals without parent-bond, for the plan form (SPEC 3.3). */
  planFormGoals: optionList.optional(),
});

export type Option = z.infer<typeof optionSchema>;
export type OptionsContent = z.infer<typeof optionsSchema>;
