import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { MailCheck } from "lucide-react";
import { LINK_ACTION_BUTTON, LinkActionButton, LinkActionHome, LinkActionMessage, LinkActionPage } from "~/components/mail/LinkActionPage";
import { visitIdOf } from "~/analytics/analytics.server";
import { verifyAction, verifyPage } from "~/referrals/pages.server";
import { getRequestContext } from "~/utils/context.server";
import { useLinkTo } from "~/utils/root-data";
import { pageMeta } from "~/utils/seo";
import { getSession } from "~/utils/session.server";

/** /verify-email?t=…: the double opt-in. The GET shows one button; only its POST confirms. */
export const loader = ({ request, context }: LoaderFunctionArgs) => verifyPage(getRequestContext(request, context), new URL(request.url));

export const action = async ({ request, context }: ActionFunctionArgs) => {
  const ctx = getRequestContext(request, context);
  const visitId = visitIdOf(await getSession(request, ctx));
  return verifyAction(ctx, await request.formData(), visitId);
};

/** The page shows the parent's e-mail address: never cached. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, "verify email", { fullTitle: data?.copy.metaTitle }, [{ name: "robots", content: "noindex" }]);

export default function VerifyEmail() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const { copy, view } = acted ?? loaded;
  const linkTo = useLinkTo();
  return (
    <LinkActionPage icon={MailCheck}>
      {view.state === "ask" ? (
        <>
          <LinkActionMessage title={copy.title} text={copy.text.replace("{email}", view.email)} />
          <LinkActionButton token={view.token} intent="confirm" label={copy.button} />
        </>
      ) : view.state === "done" ? (
        <>
          <LinkActionMessage title={copy.doneTitle} text={copy.doneText} />
          <p className="mt-8">
            <a href={view.statusLink} className={LINK_ACTION_BUTTON}>
              {copy.statusButton}
            </a>
          </p>
        </>
      ) : view.state === "expired" ? (
        <>
          <LinkActionMessage title={copy.expiredTitle} text={copy.expiredText} />
          {view.notice ? (
            <p role="status" className="mt-4 rounded-lg bg-slate-50 px-4 py-3 text-slate-800">
              {view.notice === "sent" ? copy.resent.replace("{email}", view.email) : copy.resendLimit}
            </p>
          ) : null}
          <LinkActionButton token={view.token} intent="resend" label={copy.resendButton} />
        </>
      ) : (
        <>
          <LinkActionMessage
            title={view.state === "unavailable" ? copy.unavailable : copy.invalidTitle}
            text={view.state === "invalid" ? copy.invalidText : null}
          />
          <LinkActionHome href={linkTo("home")} label={copy.home} />
        </>
      )}
    </LinkActionPage>
  );
}
