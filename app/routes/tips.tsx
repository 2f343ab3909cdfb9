import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { LeadMagnetLanding } from "~/components/guides/LeadMagnetLanding";
import { landingLoader } from "~/leads/lead-magnet.server";
import { pageMeta } from "~/utils/seo";

/** /tips: the free tips landing page (SPEC 2.12). Static: no client JavaScript. */
export const loader = (args: LoaderFunctionArgs) => landingLoader(args, "tips");

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, "tips", data && { fullTitle: data.copy.meta.title, description: data.copy.meta.description });

export default function TipsLanding() {
  const { kind, copy } = useLoaderData<typeof loader>();
  return <LeadMagnetLanding kind={kind} copy={copy} />;
}
