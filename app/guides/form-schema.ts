import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import type { Option } from "#content/schemas/options";

/** Form data gives a string for one checked box and an array for several: always an array. */
const asArray = (value: unknown) =>
  value === undefined || value === null || value === "" ? [] : Array.isArray(value) ? value : [value];

export type LeadMagnetMessages = { missingFields: string; invalidEmail: string };

/**
 * The guide and tips forms (SPEC 5): an e-mail, one age band and at least one goal, each option
 * a member of the variant's lead-form lists. A missing field and a value outside the lists both
 * give 'Please fill out all fields.'; a malformed address gives the invalid e-mail message.
 */
export function leadMagnetValidator(
  lists: { ageBands: readonly Option[]; goals: readonly Option[] },
  messages: LeadMagnetMessages,
) {
  const ageBands = new Set(lists.ageBands.map((option) => option.value));
  const goals = new Set(lists.goals.map((option) => option.value));
  const missing = { required_error: messages.missingFields, invalid_type_error: messages.missingFields };
  return withZod(
    z.object({
      email: z
        .string(missing)
        .trim()
        .min(1, messages.missingFields)
        .max(254, messages.invalidEmail)
        .email(messages.invalidEmail)
        .transform((email) => email.toLowerCase()),
      ageBand: z
        .string(missing)
        .refine((value) => ageBands.has(value), messages.missingFields),
      goals: z.preprocess(
        asArray,
        z
          .array(z.string(missing), missing)
          .min(1, messages.missingFields)
          .max(lists.goals.length, messages.missingFields)
          .refine((picked) => picked.every((value) => goals.has(value)), messages.missingFields)
          .transform((picked) => [...new Set(picked)]),
      ),
    }),
  );
}

/** The one alert for a rejected form: any missing or unknown field wins over a malformed e-mail. */
export function alertFor(fieldErrors: Record<string, string>, messages: LeadMagnetMessages): string {
  const errors = Object.values(fieldErrors);
  return errors.includes(messages.missingFields) || errors.length === 0
    ? messages.missingFields
    : messages.invalidEmail;
}
