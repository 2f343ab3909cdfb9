import type { ReactNode } from "react";
import type { AdminContent } from "#content/schemas/admin";
import { EDITABLE_FLAGS, type LeadEditErrors } from "~/admin/edit-schema";
import { BILLING_CYCLES, LEAD_SOURCES } from "~/data/lead-model";
import type { Lead } from "~/data/ports/lead-store";
import { FormField } from "~/components/FormField";
import { FormError } from "./AdminShell";

/** Remix <Form> or a fetcher's <fetcher.Form>. */
type FormLike = (props: { method: "post"; action: string; className?: string; children: ReactNode }) => ReactNode;

const inputClass =
  "mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900 focus:border-brand focus:outline-2 focus:outline-brand aria-[invalid=true]:border-red-600";

/**
 * The edit form of one lead: the no-JS edit page renders it with <Form>, the list page's
 * <dialog> with a fetcher's form. Both post to /admin/leads/:id/edit; the server validates.
 */
export function LeadEditForm({
  FormComponent,
  action,
  lead,
  plans,
  copy,
  back,
  fieldErrors = {},
  formError,
  busy,
  cancel,
  idPrefix,
}: {
  FormComponent: FormLike;
  action: string;
  lead: Lead;
  plans: { id: string; name: string }[];
  copy: AdminContent;
  back: string;
  fieldErrors?: LeadEditErrors;
  formError?: string | null;
  busy: boolean;
  cancel: ReactNode;
  idPrefix: string;
}) {
  const f = copy.edit.fields;
  const id = (name: string) => `${idPrefix}-${name}`;
  // The control's id is short (`{prefix}-step`), its error's id names the column (`{prefix}-step_completed-error`).
  const field = (control: string, name: keyof LeadEditErrors) => ({
    id: id(control),
    labelClassName: "font-medium",
    error: fieldErrors[name],
    errorId: id(`${name}-error`),
  });
  return (
    <FormComponent method="post" action={action} className="space-y-4">
      <FormError message={formError} />
      <input type="hidden" name="back" value={back} />
      <FormField label={f.email} {...field("email", "email")}>
        {(control) => <input {...control} name="email" type="email" required defaultValue={lead.email} className={inputClass} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={f.step_completed} {...field("step", "step_completed")}>
          {(control) => (
            <select {...control} name="step_completed" defaultValue={String(lead.step_completed)} className={inputClass}>
              {[1, 2, 3].map((step) => (
                <option key={step} value={step}>
                  {copy.filters.stepOption.replace("{step}", String(step))}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={f.lead_source} {...field("source", "lead_source")}>
          {(control) => (
            <select {...control} name="lead_source" defaultValue={lead.lead_source} className={inputClass}>
              {LEAD_SOURCES.map((source) => (
                <option key={source} value={source}>
                  {copy.leadSources[source]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={f.plan_chosen} {...field("plan", "plan_chosen")}>
          {(control) => (
            <select {...control} name="plan_chosen" defaultValue={lead.plan_chosen ?? ""} className={inputClass}>
              <option value="">{copy.edit.noPlan}</option>
              {plans.map((plan) => (
                <option key={plan.id} value={plan.id}>
                  {plan.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={f.billing_cycle} {...field("billing", "billing_cycle")}>
          {(control) => (
            <select {...control} name="billing_cycle" defaultValue={lead.billing_cycle ?? ""} className={inputClass}>
              <option value="">{copy.edit.noBilling}</option>
              {BILLING_CYCLES.map((cycle) => (
                <option key={cycle} value={cycle}>
                  {copy.billingCycles[cycle]}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <fieldset>
        <legend className="font-medium">{copy.edit.flagsLegend}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {EDITABLE_FLAGS.map((flag) => (
            <label key={flag} className="flex items-center gap-2">
              <input type="checkbox" name={flag} defaultChecked={lead[flag]} className="size-4 accent-brand" />
              {f[flag]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex items-center gap-3 pt-2">
        <button
          type="submit"
          disabled={busy}
          className="rounded-md bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-strong disabled:opacity-60"
        >
          {busy ? copy.edit.saving : copy.edit.save}
        </button>
        {cancel}
      </div>
    </FormComponent>
  );
}
