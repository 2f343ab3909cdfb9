import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { MailX } from "lucide-react";
import { unsubscribeAction, unsubscribePage } from "~/mail/unsubscribe.server";
import { getRequestContext } from "~/utils/context.server";
import { useLinkTo } from "~/utils/root-data";
import { pageMeta } from "~/utils/seo";

/**
 * /unsubscribe?t=…: a marketing mail's List-Unsubscribe link and footer link. The GET
 * shows one button; the POST (that button, or the mail provider's RFC 8058 one-click POST)
 * suppresses the address for marketing mail. No session, no cookies: the signed token is all.
 * Ships no JavaScript (docs/decisions/002): one plain form.
 */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  unsubscribePage(getRequestContext(request, context), new URL(request.url));

export const action = async ({ request, context }: ActionFunctionArgs) => {
  const form = await request.formData().catch(() => null);
  return unsubscribeAction(getRequestContext(request, context), new URL(request.url), form);
};

/** The page shows the address the link names: never cached. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, "unsubscribe", { fullTitle: data?.copy.metaTitle }, [{ name: "robots", content: "noindex" }]);

const button = "inline-flex items-center gap-2 rounded-lg bg-brand px-6 py-3 text-lg font-semibold text-white shadow hover:bg-brand-strong";

export default function Unsubscribe() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const { copy, view } = acted ?? loaded;
  const linkTo = useLinkTo();
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <MailX aria-hidden="true" className="mx-auto h-14 w-14 text-brand" />
      {view.state === "ask" ? (
        <>
          <h1 className="mt-4 text-3xl font-extrabold text-slate-900">{copy.title}</h1>
          <p className="mt-4 text-lg text-slate-700">{copy.text.replace("{email}", view.email)}</p>
          <Form method="post" className="mt-8">
            <input type="hidden" name="t" value={view.token} />
            <button type="submit" className={button}>
              {copy.button}
            </button>
          </Form>
        </>
      ) : view.state === "done" ? (
        <>
          <h1 className="mt-4 text-3xl font-extrabold text-slate-900">{copy.doneTitle}</h1>
          <p className="mt-4 text-lg text-slate-700">{copy.doneText.replace("{email}", view.email)}</p>
        </>
      ) : (
        <>
          <h1 className="mt-4 text-3xl font-extrabold text-slate-900">
            {view.state === "unavailable" ? copy.unavailable : copy.invalidTitle}
          </h1>
          {view.state === "invalid" ? <p className="mt-4 text-lg text-slate-700">{copy.invalidText}</p> : null}
        </>
      )}
      {view.state !== "ask" ? (
        <p className="mt-8">
          <a href={linkTo("home")} className="font-semibold text-brand-strong underline">
            {copy.home}
          </a>
        </p>
      ) : null}
    </section>
  );
}
