import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { confirmAction, confirmLoader } from "~/clubs/registration.server";
import { ClubConfirmedPage } from "~/components/clubs/ClubPages";
import type { RouteHandle } from "~/utils/hydrate";
import { pageMeta } from "~/utils/seo";

/** /clubs/confirm?t=…: the club contact's double opt-in (docs/decisions/039-clubs.md). The GET shows one button; only its POST confirms. */
export const loader = (args: LoaderFunctionArgs) => confirmLoader(args);

export const action = (args: ActionFunctionArgs) => confirmAction(args);

/** The club link's Copy button and the share sheet need the page's JavaScript; everything else works without it. */
export const handle: RouteHandle = { hydrate: true };

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, "clubs/confirm", { fullTitle: data?.copy.metaTitle }, [{ name: "robots", content: "noindex" }]);

export default function ClubsConfirm() {
  // The action answers only a broken link; a confirmation redirects to the page.
  const acted = useActionData<typeof action>();
  const loaded = useLoaderData<typeof loader>();
  return <ClubConfirmedPage {...(acted ?? loaded)} />;
}
