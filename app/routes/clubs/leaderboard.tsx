import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { leaderboardLoader } from "~/clubs/public.server";
import { ClubLeaderboard } from "~/components/clubs/ClubPages";
import { pageMeta } from "~/utils/seo";

/** /clubs: the sport's approved clubs by confirmed families (docs/decisions/039-clubs.md). */
export const loader = (args: LoaderFunctionArgs) => leaderboardLoader(args);

/** The counts are always current (ADR 039): not edge-cached, revalidated by browsers. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-cache" });

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, "clubs", { fullTitle: data?.copy.metaTitle });

export default function Clubs() {
  return <ClubLeaderboard {...useLoaderData<typeof loader>()} />;
}
