import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { clubPageLoader } from "~/clubs/public.server";
import { ClubPage } from "~/components/clubs/ClubPages";
import { pageMeta } from "~/utils/seo";

/** /clubs/SLUG: an approved club's public page (docs/decisions/039-clubs.md). */
export const loader = (args: LoaderFunctionArgs) => clubPageLoader(args);

/** The counts are always current (ADR 039): not edge-cached, revalidated by browsers. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-cache" });

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, "clubs", { title: data?.club.name });

export default function Club() {
  return <ClubPage {...useLoaderData<typeof loader>()} />;
}
