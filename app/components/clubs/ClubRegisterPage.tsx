import { Form, useNavigation } from "@remix-run/react";
import { Inbox, Users } from "lucide-react";
import type { ClubsContent } from "#content/schemas/clubs";
import { BotFields } from "~/components/BotFields";
import { EmailInput } from "~/components/EmailInput";
import { FormField } from "~/components/FormField";

type Result = { alert: string; values: { name: string; city: string; email: string } };

/** /clubs/new: a coach's one-page form (a plain post without JavaScript), and the "check your inbox" view. */
export function ClubRegisterPage({ copy, sent, result }: { copy: ClubsContent["register"]; sent: boolean; result?: Result }) {
  const busy = useNavigation().state === "submitting";
  if (sent) {
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center" data-testid="club-sent">
        <Inbox aria-hidden="true" className="mx-auto h-12 w-12 text-brand-strong" />
        <h1 className="mt-4 text-3xl font-extrabold text-slate-900">{copy.sent.title}</h1>
        <p className="mt-4 text-lg text-slate-700">{copy.sent.text}</p>
        <p className="mt-3 text-slate-700">{copy.sent.hint}</p>
      </section>
    );
  }
  const input = "mt-2 block w-full rounded-lg border border-slate-300 px-4 py-3 text-lg";
  return (
    <section className="mx-auto max-w-xl px-4 py-12 sm:py-16">
      <Users aria-hidden="true" className="h-10 w-10 text-brand-strong" />
      <h1 className="mt-4 text-3xl font-extrabold text-slate-900 sm:text-4xl">{copy.title}</h1>
      <p className="mt-3 text-lg text-slate-700">{copy.intro}</p>
      <Form method="post" noValidate className="mt-8 space-y-6" aria-describedby={result?.alert ? "form-alert" : undefined}>
        {result?.alert ? (
          <div id="form-alert" role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 font-medium text-red-800">
            {result.alert}
          </div>
        ) : null}
        <div>
          <label htmlFor="club-name" className="font-semibold text-slate-900">
            {copy.nameLabel}
          </label>
          <input id="club-name" name="name" required maxLength={80} defaultValue={result?.values.name ?? ""} className={input} />
        </div>
        <div>
          <label htmlFor="club-city" className="font-semibold text-slate-900">
            {copy.cityLabel}
          </label>
          <input id="club-city" name="city" required maxLength={60} defaultValue={result?.values.city ?? ""} className={input} />
        </div>
        <FormField id="email" label={copy.emailLabel}>
          {(control) => (
            <EmailInput control={control} placeholder={copy.emailPlaceholder} defaultValue={result?.values.email ?? ""} className="mt-2" />
          )}
        </FormField>
        <BotFields />
        <button
          type="submit"
          disabled={busy}
          className="w-full rounded-lg bg-brand px-5 py-3 text-lg font-semibold text-white shadow hover:bg-brand-strong disabled:opacity-60"
        >
          {busy ? copy.busy : copy.button}
        </button>
        <p className="text-sm text-slate-600">{copy.note}</p>
      </Form>
    </section>
  );
}
