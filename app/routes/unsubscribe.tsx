import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { MailX } from "lucide-react";
import { LinkActionButton, LinkActionHome, LinkActionMessage, LinkActionPage } from "~/components/mail/LinkActionPage";
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

export default function Unsubscribe() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const { copy, view } = acted ?? loaded;
  const linkTo = useLinkTo();
  return (
    <LinkActionPage icon={MailX}>
      {view.state === "ask" ? (
        <>
          <LinkActionMessage title={copy.title} text={copy.text.replace("{email}", view.email)} />
          <LinkActionButton token={view.token} label={copy.button} />
        </>
      ) : view.state === "done" ? (
        <LinkActionMessage title={copy.doneTitle} text={copy.doneText.replace("{email}", view.email)} />
      ) : (
        <LinkActionMessage
          title={view.state === "unavailable" ? copy.unavailable : copy.invalidTitle}
          text={view.state === "invalid" ? copy.invalidText : null}
        />
      )}
      {view.state !== "ask" ? <LinkActionHome href={linkTo("home")} label={copy.home} /> : null}
    </LinkActionPage>
  );
}
