import { Form } from "@remix-run/react";
import { BotFields } from "~/components/BotFields";
import { Lock } from "lucide-react";
import type { FormContent } from "#content/schemas/form";
import { useLinkTo } from "~/utils/root-data";
import { useIsSubmittingStep } from "./busy";
import { EmailInput } from "~/components/EmailInput";
import { FormField } from "~/components/FormField";
import { FIELD_ERROR_CLASS } from "./FieldError";
import { StepActions } from "./StepActions";
import { useFormComplete } from "./use-form-complete";

type ClubChoice = { label: string; none: string; hint: string; options: { value: string; label: string }[]; selected: string };

export function Step3Email({
  copy,
  initial,
  fieldErrors,
  club = null,
}: {
  copy: FormContent;
  initial: string;
  fieldErrors: Record<string, string>;
  /** The sport editions' optional "Your club" (ADR 039). */
  club?: ClubChoice | null;
}) {
  const { formRef, complete, check } = useFormComplete(
    (form) => (form.elements.namedItem("email") as HTMLInputElement | null)?.value.trim() !== "",
  );
  const busy = useIsSubmittingStep(3);
  const linkTo = useLinkTo();
  const text = copy.step3;
  return (
    <Form method="post" className="mt-8" ref={formRef} onChange={check}>
      <input type="hidden" name="step" value="3" />
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{text.title}</h1>
      <p className="mt-2 text-slate-700">{text.subtitle}</p>
      <FormField
        bare
        id="email"
        label={text.emailLabel}
        labelClassName="mt-6 block text-sm font-medium text-slate-800"
        error={fieldErrors.email}
        errorClassName={FIELD_ERROR_CLASS}
      >
        {(control) => <EmailInput control={control} placeholder={text.emailPlaceholder} defaultValue={initial} onInput={check} />}
      </FormField>
      {club ? (
        <div className="mt-6">
          <label htmlFor="club" className="block text-sm font-medium text-slate-800">
            {club.label}
          </label>
          <select
            id="club"
            name="club"
            defaultValue={club.selected}
            aria-describedby="club-hint"
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-3"
          >
            <option value="">{club.none}</option>
            {club.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <p id="club-hint" className="mt-1 text-sm text-slate-600">
            {club.hint}
          </p>
        </div>
      ) : null}
      <BotFields />
      <StepActions
        backHref={linkTo("form", { step: 2 })}
        backLabel={copy.back}
        label={text.submit}
        busyLabel={text.busy}
        busy={busy}
        complete={complete}
      />
      <p className="mt-4 flex items-center justify-center gap-2 text-sm text-slate-600">
        <Lock aria-hidden="true" className="h-4 w-4" />
        {text.noSpam}
      </p>
    </Form>
  );
}
