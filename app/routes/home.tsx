import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { LogIn } from "lucide-react";
import { Hero } from "~/components/landing/Hero";
import { PAGE_CONTAINER } from "~/components/layout/container";
import { LandedImage } from "~/components/LandedImage";
import { NewTabNote } from "~/components/NewTabNote";
import { ClubsLine, Credibility, DreamOutcome, FinalCta, PainPoints, Solution } from "~/components/landing/Sections";
import { getRequestContext } from "~/utils/context.server";
import type { RouteHandle } from "~/utils/hydrate";
import { useRootData } from "~/utils/root-data";
import { landingPage } from "~/landing/landing.server";
import { landingMeta } from "~/landing/meta";

// No header (SPEC 2.3) and no `hydrate`: the landing page ships no app bundle.
export const handle: RouteHandle = { hideHeader: true };

export async function loader({ request, context }: LoaderFunctionArgs) {
  return landingPage(getRequestContext(request, context));
}

export const meta: MetaFunction<typeof loader> = landingMeta;

export default function Home() {
  const { landing, screenshot, arrival } = useLoaderData<typeof loader>();
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
      <Hero hero={landing.hero} screenshot={screenshot} arrival={{ copy: landing.arrival, ...arrival }} />
      <DreamOutcome content={landing.dreamOutcome} />
      <PainPoints content={landing.painPoints} />
      <Solution content={landing.solution} />
      <Credibility content={landing.credibility} />
      <FinalCta content={landing.finalCta} />
      {landing.clubs ? <ClubsLine content={landing.clubs} /> : null}
      <LandedImage page="home" />
    </>
  );
}
