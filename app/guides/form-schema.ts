import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import type { Option } from "#content/schemas/options";
import { EMAIL_MAX_LENGTH, OPTION_MAX_LENGTH, tooLongMessage } from "~/utils/field-limits";

/** Form data gives a string for one checked box and an array for several: always an array. */
const asArray = (value: unknown) => (value === undefined || value === null || value === "" ? [] : Array.isArray(value) ? value : [value]);

export type LeadMagnetMessages = { missingFields: string; invalidEmail: string; emailTooLong: string };

const FIELDS = ["email", "ageBand", "goals"] as const;
export type LeadMagnetField = (typeof FIELDS)[number];

/**
 * The guide and tips forms (SPEC 5): an e-mail, one age band and at least one goal, each option
 * a member of the variant's lead-form lists. A missing field and a value outside the lists both
 * give 'Please fill out all fields.'; a malformed address gives the invalid e-mail message and an
 * address over the length cap the too-long message. A choice longer than any option cannot be one.
 */
export function leadMagnetValidator(lists: { ageBands: readonly Option[]; goals: readonly Option[] }, messages: LeadMagnetMessages) {
  const ageBands = new Set(lists.ageBands.map((option) => option.value));
  const goals = new Set(lists.goals.map((option) => option.value));
  const missing = { required_error: messages.missingFields, invalid_type_error: messages.missingFields };
  return withZod(
    z.object({
      email: z
        .string(missing)
        .trim()
        .min(1, messages.missingFields)
        .max(EMAIL_MAX_LENGTH, tooLongMessage(messages.emailTooLong, EMAIL_MAX_LENGTH))
        .email(messages.invalidEmail)
        .transform((email) => email.toLowerCase()),
      ageBand: z
        .string(missing)
        .max(OPTION_MAX_LENGTH, messages.missingFields)
        .refine((value) => ageBands.has(value), messages.missingFields),
      goals: z.preprocess(
        asArray,
        z
          .array(z.string(missing).max(OPTION_MAX_LENGTH, messages.missingFields), missing)
          .min(1, messages.missingFields)
          .max(lists.goals.length, messages.missingFields)
          .refine((picked) => picked.every((value) => goals.has(value)), messages.missingFields)
          .transform((picked) => [...new Set(picked)]),
      ),
    }),
  );
}

/**
 * The one alert for a rejected form: any missing or unknown field wins over a problem with the
 * e-mail; an address over the cap says so, any other bad address is the invalid e-mail message.
 */
export function alertFor(fieldErrors: Record<string, string>, messages: LeadMagnetMessages): string {
  const errors = Object.values(fieldErrors);
  if (errors.includes(messages.missingFields) || errors.length === 0) return messages.missingFields;
  const tooLong = tooLongMessage(messages.emailTooLong, EMAIL_MAX_LENGTH);
  return errors.includes(tooLong) ? tooLong : messages.invalidEmail;
}

/** The fields the missing-fields alert is about (empty, or a value outside the lists), in form order. */
export function missingFieldsOf(fieldErrors: Record<string, string>, messages: LeadMagnetMessages): LeadMagnetField[] {
  const missing = Object.entries(fieldErrors).filter(([, message]) => message === messages.missingFields);
  // A goal's error may be keyed by its place in the list ("goals[0]").
  return FIELDS.filter((field) => missing.some(([name]) => name === field || name.startsWith(`${field}[`)));
}
