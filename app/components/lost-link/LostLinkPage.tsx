import { Form, Link, useNavigation } from "@remix-run/react";
import { Inbox, KeyRound } from "lucide-react";
import type { LostLinkContent } from "#content/schemas/lost-link";
import { BotFields } from "~/components/BotFields";
import { EmailInput } from "~/components/EmailInput";
import { FormField } from "~/components/FormField";

/**
 * /lost-link: the one-field form (a plain post that works without JavaScript; with it, the button
 * shows the busy label), and the "check your inbox" view, which is the same for every address.
 */
export function LostLinkPage({
  copy,
  sent,
  againHref,
  result,
}: {
  copy: LostLinkContent;
  sent: boolean;
  againHref: string;
  result?: { alert: string; email: string };
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  if (sent) {
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center" data-testid="lost-link-sent">
        <Inbox aria-hidden="true" className="mx-auto h-12 w-12 text-brand-strong" />
        <h1 className="mt-4 text-3xl font-extrabold text-slate-900">{copy.sent.title}</h1>
        <p className="mt-4 text-lg text-slate-700">{copy.sent.text}</p>
        <p className="mt-3 text-slate-700">{copy.sent.hint}</p>
        <Link to={againHref} className="mt-8 inline-block font-semibold text-brand-strong underline">
          {copy.sent.again}
        </Link>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-xl px-4 py-12 sm:py-16">
      <KeyRound aria-hidden="true" className="h-10 w-10 text-brand-strong" />
      <h1 className="mt-4 text-3xl font-extrabold text-slate-900 sm:text-4xl">{copy.title}</h1>
      <p className="mt-3 text-lg text-slate-700">{copy.intro}</p>
      <Form method="post" noValidate className="mt-8 space-y-6" aria-describedby={result?.alert ? "form-alert" : undefined}>
        {result?.alert ? (
          <div id="form-alert" role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 font-medium text-red-800">
            {result.alert}
          </div>
        ) : null}
        <FormField id="email" label={copy.emailLabel}>
          {(control) => (
            <EmailInput control={control} placeholder={copy.emailPlaceholder} defaultValue={result?.email ?? ""} className="mt-2" />
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
