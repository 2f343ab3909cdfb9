import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { confirmLoader } from "~/clubs/registration.server";
import { ClubConfirmedPage } from "~/components/clubs/ClubPages";
import { pageMeta } from "~/utils/seo";

/** /clubs/confirm?t=…: the club contact's double opt-in (docs/decisions/039-clubs.md). */
export const loader = (args: LoaderFunctionArgs) => confirmLoader(args);

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, "clubs/confirm", { fullTitle: data?.copy.metaTitle }, [{ name: "robots", content: "noindex" }]);

export default function ClubsConfirm() {
  return <ClubConfirmedPage {...useLoaderData<typeof loader>()} />;
}
