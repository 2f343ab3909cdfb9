import { Form } from "@remix-run/react";
import { BotFields } from "~/components/BotFields";
import { Plus, Trash2 } from "lucide-react";
import { useRef, useState, type MouseEvent } from "react";
import type { FormContent } from "#content/schemas/form";
import type { Option } from "#content/schemas/options";
import { MAX_CHILDREN, type ChildEntry } from "~/funnel/steps";
import { useIsSubmittingStep } from "./busy";
import { FormField } from "~/components/FormField";
import { FIELD_ERROR_CLASS } from "./FieldError";
import { StepActions } from "./StepActions";
import { useFormComplete } from "./use-form-complete";

const selectClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 focus:border-brand focus:ring-2 focus:ring-brand/30 focus:outline-none aria-[invalid=true]:border-red-600";

export function Step1Children({
  copy,
  options,
  initial,
  fieldErrors,
}: {
  copy: FormContent;
  options: { ageBands: Option[]; time: Option[] };
  initial: ChildEntry[];
  fieldErrors: Record<string, string>;
}) {
  // Entries keep a stable key so removing one leaves the others' (uncontrolled) choices in place.
  const nextKey = useRef(initial.length);
  const [children, setChildren] = useState(() => initial.map((child, key) => ({ ...child, key })));
  const { formRef, complete, check } = useFormComplete(
    (form) => [...form.querySelectorAll("select")].every((select) => select.value !== ""),
    [children.length],
  );
  const busy = useIsSubmittingStep(1);
  const text = copy.step1;

  // With JavaScript, add and remove happen in place; without it they are submit buttons.
  const add = (event: MouseEvent) => {
    event.preventDefault();
    setChildren((list) => (list.length < MAX_CHILDREN ? [...list, { ageBand: "", time: "", key: nextKey.current++ }] : list));
  };
  const remove = (event: MouseEvent, index: number) => {
    event.preventDefault();
    setChildren((list) => (list.length > 1 ? list.filter((_, i) => i !== index) : list));
  };

  return (
    <Form method="post" className="mt-8" noValidate ref={formRef} onChange={check}>
      <input type="hidden" name="step" value="1" />
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{text.title}</h1>
      <p className="mt-2 text-slate-700">{text.subtitle}</p>
      {text.clubNote ? <p className="mt-2 text-sm text-slate-600">{text.clubNote}</p> : null}
      <div className="mt-6 space-y-4">
        {children.map((child, index) => {
          const number = String(index + 1);
          const ageName = `children[${index}].ageBand`;
          const timeName = `children[${index}].time`;
          return (
            <fieldset key={child.key} className="rounded-xl border border-slate-200 p-4" data-testid="child-entry">
              <legend className="px-1 font-semibold text-slate-900">{text.entryLabel.replace("{number}", number)}</legend>
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField
                  id={`age-${index}`}
                  label={text.ageBandLabel}
                  labelClassName="text-sm font-medium text-slate-800"
                  error={fieldErrors[ageName]}
                  errorClassName={FIELD_ERROR_CLASS}
                >
                  {(control) => (
                    <select {...control} name={ageName} defaultValue={child.ageBand} className={selectClass}>
                      <option value="">{text.ageBandPlaceholder}</option>
                      {options.ageBands.map((option) => (
                        <option key={option.value} value={option.value}>
                          {option.label}
                        </option>
                      ))}
                    </select>
                  )}
                </FormField>
                <FormField
                  id={`time-${index}`}
                  label={text.timeLabel}
                  labelClassName="text-sm font-medium text-slate-800"
                  error={fieldErrors[timeName]}
                  errorClassName={FIELD_ERROR_CLASS}
                >
                  {(control) => (
                    <select {...control} name={timeName} defaultValue={child.time} className={selectClass}>
                      <option value="">{text.timePlaceholder}</option>
                      {options.time.map((option) => (
                        <option key={option.value} value={option.value}>
                          {option.label}
                        </option>
                      ))}
                    </select>
                  )}
                </FormField>
              </div>
              {children.length > 1 ? (
                <button
                  type="submit"
                  name="intent"
                  value={`remove-${index}`}
                  formNoValidate
                  onClick={(event) => remove(event, index)}
                  className="mt-3 inline-flex items-center gap-1 text-sm font-medium text-red-700 hover:underline"
                >
                  <Trash2 aria-hidden="true" className="h-4 w-4" />
                  {text.remove.replace("{number}", number)}
                </button>
              ) : null}
            </fieldset>
          );
        })}
      </div>
      {children.length < MAX_CHILDREN ? (
        <button
          type="submit"
          name="intent"
          value="add"
          formNoValidate
          onClick={add}
          className="mt-4 inline-flex items-center gap-2 rounded-lg border border-brand px-4 py-2 font-medium text-brand hover:bg-brand-soft"
        >
          <Plus aria-hidden="true" className="h-4 w-4" />
          {text.add}
        </button>
      ) : null}
      <BotFields />
      <StepActions backLabel={copy.back} label={text.continue} busyLabel={text.busy} busy={busy} complete={complete} />
    </Form>
  );
}
