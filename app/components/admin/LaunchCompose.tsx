import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { AdminContent } from "#content/schemas/admin";
import { ALL_VARIANTS_PARAM } from "~/utils/admin-scope";
import { DRAFT_LIMITS, type DraftErrors, type DraftValues } from "~/campaigns/draft";
import { formatCount, type SendReview } from "~/campaigns/views";
import { VariantInputs } from "./VariantInputs";

/** /admin/launch's announcement form, its one confirmation before sending, and the preview (docs/decisions/026-announcements.md). */

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-900">
      {message}
    </p>
  );
}

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
  const described = (field: keyof DraftErrors, hint?: string) =>
    [hint, errors[field] ? `${field}-error` : null].filter(Boolean).join(" ") || undefined;
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
        <div>
          <label htmlFor="launch-date" className={label}>
            {text.compose.date}
          </label>
          <p id="launch-date-hint" className="text-sm text-slate-600">
            {text.compose.dateHint}
          </p>
          <input
            id="launch-date"
            name="date"
            type="date"
            defaultValue={values.date}
            aria-invalid={errors.date ? true : undefined}
            aria-describedby={described("date", "launch-date-hint")}
            className={input}
          />
          <FieldError id="date-error" message={errors.date} />
        </div>
        <div>
          <label htmlFor="launch-message" className={label}>
            {text.compose.message}
          </label>
          <p id="launch-message-hint" className="text-sm text-slate-600">
            {text.compose.messageHint.replace("{max}", String(DRAFT_LIMITS.message))}
          </p>
          <textarea
            id="launch-message"
            name="message"
            rows={4}
            defaultValue={values.message}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={described("message", "launch-message-hint")}
            className={input}
          />
          <FieldError id="message-error" message={errors.message} />
        </div>
        <div>
          <label htmlFor="launch-cta-label" className={label}>
            {text.compose.ctaLabel}
          </label>
          <input
            id="launch-cta-label"
            name="ctaLabel"
            type="text"
            defaultValue={values.ctaLabel}
            aria-invalid={errors.ctaLabel ? true : undefined}
            aria-describedby={described("ctaLabel")}
            className={input}
          />
          <FieldError id="ctaLabel-error" message={errors.ctaLabel} />
        </div>
        <div>
          <label htmlFor="launch-cta-url" className={label}>
            {text.compose.ctaUrl}
          </label>
          <p id="launch-cta-url-hint" className="text-sm text-slate-600">
            {text.compose.ctaUrlHint}
          </p>
          <input
            id="launch-cta-url"
            name="ctaUrl"
            type="text"
            inputMode="url"
            defaultValue={values.ctaUrl}
            aria-invalid={errors.ctaUrl ? true : undefined}
            aria-describedby={described("ctaUrl", "launch-cta-url-hint")}
            className={input}
          />
          <FieldError id="ctaUrl-error" message={errors.ctaUrl} />
        </div>
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
          <label htmlFor="launch-send-at" className="mt-2 block text-sm font-semibold text-slate-900">
            {text.compose.sendAt}
          </label>
          <p id="launch-send-at-hint" className="text-sm text-slate-600">
            {text.compose.sendAtHint}
          </p>
          <input
            id="launch-send-at"
            name="sendAt"
            type="datetime-local"
            defaultValue={values.sendAt}
            aria-invalid={errors.sendAt ? true : undefined}
            aria-describedby={described("sendAt", "launch-send-at-hint")}
            className={input}
          />
          <FieldError id="sendAt-error" message={errors.sendAt} />
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

/**
 * The one confirmation before a send or a schedule: who (count and variant), the early-access date,
 * when it goes out, and the button that sends exactly the fields shown (the same form key, so a
 * second press finds the campaign the first made). With JavaScript it takes the focus.
 */
export function SendConfirm({ copy, review, action }: { copy: AdminContent; review: SendReview; action: string }) {
  const text = copy.launch.confirm;
  const heading = useRef<HTMLHeadingElement>(null);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  useEffect(() => heading.current?.focus(), [review]);
  const count = formatCount(review.count);
  return (
    <section aria-labelledby="send-confirm-heading" className="mb-8 rounded-lg border-2 border-slate-900 p-4" data-testid="send-confirm">
      <h2 id="send-confirm-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900">
        {review.at ? text.headingLater : text.heading}
      </h2>
      <ul className="mt-2 space-y-1 text-slate-800">
        <li className="font-semibold">
          {review.all
            ? text.audienceAll.replace("{count}", count)
            : text.audienceOne.replace("{count}", count).replace("{variant}", review.scope)}
        </li>
        <li>{text.date.replace("{date}", review.date)}</li>
        <li>{review.at ? text.later.replace("{at}", review.at) : text.now}</li>
      </ul>
      <p className="mt-2 text-sm text-slate-700">{text.note}</p>
      <Form method="post" action={action} className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-3">
        {Object.entries(review.fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="confirm" value="yes" />
        <button
          type="submit"
          name="intent"
          value="send"
          disabled={busy}
          className="rounded-md bg-slate-900 px-4 py-2 font-semibold text-white hover:bg-slate-700 disabled:opacity-50"
        >
          {(review.at ? text.schedule : text.send).replace("{count}", count)}
        </button>
        <a href="#compose-heading" className="font-semibold text-brand-strong underline">
          {text.back}
        </a>
      </Form>
    </section>
  );
}

export function Preview({ copy, preview }: { copy: AdminContent; preview: { subject: string; html: string; to: string | null } | null }) {
  const text = copy.launch.preview;
  return (
    <section aria-labelledby="preview-heading" className="mb-8">
      <h2 id="preview-heading" className="text-lg font-semibold text-slate-900">
        {text.heading}
      </h2>
      {preview ? (
        <>
          <p className="text-slate-600" data-testid="preview-recipient">
            {preview.to ? text.recipient.replace("{email}", preview.to) : text.sample}
          </p>
          <p className="mt-1">
            <span className="font-semibold">{text.subject}: </span>
            <span data-testid="preview-subject">{preview.subject}</span>
          </p>
          <div className="mt-4 flex flex-wrap items-start gap-6">
            <figure>
              <figcaption className="mb-1 text-sm font-semibold text-slate-700">{text.phone}</figcaption>
              <iframe
                title={`${text.heading}: ${text.phone}`}
                srcDoc={preview.html}
                sandbox=""
                className="h-[640px] w-[375px] rounded-md border border-slate-300 bg-white"
                data-testid="preview-phone"
              />
            </figure>
            <figure className="min-w-0 flex-1">
              <figcaption className="mb-1 text-sm font-semibold text-slate-700">{text.desktop}</figcaption>
              <iframe
                title={`${text.heading}: ${text.desktop}`}
                srcDoc={preview.html}
                sandbox=""
                className="h-[640px] w-full max-w-[800px] min-w-[320px] rounded-md border border-slate-300 bg-white"
                data-testid="preview-desktop"
              />
            </figure>
          </div>
        </>
      ) : (
        <p className="text-slate-600">{text.empty}</p>
      )}
    </section>
  );
}
