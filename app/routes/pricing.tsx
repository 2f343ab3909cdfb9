import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ShieldCheck } from "lucide-react";
import { getModePage, getPage } from "#content/index";
import { BillingToggle } from "~/components/plans/BillingToggle";
import { PlanCard, planButtonClass } from "~/components/plans/PlanCard";
import { getRequestContext } from "~/utils/context.server";
import { parseBillingCycle } from "~/plans/pricing";
import { useLinkTo } from "~/utils/root-data";
import { pageMeta } from "~/utils/seo";
import { PAGE_CONTAINER } from "~/components/layout/container";

// Public pricing (SPEC 2.8): static, ships no JavaScript; every button leads to the form.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = getRequestContext(request, context);
  return {
    cycle: parseBillingCycle(ctx.url.searchParams.get("cycle")),
    plans: getPage(ctx.contentKey, "plans").plans,
    copy: getModePage(ctx.contentKey, ctx.env.LAUNCH_MODE, "plansPage"),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, "pricing", data && { fullTitle: data.copy.pricing.metaTitle, description: data.copy.pricing.metaDescription });

export default function Pricing() {
  const { cycle, plans, copy } = useLoaderData<typeof loader>();
  const linkTo = useLinkTo();
  return (
    <div className={`${PAGE_CONTAINER} py-12`}>
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">{copy.pricing.title}</h1>
        <p className="mt-3 text-lg text-slate-700">{copy.pricing.subtitle}</p>
      </header>
      <div className="mt-8">
        <BillingToggle copy={copy.toggle} cycle={cycle} hrefFor={(value) => linkTo("pricing", { cycle: value })} />
      </div>
      <div className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
        {plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            cycle={cycle}
            copy={copy.card}
            action={
              <a href={linkTo("form")} className={planButtonClass(plan)}>
                {plan.status === "in-preparation" ? copy.pricing.waitlistCta : copy.card.tryFree}
              </a>
            }
          />
        ))}
      </div>
      <section aria-labelledby="reassurance" className="mx-auto mt-16 max-w-4xl rounded-2xl bg-brand-soft p-8">
        <h2 id="reassurance" className="flex items-center justify-center gap-2 text-2xl font-bold text-slate-900">
          <ShieldCheck aria-hidden="true" className="h-7 w-7 text-brand" />
          {copy.pricing.reassurance.title}
        </h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2">
          {copy.pricing.reassurance.points.map((point) => (
            <li key={point.title}>
              <h3 className="font-semibold text-slate-900">{point.title}</h3>
              <p className="mt-1 text-slate-700">{point.text}</p>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-center">
          <a
            href={linkTo("form")}
            className="inline-block rounded-lg bg-brand px-8 py-3 text-lg font-semibold text-white hover:bg-brand-strong"
          >
            {copy.pricing.cta}
          </a>
        </p>
      </section>
    </div>
  );
}
