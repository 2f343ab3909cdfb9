import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { CheckCircle2, Clock, Sparkles } from "lucide-react";
import { getPage } from "#content/index";
import { track } from "~/analytics/analytics.server";
import { Screenshot } from "~/components/Screenshot";
import { leadsOf } from "~/leads/leads.server";
import { screenshotFor } from "~/utils/screenshot.server";
import { getRequestContext } from "~/utils/context.server";
import type { RouteHandle } from "~/utils/hydrate";
import { linkTo } from "~/utils/links";
import { pageMeta } from "~/utils/seo";
import { getSession, getVariantValue } from "~/utils/session.server";

export const handle: RouteHandle = { hydrate: true };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const session = await getSession(request, ctx);
  if (!getVariantValue(session, ctx.variant, "userEmail")) throw redirect(linkTo(ctx.variant, "form"));
  track(ctx, "roadmap_view", { session });
  return {
    copy: getPage(ctx.contentKey, "roadmap"),
    screenshot: screenshotFor(ctx.contentKey),
  };
}

// Session-bound funnel pages: shared tags for a consistent title, kept out of search results.
export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, "roadmap", { fullTitle: data?.copy.metaTitle }, [{ name: "robots", content: "noindex" }]);

// The button records the click (failure ignored, SPEC 4.1) and goes on to the plans.
export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const session = await getSession(request, ctx);
  const leadId = getVariantValue(session, ctx.variant, "leadId");
  if (leadId) {
    await leadsOf(ctx).recordFlag(leadId, "clicked_roadmap_button");
  }
  return redirect(linkTo(ctx.variant, "plans"));
}

export default function Roadmap() {
  const { copy, screenshot } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <section className="text-center">
        <p className="inline-flex items-center gap-2 rounded-full bg-brand-soft px-4 py-1 text-sm font-semibold text-brand-strong">
          <Sparkles aria-hidden="true" className="h-4 w-4" />
          {copy.hero.eyebrow}
        </p>
        <h1 className="mt-4 text-3xl font-extrabold text-slate-900 sm:text-4xl">{copy.hero.title}</h1>
        <p className="mt-3 text-lg text-slate-700">{copy.hero.subtitle}</p>
      </section>

      <section aria-labelledby="story" className="mt-12">
        <h2 id="story" className="text-2xl font-bold text-slate-900">{copy.story.title}</h2>
        {copy.story.paragraphs.map((paragraph) => (
          <p key={paragraph} className="mt-3 text-slate-700">{paragraph}</p>
        ))}
        <ul className="mt-4 space-y-2">
          {copy.story.benefits.map((benefit) => (
            <li key={benefit} className="flex gap-2 text-slate-800">
              <CheckCircle2 aria-hidden="true" className="mt-0.5 h-5 w-5 flex-none text-brand" />
              <span>{benefit}</span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="offer" className="mt-12 grid items-center gap-8 rounded-2xl bg-brand-soft p-6 sm:grid-cols-2 sm:p-8">
        <div>
          <h2 id="offer" className="text-2xl font-bold text-slate-900">{copy.offer.title}</h2>
          <p className="mt-2 text-slate-700">{copy.offer.subtitle}</p>
          <ul className="mt-4 space-y-2">
            {copy.offer.features.map((feature) => (
              <li key={feature} className="flex gap-2 font-medium text-slate-900">
                <CheckCircle2 aria-hidden="true" className="mt-0.5 h-5 w-5 flex-none text-brand" />
                <span>{feature}</span>
              </li>
            ))}
          </ul>
        </div>
        <Screenshot image={screenshot} alt={copy.offer.screenshotAlt} className="mx-auto h-auto w-56 rounded-3xl shadow-lg" />
      </section>

      <section aria-labelledby="why-now" className="mt-12">
        <h2 id="why-now" className="text-2xl font-bold text-slate-900">{copy.whyNow.title}</h2>
        {copy.whyNow.paragraphs.map((paragraph) => (
          <p key={paragraph} className="mt-3 text-slate-700">{paragraph}</p>
        ))}
      </section>

      <section aria-labelledby="urgency" className="mt-12 rounded-2xl border-2 border-accent p-6 text-center">
        <h2 id="urgency" className="flex items-center justify-center gap-2 text-xl font-bold text-slate-900">
          <Clock aria-hidden="true" className="h-5 w-5 text-accent" />
          {copy.urgency.title}
        </h2>
        <p className="mt-2 text-slate-700">{copy.urgency.text}</p>
        <Form method="post" className="mt-6">
          <button
            type="submit"
            disabled={navigation.state === "submitting"}
            className="w-full rounded-lg bg-brand px-6 py-4 text-lg font-semibold text-white hover:bg-brand-strong disabled:opacity-60 sm:w-auto"
          >
            {copy.cta}
          </button>
        </Form>
        <p className="mt-3 text-sm text-slate-600">{copy.ctaNote}</p>
      </section>
    </div>
  );
}
