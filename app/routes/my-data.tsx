import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Download, ShieldCheck, Trash2 } from "lucide-react";
import { myDataAction, myDataPage } from "~/trust/pages.server";
import { getRequestContext } from "~/utils/context.server";
import { useLinkTo } from "~/utils/root-data";
import { pageMeta } from "~/utils/seo";

/**
 * /my-data?t=…: what we hold about the parent, its download and its erasure,
 * from the signed "Manage my data" link. Plain forms: the page ships no JavaScript.
 */
export const loader = ({ request, context }: LoaderFunctionArgs) => myDataPage(getRequestContext(request, context), new URL(request.url));

export const action = async ({ request, context }: ActionFunctionArgs) =>
  myDataAction(getRequestContext(request, context), await request.formData());

/** The page shows the parent's address and data: never cached. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, "my data", { fullTitle: data?.copy.metaTitle }, [{ name: "robots", content: "noindex" }]);

const button = "inline-flex items-center gap-2 rounded-lg px-5 py-3 font-semibold shadow";
const h1 = "text-3xl font-extrabold text-slate-900";

export default function MyData() {
  const loaded = useLoaderData<typeof loader>();
  // The action answers the same { copy, view } (or a file, or a redirect).
  const acted = useActionData<typeof loader>();
  const { copy, view } = acted ?? loaded;
  const linkTo = useLinkTo();

  if (view.state === "summary" || view.state === "confirm") {
    const { held, token, email } = view;
    if (view.state === "confirm") {
      return (
        <section className="mx-auto max-w-2xl px-4 py-12">
          <h1 className={h1}>{copy.confirmTitle}</h1>
          <p className="mt-4 text-lg text-slate-800" data-testid="erase-warning">
            {copy.confirmText.replace("{email}", email)}
          </p>
          <ul className="mt-4 list-disc space-y-2 pl-6 text-slate-700">
            {copy.confirmList.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <Form method="post" action={linkTo("my-data")} reloadDocument className="mt-8 flex flex-wrap items-center gap-4">
            <input type="hidden" name="t" value={token} />
            <button type="submit" name="intent" value="erase" className={`${button} bg-red-700 text-white hover:bg-red-800`}>
              <Trash2 aria-hidden="true" className="h-5 w-5" />
              {copy.confirmButton}
            </button>
            <a href={linkTo("my-data", { t: token })} className="font-semibold text-slate-800 underline">
              {copy.cancel}
            </a>
          </Form>
        </section>
      );
    }
    const rows: [string, string, string][] = [
      [copy.variantsLabel, held.waitlists.join(", ") || copy.no, "waitlists"],
      [
        copy.referralsLabel,
        copy.referralsValue.replace("{credited}", String(held.referrals.credited)).replace("{pending}", String(held.referrals.pending)),
        "referrals",
      ],
      [copy.referredLabel, held.referred ? copy.yes : copy.no, "referred"],
      [copy.mailsLabel, String(held.mailsSent), "mails"],
      [copy.accountLabel, held.account ? copy.yes : copy.no, "account"],
    ];
    return (
      <div className="mx-auto max-w-2xl px-4 py-12">
        <h1 className={h1}>{copy.title}</h1>
        <p className="mt-4 text-lg text-slate-700">{copy.intro.replace("{email}", email)}</p>
        <section aria-labelledby="held" className="mt-8 rounded-xl border border-slate-200 p-6">
          <h2 id="held" className="flex items-center gap-2 text-xl font-bold text-slate-900">
            <ShieldCheck aria-hidden="true" className="h-5 w-5 text-brand" />
            {copy.heldTitle}
          </h2>
          <dl className="mt-4 divide-y divide-slate-100">
            {rows.map(([label, value, id]) => (
              <div key={id} className="flex flex-wrap justify-between gap-2 py-2">
                <dt className="text-slate-700">{label}</dt>
                <dd className="font-semibold text-slate-900" data-testid={`held-${id}`}>
                  {value}
                </dd>
              </div>
            ))}
          </dl>
          <ul className="mt-4 list-disc space-y-1 pl-6 text-sm text-slate-700">
            {copy.details.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="download" className="mt-8 rounded-xl border border-slate-200 p-6">
          <h2 id="download" className="text-xl font-bold text-slate-900">
            {copy.downloadTitle}
          </h2>
          <p className="mt-2 text-slate-700">{copy.downloadText}</p>
          <Form method="post" action={linkTo("my-data/download")} reloadDocument className="mt-4">
            <input type="hidden" name="t" value={token} />
            <button type="submit" className={`${button} bg-brand text-white hover:bg-brand-strong`}>
              <Download aria-hidden="true" className="h-5 w-5" />
              {copy.downloadButton}
            </button>
          </Form>
        </section>
        <section aria-labelledby="erase" className="mt-8 rounded-xl border border-red-200 p-6">
          <h2 id="erase" className="text-xl font-bold text-slate-900">
            {copy.eraseTitle}
          </h2>
          <p className="mt-2 text-slate-700">{copy.eraseText}</p>
          <p className="mt-4">
            <a
              href={linkTo("my-data", { t: token, step: "erase" })}
              className={`${button} border border-red-700 text-red-800 hover:bg-red-50`}
            >
              <Trash2 aria-hidden="true" className="h-5 w-5" />
              {copy.eraseButton}
            </a>
          </p>
        </section>
      </div>
    );
  }

  const [title, text] =
    view.state === "done"
      ? [copy.doneTitle, copy.doneText]
      : view.state === "gone"
        ? [copy.goneTitle, copy.goneText]
        : view.state === "expired"
          ? [copy.expiredTitle, copy.expiredText]
          : view.state === "unavailable"
            ? [copy.unavailableTitle, copy.unavailableText]
            : [copy.invalidTitle, copy.invalidText];
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center" data-state={view.state}>
      <h1 className={h1}>{title}</h1>
      <p className="mt-4 text-lg text-slate-700">{text}</p>
      <p className="mt-8">
        <a href={linkTo("home")} className="font-semibold text-brand-strong underline">
          {copy.home}
        </a>
      </p>
    </section>
  );
}
