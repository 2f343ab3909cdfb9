import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { LostLinkPage } from "~/components/lost-link/LostLinkPage";
import { lostLinkAction, lostLinkLoader } from "~/leads/lost-link.server";
import type { RouteHandle } from "~/utils/hydrate";
import { useLinkTo } from "~/utils/root-data";
import { pageMeta } from "~/utils/seo";

/** /lost-link: a parent asks for their status link by e-mail (docs/decisions/034-lost-my-link.md). */
export const handle: RouteHandle = { hydrate: true };

export const loader = (args: LoaderFunctionArgs) => lostLinkLoader(args);
export const action = (args: ActionFunctionArgs) => lostLinkAction(args);

/** The form carries a fresh bot stamp: never cached. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, "lost-link", { fullTitle: data?.copy.metaTitle }, [{ name: "robots", content: "noindex" }]);

export default function LostLink() {
  const { copy, sent } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const linkTo = useLinkTo();
  return <LostLinkPage copy={copy} sent={sent} againHref={linkTo("lost-link")} result={result} />;
}
