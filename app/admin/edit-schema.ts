import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import type { AdminContent } from "#content/schemas/admin";
import { BILLING_CYCLES, LEAD_SOURCES } from "~/data/lead-model";
import type { LeadPatch } from "~/data/ports/lead-store";
import { EMAIL_MAX_LENGTH, OPTION_MAX_LENGTH, tooLongMessage } from "~/utils/field-limits";

/** The lead fields an admin may change in the edit dialog / page. */
export const EDITABLE_FLAGS = [
  "email_verified",
  "followed_on_facebook",
  "copied_share_message",
  "copied_ref_link",
  "clicked_roadmap_button",
] as const;

/** An unchecked box sends nothing: absent means false. */
const checkbox = z.preprocess((value) => value === "on" || value === "true", z.boolean());

/** "" (the "none" option) means null. */
const optional = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((value) => (value === "" || value === undefined ? null : value), schema.nullable());

/** Edit form schema for one variant: the plan must be one of that variant's plan ids. */
function leadEditSchema(planIds: readonly string[], errors: AdminContent["edit"]["errors"]) {
  const plans = new Set(planIds);
  return z.object({
    email: z
      .string({ required_error: errors.email, invalid_type_error: errors.email })
      .trim()
      .min(3, errors.email)
      .max(EMAIL_MAX_LENGTH, tooLongMessage(errors.emailTooLong, EMAIL_MAX_LENGTH))
      .email(errors.email),
    step_completed: z.coerce.number({ invalid_type_error: errors.step }).int(errors.step).min(1, errors.step).max(3, errors.step),
    lead_source: z.enum(LEAD_SOURCES, { errorMap: () => ({ message: errors.leadSource }) }),
    // A value longer than any plan id cannot be one: refused before the lookup.
    plan_chosen: optional(
      z
        .string()
        .max(OPTION_MAX_LENGTH, errors.plan)
        .refine((id) => plans.has(id), { message: errors.plan }),
    ),
    billing_cycle: optional(z.enum(BILLING_CYCLES, { errorMap: () => ({ message: errors.billingCycle }) })),
    email_verified: checkbox,
    followed_on_facebook: checkbox,
    copied_share_message: checkbox,
    copied_ref_link: checkbox,
    clicked_roadmap_button: checkbox,
  }) satisfies z.ZodType<LeadPatch, z.ZodTypeDef, unknown>;
}

export function leadEditValidator(planIds: readonly string[], errors: AdminContent["edit"]["errors"]) {
  return withZod(leadEditSchema(planIds, errors));
}

type LeadEditValues = z.infer<ReturnType<typeof leadEditSchema>>;
export type LeadEditErrors = Partial<Record<keyof LeadEditValues, string>>;

/** What a failed admin action answers: the form-level message and the field messages. */
export type AdminActionData = { formError: string; fieldErrors: LeadEditErrors };
