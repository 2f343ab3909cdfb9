import { Form, useNavigation } from "@remix-run/react";
import type { AdminContent } from "#content/schemas/admin";
import { ALL_VARIANTS_PARAM } from "~/utils/admin-scope";
import { DRAFT_LIMITS, type DraftErrors, type DraftValues } from "~/campaigns/draft";
import { FormField } from "~/components/FormField";
import { VariantInputs } from "../VariantInputs";

const ERROR = "mt-1 text-sm text-red-900";

/** /admin/launch's announcement form (docs/decisions/026-announcements.md): Preview is a GET of it, Test and Send post it. */
export function Compose({
  copy,
  values,
  errors,
  formKey,
  formError,
  action,
  all,
}: {
  copy: AdminContent;
  values: DraftValues;
  errors: DraftErrors;
  formKey: string;
  formError: string | null;
  action: string;
  all: boolean;
}) {
  const text = copy.launch;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const input = "mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900";
  const label = "block font-semibold text-slate-900";
  // An error's id is its draft field's name (`date-error`), the input's is `launch-…`.
  const field = (name: keyof DraftErrors) => ({ error: errors[name], errorId: `${name}-error`, errorClassName: ERROR });
  return (
    <section aria-labelledby="compose-heading" className="mb-8 max-w-2xl">
      <h2 id="compose-heading" className="text-lg font-semibold text-slate-900">
        {text.compose.heading}
      </h2>
      {formError ? (
        <p role="alert" className="mt-2 rounded-lg bg-red-50 px-4 py-2 text-red-900">
          {formError}
        </p>
      ) : null}
      <Form method="post" action={action} className="mt-4 space-y-5" data-testid="launch-form">
        <VariantInputs />
        {all ? <input type="hidden" name="variants" value={ALL_VARIANTS_PARAM.variants} /> : null}
        <input type="hidden" name="key" value={formKey} />
        <FormField id="launch-date" label={text.compose.date} hint={text.compose.dateHint} {...field("date")}>
          {(control) => <input {...control} name="date" type="date" defaultValue={values.date} className={input} />}
        </FormField>
        <FormField
          id="launch-message"
          label={text.compose.message}
          hint={text.compose.messageHint.replace("{max}", String(DRAFT_LIMITS.message))}
          {...field("message")}
        >
          {(control) => <textarea {...control} name="message" rows={4} defaultValue={values.message} className={input} />}
        </FormField>
        <FormField id="launch-cta-label" label={text.compose.ctaLabel} {...field("ctaLabel")}>
          {(control) => <input {...control} name="ctaLabel" type="text" defaultValue={values.ctaLabel} className={input} />}
        </FormField>
        <FormField id="launch-cta-url" label={text.compose.ctaUrl} hint={text.compose.ctaUrlHint} {...field("ctaUrl")}>
          {(control) => <input {...control} name="ctaUrl" type="text" inputMode="url" defaultValue={values.ctaUrl} className={input} />}
        </FormField>
        <fieldset>
          <legend className={label}>{text.compose.when}</legend>
          <div className="mt-1 flex flex-wrap items-center gap-4">
            <label className="flex items-center gap-2">
              <input type="radio" name="when" value="now" defaultChecked={values.when !== "later"} />
              {text.compose.now}
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="when" value="later" defaultChecked={values.when === "later"} />
              {text.compose.later}
            </label>
          </div>
          <FormField
            bare
            id="launch-send-at"
            label={text.compose.sendAt}
            labelClassName="mt-2 block text-sm font-semibold text-slate-900"
            hint={text.compose.sendAtHint}
            {...field("sendAt")}
          >
            {(control) => <input {...control} name="sendAt" type="datetime-local" defaultValue={values.sendAt} className={input} />}
          </FormField>
        </fieldset>
        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            name="intent"
            value="preview"
            formMethod="get"
            className="rounded-md border border-slate-400 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-100"
          >
            {text.buttons.preview}
          </button>
          <button
            type="submit"
            name="intent"
            value="test"
            disabled={busy}
            className="rounded-md border border-slate-400 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-100 disabled:opacity-50"
          >
            {text.buttons.test}
          </button>
          {/* Asks for the confirmation first (SendConfirm): nothing is sent from here. */}
          <button
            type="submit"
            name="intent"
            value="review"
            disabled={busy}
            className="rounded-md bg-slate-900 px-4 py-2 font-semibold text-white hover:bg-slate-700 disabled:opacity-50"
          >
            {text.buttons.send}
          </button>
        </div>
      </Form>
    </section>
  );
}
