import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PartyPopper } from "lucide-react";
import { LinkActionButton, LinkActionHome, LinkActionMessage, LinkActionPage } from "~/components/mail/LinkActionPage";
import { getRequestContext } from "~/utils/context.server";
import { useLinkTo } from "~/utils/root-data";
import { pageMeta } from "~/utils/seo";
import { inviteAction, invitePage } from "~/waves/invite-page.server";

/** /invite?t=…: a wave's invite (docs/decisions/025-waves-and-invites.md). The GET shows one button; only its POST accepts. */
export const loader = ({ request, context }: LoaderFunctionArgs) => invitePage(getRequestContext(request, context), new URL(request.url));

export const action = async ({ request, context }: ActionFunctionArgs) =>
  inviteAction(getRequestContext(request, context), request, await request.formData());

/** The page shows the parent's e-mail address: never cached. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, "invite", { fullTitle: data?.copy.metaTitle }, [{ name: "robots", content: "noindex" }]);

export default function Invite() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const { copy, view } = acted ?? loaded;
  const linkTo = useLinkTo();
  return (
    <LinkActionPage icon={PartyPopper}>
      {view.state === "open" ? (
        <>
          <LinkActionMessage title={copy.title} text={copy.text.replace("{email}", view.email)} />
          <LinkActionButton token={view.token} intent="accept" label={copy.button} />
        </>
      ) : view.state === "accepted" ? (
        <>
          <LinkActionMessage title={copy.acceptedTitle} text={copy.acceptedText} />
          <LinkActionButton token={view.token} intent="continue" label={copy.continueButton} />
        </>
      ) : view.state === "expired" ? (
        <>
          <LinkActionMessage title={copy.expiredTitle} text={copy.expiredText} />
          <LinkActionHome href={linkTo("home")} label={copy.home} />
        </>
      ) : view.state === "unavailable" ? (
        <LinkActionMessage title={copy.invalidTitle} text={copy.unavailable} />
      ) : (
        <>
          <LinkActionMessage title={copy.invalidTitle} text={copy.invalidText} />
          <LinkActionHome href={linkTo("home")} label={copy.home} />
        </>
      )}
    </LinkActionPage>
  );
}
