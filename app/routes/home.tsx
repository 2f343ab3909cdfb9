import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { LogIn } from "lucide-react";
import { getPage } from "#content/index";
import { Hero } from "~/components/landing/Hero";
import { PAGE_CONTAINER } from "~/components/layout/container";
import { NewTabNote } from "~/components/NewTabNote";
import { Credibility, DreamOutcome, FinalCta, PainPoints, Solution } from "~/components/landing/Sections";
import { shareCardFor } from "~/referrals/share-card.server";
import { getRequestContext } from "~/utils/context.server";
import type { RouteHandle } from "~/utils/hydrate";
import { useRootData } from "~/utils/root-data";
import { screenshotForRequest } from "~/landing/screenshot.server";
import { pageMeta } from "~/utils/seo";

// No header (SPEC 2.3) and no `hydrate`: the landing page ships no app bundle.
export const handle: RouteHandle = { hideHeader: true };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = getRequestContext(request, context);
  // A parent's shared link (?r=) unfurls into their child's age stage; other links into the site's card.
  const refCode = ctx.url.searchParams.get("r");
  const [screenshot, shareCard] = await Promise.all([
    screenshotForRequest(ctx.contentKey, ctx.bindings),
    refCode ? shareCardFor(ctx, refCode) : null,
  ]);
  return { landing: getPage(ctx.contentKey, "landing"), screenshot, shareCard };
}

// The landing page's own title (it names the brand) with the shared canonical and sharing tags.
export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(
    matches,
    "home",
    data ? { fullTitle: data.landing.meta.title, description: data.landing.meta.description, share: data.shareCard } : undefined,
  );

export default function Home() {
  const { landing, screenshot } = useLoaderData<typeof loader>();
  const { site, appSigninUrl } = useRootData();
  return (
    <>
      <div className="bg-brand-soft">
        <div className={`${PAGE_CONTAINER} flex justify-end pt-3`}>
          <a
            href={appSigninUrl}
            target="_blank"
            rel="noopener"
            className="inline-flex min-h-11 items-center gap-2 rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:border-brand hover:text-brand-strong"
          >
            <LogIn aria-hidden="true" className="h-4 w-4" />
            {site.loginLabel}
            <NewTabNote />
          </a>
        </div>
      </div>
      <Hero hero={landing.hero} screenshot={screenshot} />
      <DreamOutcome content={landing.dreamOutcome} />
      <PainPoints content={landing.painPoints} />
      <Solution content={landing.solution} />
      <Credibility content={landing.credibility} />
      <FinalCta content={landing.finalCta} />
    </>
  );
}
