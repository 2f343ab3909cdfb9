import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { registerAction, registerLoader } from "~/clubs/registration.server";
import { ClubRegisterPage } from "~/components/clubs/ClubRegisterPage";
import type { RouteHandle } from "~/utils/hydrate";
import { pageMeta } from "~/utils/seo";

/** /clubs/new: a coach registers a club (docs/decisions/039-clubs.md); sport editions only. */
export const handle: RouteHandle = { hydrate: true };

export const loader = (args: LoaderFunctionArgs) => registerLoader(args);
export const action = (args: ActionFunctionArgs) => registerAction(args);

/** The form carries a fresh bot stamp: never cached. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, "clubs/new", { fullTitle: data?.copy.metaTitle }, [{ name: "robots", content: "noindex" }]);

export default function ClubsNew() {
  const { copy, sent } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return <ClubRegisterPage copy={copy} sent={sent} result={result} />;
}
