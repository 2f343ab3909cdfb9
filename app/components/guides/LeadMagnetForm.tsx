import { Form, useNavigation } from "@remix-run/react";
import { Lock } from "lucide-react";
import type { LeadMagnetContent } from "#content/schemas/lead-magnet";
import type { Option } from "#content/schemas/options";
import { BotFields } from "~/components/BotFields";
import { EmailInput } from "~/components/EmailInput";
import { FormField } from "~/components/FormField";
import type { LeadMagnetField } from "~/guides/form-schema";
import type { LeadMagnetValues } from "~/guides/kinds";

/**
 * The /guide-form and /tips-form fields (SPEC 2.12): e-mail, one age band, one or more goals.
 * Checked on the server only (noValidate), so the one alert of SPEC 5 shows with JavaScript on
 * and off alike; with JavaScript on the button shows the sending label while the post is in flight.
 */
export function LeadMagnetForm({
  copy,
  ageBands,
  goals,
  values,
  alert,
  missing = [],
}: {
  copy: LeadMagnetContent["form"];
  ageBands: Option[];
  goals: Option[];
  values: LeadMagnetValues;
  alert?: string;
  /** The fields the alert is about: each is marked and says what it needs. */
  missing?: LeadMagnetField[];
}) {
  const navigation = useNavigation();
  const lacks = (field: LeadMagnetField) => missing.includes(field);
  const invalid = (field: LeadMagnetField) => (lacks(field) ? true : undefined);
  const optionBorder = (field: LeadMagnetField) => (lacks(field) ? "border-red-500" : "border-slate-300");
  const fieldNote = (field: LeadMagnetField) =>
    lacks(field) ? (
      <p id={`${field}-missing`} className="mt-1 text-sm font-medium text-red-700">
        {copy.errors.missing[field]}
      </p>
    ) : null;
  const busy = navigation.state === "submitting";
  return (
    <Form method="post" noValidate className="mt-8 space-y-8" aria-describedby={alert ? "form-alert" : undefined}>
      {alert ? (
        <div id="form-alert" role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 font-medium text-red-800">
          {alert}
        </div>
      ) : null}

      <FormField id="email" label={copy.emailLabel} error={lacks("email") ? copy.errors.missing.email : null}>
        {(control) => <EmailInput control={control} placeholder={copy.emailPlaceholder} defaultValue={values.email} className="mt-2" />}
      </FormField>

      <fieldset aria-describedby={lacks("ageBand") ? "ageBand-missing" : undefined}>
        <legend className="font-semibold text-slate-900">{copy.ageBandLabel}</legend>
        {fieldNote("ageBand")}
        <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3">
          {ageBands.map((option) => (
            <label
              key={option.value}
              className={`flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-slate-800 has-[:checked]:border-brand has-[:checked]:bg-brand-soft ${optionBorder("ageBand")}`}
            >
              <input
                type="radio"
                name="ageBand"
                value={option.value}
                required
                defaultChecked={values.ageBand === option.value}
                className="h-4 w-4 accent-brand"
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset aria-describedby={lacks("goals") ? "goals-hint goals-missing" : "goals-hint"}>
        <legend className="font-semibold text-slate-900">{copy.goalsLabel}</legend>
        <p id="goals-hint" className="mt-1 text-sm text-slate-600">
          {copy.goalsHint}
        </p>
        {fieldNote("goals")}
        <div className="mt-3 grid gap-2 sm:grid-cols-2">
          {goals.map((option) => (
            <label
              key={option.value}
              className={`flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-slate-800 has-[:checked]:border-brand has-[:checked]:bg-brand-soft ${optionBorder("goals")}`}
            >
              <input
                type="checkbox"
                name="goals"
                value={option.value}
                aria-invalid={invalid("goals")}
                defaultChecked={values.goals.includes(option.value)}
                className="h-4 w-4 accent-brand"
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>

      <BotFields />
      <div>
        <button
          type="submit"
          disabled={busy}
          className="w-full rounded-lg bg-brand px-6 py-3 text-lg font-semibold text-white shadow hover:bg-brand-strong disabled:cursor-wait disabled:opacity-70"
        >
          {busy ? copy.busy : copy.submit}
        </button>
        <p className="mt-3 flex items-center justify-center gap-2 text-sm text-slate-600">
          <Lock aria-hidden="true" className="h-4 w-4" />
          {copy.privacyNote}
        </p>
      </div>
    </Form>
  );
}
