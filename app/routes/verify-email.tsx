import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { MailCheck } from "lucide-react";
import { visitIdOf } from "~/analytics/analytics.server";
import { verifyAction, verifyPage } from "~/referrals/pages.server";
import { getRequestContext } from "~/utils/context.server";
import { useLinkTo } from "~/utils/root-data";
import { pageMeta } from "~/utils/seo";
import { getSession } from "~/utils/session.server";

/** /verify-email?t=…: the double opt-in. The GET shows one button; only its POST confirms. */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  verifyPage(getRequestContext(request, context), new URL(request.url));

export const action = async ({ request, context }: ActionFunctionArgs) => {
  const ctx = getRequestContext(request, context);
  const visitId = visitIdOf(await getSession(request, ctx));
  return verifyAction(ctx, await request.formData(), visitId);
};

/** The page shows the parent's e-mail address: never cached. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, "verify email", { fullTitle: data?.copy.metaTitle }, [{ name: "robots", content: "noindex" }]);

const button = "inline-flex items-center gap-2 rounded-lg bg-brand px-6 py-3 text-lg font-semibold text-white shadow hover:bg-brand-strong";

export default function VerifyEmail() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const { copy, view } = acted ?? loaded;
  const linkTo = useLinkTo();
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <MailCheck aria-hidden="true" className="mx-auto h-14 w-14 text-brand" />
      {view.state === "ask" ? (
        <>
          <h1 className="mt-4 text-3xl font-extrabold text-slate-900">{copy.title}</h1>
          <p className="mt-4 text-lg text-slate-700">{copy.text.replace("{email}", view.email)}</p>
          <Form method="post" className="mt-8">
            <input type="hidden" name="t" value={view.token} />
            <button type="submit" name="intent" value="confirm" className={button}>
              {copy.button}
            </button>
          </Form>
        </>
      ) : view.state === "done" ? (
        <>
          <h1 className="mt-4 text-3xl font-extrabold text-slate-900">{copy.doneTitle}</h1>
          <p className="mt-4 text-lg text-slate-700">{copy.doneText}</p>
          <p className="mt-8">
            <a href={view.statusLink} className={button}>
              {copy.statusButton}
            </a>
          </p>
        </>
      ) : view.state === "expired" ? (
        <>
          <h1 className="mt-4 text-3xl font-extrabold text-slate-900">{copy.expiredTitle}</h1>
          <p className="mt-4 text-lg text-slate-700">{copy.expiredText}</p>
          {view.notice ? (
            <p role="status" className="mt-4 rounded-lg bg-slate-50 px-4 py-3 text-slate-800">
              {view.notice === "sent" ? copy.resent.replace("{email}", view.email) : copy.resendLimit}
            </p>
          ) : null}
          <Form method="post" className="mt-8">
            <input type="hidden" name="t" value={view.token} />
            <button type="submit" name="intent" value="resend" className={button}>
              {copy.resendButton}
            </button>
          </Form>
        </>
      ) : (
        <>
          <h1 className="mt-4 text-3xl font-extrabold text-slate-900">
            {view.state === "unavailable" ? copy.unavailable : copy.invalidTitle}
          </h1>
          {view.state === "invalid" ? <p className="mt-4 text-lg text-slate-700">{copy.invalidText}</p> : null}
          <p className="mt-8">
            <a href={linkTo("home")} className="font-semibold text-brand-strong underline">
              {copy.home}
            </a>
          </p>
        </>
      )}
    </section>
  );
}
