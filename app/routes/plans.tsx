import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { getModePage, getPage } from "#content/index";
import { track } from "~/analytics/analytics.server";
import { BillingToggle } from "~/components/plans/BillingToggle";
import { PlanCard, planButtonClass } from "~/components/plans/PlanCard";
import { SEND_AFTER_REDIRECT_MS, confirmWaitlist } from "~/leads/confirmation.server";
import { leadsOf } from "~/leads/leads.server";
import { planEnding } from "~/leads/plan-ending.server";
import { getRequestContext } from "~/utils/context.server";
import type { RouteHandle } from "~/utils/hydrate";
import { linkTo } from "~/utils/links";
import { pageMeta } from "~/utils/seo";
import { parseBillingCycle } from "~/plans/pricing";
import { useLinkTo } from "~/utils/root-data";
import { commitSession, getSession, getVariantValue, setVariantValues } from "~/utils/session.server";
import { PAGE_CONTAINER } from "~/components/layout/container";
import { log } from "~/platform/log.server";

export const handle: RouteHandle = { hydrate: true };

/** The pro plan is not bookable on this screen (SPEC 2.7, 6). */
const DISABLED_PLAN_ID = "pro";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const session = await getSession(request, ctx);
  if (!getVariantValue(session, ctx.variant, "userEmail")) throw redirect(linkTo(ctx.variant, "form"));
  track(ctx, "plans_view", { session });
  return {
    cycle: parseBillingCycle(ctx.url.searchParams.get("cycle")),
    plans: getPage(ctx.contentKey, "plans").plans.map((plan) => ({ ...plan, ending: planEnding(ctx.env, plan) })),
    copy: getModePage(ctx.contentKey, ctx.env.LAUNCH_MODE, "plansPage"),
    waitlistMode: ctx.env.LAUNCH_MODE === "waitlist",
  };
}

// Session-bound funnel pages: shared tags for a consistent title, kept out of search results.
export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, "plans", { fullTitle: data?.copy.plans.metaTitle }, [{ name: "robots", content: "noindex" }]);

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const session = await getSession(request, ctx);
  if (!getVariantValue(session, ctx.variant, "userEmail")) return redirect(linkTo(ctx.variant, "form"));

  const formData = await request.formData();
  const copy = getPage(ctx.contentKey, "plansPage").plans;
  const plan = getPage(ctx.contentKey, "plans").plans.find((item) => item.id === formData.get("plan"));
  const cycle = parseBillingCycle(formData.get("cycle"));
  if (!plan) return data({ error: copy.unknownPlan }, { status: 400 });
  if (plan.id === DISABLED_PLAN_ID) return data({ error: copy.unavailable }, { status: 400 });

  const leadId = getVariantValue(session, ctx.variant, "leadId");
  if (leadId) {
    // SPEC 4.1: a failed write of the choice is swallowed; the visitor goes on.
    await leadsOf(ctx).recordPlan(leadId, plan.id, cycle);
  }
  setVariantValues(session, ctx.variant, { selectedPlan: plan.id, billingCycle: cycle });
  track(ctx, "plan_chosen", { session, saves: true });

  const ending = planEnding(ctx.env, plan);
  if (ending === "waitlist") {
    // The choice is the submission that ends the funnel: its e-mail is queued here, so /confirm only
    // reads. When this fails the session keeps its keys and /confirm queues it (a reload retries).
    await confirmWaitlist(ctx, session, { sendAfterMs: SEND_AFTER_REDIRECT_MS }).catch((error) =>
      log.error("lead.waitlist_mail_failed", { page: "plans" }, error),
    );
  }
  return redirect(linkTo(ctx.variant, ending === "signup" ? "signup" : "confirm"), {
    headers: { "Set-Cookie": await commitSession(session, ctx) },
  });
}

export default function Plans() {
  const { cycle, plans, copy, waitlistMode } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const linkTo = useLinkTo();
  const choosing = navigation.state === "submitting" ? navigation.formData?.get("plan") : null;
  return (
    <div className={`${PAGE_CONTAINER} py-12`}>
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">{copy.plans.title}</h1>
        <p className="mt-3 text-lg text-slate-700">{waitlistMode ? copy.plans.waitlistSubtitle : copy.plans.subtitle}</p>
      </header>
      <div className="mt-8">
        <BillingToggle copy={copy.toggle} cycle={cycle} hrefFor={(value) => linkTo("plans", { cycle: value })} />
      </div>
      {actionData && "error" in actionData ? (
        <p role="alert" className="mx-auto mt-6 max-w-xl rounded-lg border border-red-300 bg-red-50 p-4 text-center text-red-800">
          {actionData.error}
        </p>
      ) : null}
      <div className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
        {plans.map((plan) => {
          const disabled = plan.id === DISABLED_PLAN_ID;
          return (
            <PlanCard
              key={plan.id}
              plan={plan}
              cycle={cycle}
              copy={copy.card}
              disabled={disabled}
              disabledLabel={copy.plans.comingSoon}
              action={
                <Form method="post">
                  <input type="hidden" name="plan" value={plan.id} />
                  <input type="hidden" name="cycle" value={cycle} />
                  <button type="submit" disabled={disabled || Boolean(choosing)} className={planButtonClass(plan, disabled)}>
                    {disabled
                      ? copy.plans.comingSoon
                      : choosing === plan.id
                        ? copy.plans.busy
                        : plan.ending === "waitlist"
                          ? copy.plans.joinWaitlist
                          : copy.plans.choose}
                  </button>
                </Form>
              }
            />
          );
        })}
      </div>
    </div>
  );
}
