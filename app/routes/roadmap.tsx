import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { CalendarDays, CheckCircle2, Clock, Sparkles } from "lucide-react";
import { getModePage, getPage } from "#content/index";
import { track } from "~/analytics/analytics.server";
import { Screenshot } from "~/components/Screenshot";
import { roadmapFor } from "~/funnel/roadmap";
import { leadsOf } from "~/leads/leads.server";
import { screenshotForRequest } from "~/landing/screenshot.server";
import { getRequestContext } from "~/utils/context.server";
import { linkTo } from "~/utils/links";
import { pageMeta } from "~/utils/seo";
import { getSession, getVariantValue } from "~/utils/session.server";
import { log } from "~/platform/log.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const session = await getSession(request, ctx);
  if (!getVariantValue(session, ctx.variant, "userEmail")) throw redirect(linkTo(ctx.variant, "form"));
  track(ctx, "roadmap_view", { session });
  const leadId = getVariantValue(session, ctx.variant, "leadId");
  // The pitch never depends on the database: when the answers cannot be read it shows without them.
  const lead = leadId
    ? await leadsOf(ctx)
        .get(leadId)
        .catch((error: unknown) => {
          log.error("lead.read_failed", { page: "roadmap", leadId }, error);
          return undefined;
        })
    : null;
  return {
    copy: getModePage(ctx.contentKey, ctx.env.LAUNCH_MODE, "roadmap"),
    planCopy: getPage(ctx.contentKey, "roadmapPlan"),
    plan: lead ? roadmapFor(ctx.contentKey, lead) : null,
    answersUnavailable: lead === undefined,
    screenshot: await screenshotForRequest(ctx.contentKey, ctx.bindings),
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
  const { copy, planCopy, plan, answersUnavailable, screenshot } = useLoaderData<typeof loader>();
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

      {plan ? <YourRoadmap copy={planCopy} plan={plan} /> : null}
      {answersUnavailable ? (
        <p role="status" className="mt-8 rounded-lg bg-slate-50 px-4 py-3 text-center text-slate-800">
          {planCopy.unavailable}
        </p>
      ) : null}

      <section aria-labelledby="story" className="mt-12">
        <h2 id="story" className="text-2xl font-bold text-slate-900">
          {copy.story.title}
        </h2>
        {copy.story.paragraphs.map((paragraph) => (
          <p key={paragraph} className="mt-3 text-slate-700">
            {paragraph}
          </p>
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
          <h2 id="offer" className="text-2xl font-bold text-slate-900">
            {copy.offer.title}
          </h2>
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
        <h2 id="why-now" className="text-2xl font-bold text-slate-900">
          {copy.whyNow.title}
        </h2>
        {copy.whyNow.paragraphs.map((paragraph) => (
          <p key={paragraph} className="mt-3 text-slate-700">
            {paragraph}
          </p>
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
            className="w-full rounded-lg bg-brand px-6 py-4 text-lg font-semibold text-white hover:bg-brand-strong sm:w-auto"
          >
            {copy.cta}
          </button>
        </Form>
        <p className="mt-3 text-sm text-slate-600">{copy.ctaNote}</p>
      </section>
    </div>
  );
}

type Plan = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["plan"]>;
type PlanCopy = ReturnType<typeof useLoaderData<typeof loader>>["planCopy"];

/** The part built from the parent's answers: what they said, the schedule, the first weeks. */
function YourRoadmap({ copy, plan }: { copy: PlanCopy; plan: Plan }) {
  return (
    <section aria-labelledby="your-roadmap" className="mt-10 rounded-2xl border border-slate-200 p-6 sm:p-8" data-testid="your-roadmap">
      <h2 id="your-roadmap" className="text-2xl font-bold text-slate-900">
        {copy.title}
      </h2>
      <p className="mt-2 text-slate-700">{copy.intro}</p>

      <h3 className="mt-6 text-lg font-semibold text-slate-900">{copy.answers.title}</h3>
      <dl className="mt-3 grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {plan.answers.map((answer) => (
          <div key={answer.label}>
            <dt className="text-sm font-medium text-slate-600">{answer.label}</dt>
            <dd className="text-slate-900">{answer.values.join(", ")}</dd>
          </div>
        ))}
      </dl>
      {plan.concernAnswer ? <p className="mt-4 text-slate-800">{plan.concernAnswer}</p> : null}
      {plan.schedule ? (
        <p className="mt-4 flex gap-2 rounded-lg bg-brand-soft px-4 py-3 text-slate-900">
          <CalendarDays aria-hidden="true" className="mt-0.5 h-5 w-5 flex-none text-brand-strong" />
          <span>
            <strong className="font-semibold">{plan.schedule.sessions}.</strong> {plan.schedule.text}
          </span>
        </p>
      ) : null}

      {plan.stages.map((stage) => (
        <div key={stage.label} className="mt-6">
          <h3 className="text-lg font-semibold text-slate-900">
            {copy.weeksTitle}: {stage.label} ({stage.ages.join(", ")})
          </h3>
          <ol className="mt-3 grid gap-4 sm:grid-cols-2">
            {stage.weeks.map((week) => (
              <li key={week.label} className="rounded-xl bg-slate-50 p-4">
                <p className="text-sm font-semibold text-brand-strong">{week.label}</p>
                <p className="font-semibold text-slate-900">{week.title}</p>
                <p className="mt-1 text-slate-700">{week.text}</p>
                <p className="mt-2 text-sm text-slate-600">{week.focus}</p>
              </li>
            ))}
          </ol>
        </div>
      ))}
    </section>
  );
}
