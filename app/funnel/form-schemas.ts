import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import type { Option } from "#content/schemas/options";
import { MAX_CHILDREN } from "./steps";
import { EMAIL_MAX_LENGTH, OPTION_MAX_LENGTH, tooLongMessage } from "~/utils/field-limits";

/** Form data gives a string for one checked box and an array for several: always an array. */
const asArray = (value: unknown) => (value === undefined || value === null || value === "" ? [] : Array.isArray(value) ? value : [value]);

/**
 * A required single choice that must be one of the variant's option values. A value longer than
 * any option cannot be one: it gets the unknown-option message without a lookup.
 */
function choice(list: readonly Option[], missing: string, unknown: string) {
  const values = new Set(list.map((option) => option.value));
  return z
    .string({ required_error: missing, invalid_type_error: missing })
    .trim()
    .min(1, missing)
    .max(OPTION_MAX_LENGTH, unknown)
    .refine((value) => value === "" || values.has(value), { message: unknown, params: { unknown: true } });
}

/** At least one choice, every one of them from the list. */
function choices(list: readonly Option[], missing: string, unknown: string) {
  const values = new Set(list.map((option) => option.value));
  return z.preprocess(
    asArray,
    z
      .array(z.string().max(OPTION_MAX_LENGTH, unknown))
      .min(1, missing)
      .max(list.length, unknown)
      .refine((picked) => picked.every((value) => values.has(value)), {
        message: unknown,
        params: { unknown: true },
      })
      .transform((picked) => [...new Set(picked)]),
  );
}

type Messages = { unknownOption: string };

export function step1Validator(lists: { ageBands: Option[]; time: Option[] }, errors: { ageBand: string; time: string } & Messages) {
  return withZod(
    z.object({
      children: z
        .array(
          z.object({
            ageBand: choice(lists.ageBands, errors.ageBand, errors.unknownOption),
            time: choice(lists.time, errors.time, errors.unknownOption),
          }),
        )
        .min(1)
        .max(MAX_CHILDREN),
    }),
  );
}

export function step2Validator(
  lists: { focus: Option[]; goals: Option[]; concerns: Option[] },
  errors: { focus: string; goals: string; concern: string } & Messages,
) {
  return withZod(
    z.object({
      focus: choices(lists.focus, errors.focus, errors.unknownOption),
      goals: choices(lists.goals, errors.goals, errors.unknownOption),
      concern: choice(lists.concerns, errors.concern, errors.unknownOption),
    }),
  );
}

export function step3Validator(errors: { email: string; emailTooLong: string }) {
  return withZod(
    z.object({
      email: z
        .string({ required_error: errors.email })
        .trim()
        .min(1, errors.email)
        .max(EMAIL_MAX_LENGTH, tooLongMessage(errors.emailTooLong, EMAIL_MAX_LENGTH))
        .email(errors.email)
        .transform((email) => email.toLowerCase()),
    }),
  );
}

/** Fields whose error came from a value outside the option lists (a tampered or stale form). */
export function hasUnknownOption(fieldErrors: Record<string, string>, unknownMessage: string) {
  return Object.values(fieldErrors).some((message) => message === unknownMessage);
}
