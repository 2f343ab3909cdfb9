import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { LeadMagnetConfirm } from "~/components/guides/LeadMagnetConfirm";
import { confirmLoader } from "~/leads/lead-magnet.server";
import { pageMeta } from "~/utils/seo";

/** /tips-confirm: the e-mail went out; share link and 'Back to Home' (SPEC 2.12, 4.3). */
export const loader = (args: LoaderFunctionArgs) => confirmLoader(args, "tips");

/** The page shows the visitor's e-mail address: never cached. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, "tips confirm", data && { fullTitle: data.copy.meta.title, description: data.copy.meta.description }, [
    { name: "robots", content: "noindex" },
  ]);

export default function TipsConfirm() {
  const { copy, email, shareLink, repeat, mail, prompt } = useLoaderData<typeof loader>();
  return <LeadMagnetConfirm copy={copy} email={email} shareLink={shareLink} repeat={repeat} mail={mail} prompt={prompt} />;
}
