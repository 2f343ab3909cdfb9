import { Form } from "@remix-run/react";
import { BotFields } from "~/components/BotFields";
import type { FormContent } from "#content/schemas/form";
import type { Option } from "#content/schemas/options";
import { useLinkTo } from "~/utils/root-data";
import { useIsSubmittingStep } from "./busy";
import { FieldError } from "./FieldError";
import { StepActions } from "./StepActions";
import { useFormComplete } from "./use-form-complete";

type Values = { focus: string[]; goals: string[]; concern: string };

const chipClass =
  "flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-slate-800 has-[:checked]:border-brand has-[:checked]:bg-brand-soft has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand/40";

function ChoiceGroup({
  legend,
  hint,
  name,
  type,
  options,
  selected,
  error,
}: {
  legend: string;
  hint?: string;
  name: string;
  type: "checkbox" | "radio";
  options: Option[];
  selected: string[];
  error?: string;
}) {
  const errorId = `${name}-error`;
  return (
    <fieldset className="mt-6" aria-describedby={error ? errorId : undefined}>
      <legend className="text-lg font-semibold text-slate-900">{legend}</legend>
      {hint ? <p className="text-sm text-slate-600">{hint}</p> : null}
      <div className="mt-3 grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label key={option.value} className={chipClass}>
            <input
              type={type}
              name={name}
              value={option.value}
              defaultChecked={selected.includes(option.value)}
              className="h-4 w-4 accent-brand"
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

export function Step2Choices({
  copy,
  options,
  initial,
  fieldErrors,
}: {
  copy: FormContent;
  options: { focus: Option[]; goals: Option[]; concerns: Option[] };
  initial: Values;
  fieldErrors: Record<string, string>;
}) {
  const { formRef, complete, check } = useFormComplete((form) =>
    ["focus", "goals", "concern"].every((name) => form.querySelector(`input[name="${name}"]:checked`)),
  );
  const busy = useIsSubmittingStep(2);
  const linkTo = useLinkTo();
  const text = copy.step2;

  return (
    <Form method="post" className="mt-8" noValidate ref={formRef} onChange={check}>
      <input type="hidden" name="step" value="2" />
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{text.title}</h1>
      <p className="mt-2 text-slate-700">{text.subtitle}</p>
      <ChoiceGroup
        legend={text.focusLabel}
        hint={text.focusHint}
        name="focus"
        type="checkbox"
        options={options.focus}
        selected={initial.focus}
        error={fieldErrors.focus}
      />
      <ChoiceGroup
        legend={text.goalsLabel}
        hint={text.goalsHint}
        name="goals"
        type="checkbox"
        options={options.goals}
        selected={initial.goals}
        error={fieldErrors.goals}
      />
      <ChoiceGroup
        legend={text.concernLabel}
        name="concern"
        type="radio"
        options={options.concerns}
        selected={initial.concern ? [initial.concern] : []}
        error={fieldErrors.concern}
      />
      <p className="mt-6 rounded-lg bg-brand-soft p-4 text-sm text-slate-800">{text.note}</p>
      <BotFields />
      <StepActions
        backHref={linkTo("form", { step: 1 })}
        backLabel={copy.back}
        label={text.continue}
        busyLabel={text.busy}
        busy={busy}
        complete={complete}
      />
    </Form>
  );
}
