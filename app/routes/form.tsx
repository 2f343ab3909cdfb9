import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ProgressBar } from "~/components/funnel/ProgressBar";
import { Step1Children } from "~/components/funnel/Step1Children";
import { Step2Choices } from "~/components/funnel/Step2Choices";
import { Step3Email } from "~/components/funnel/Step3Email";
import { TOTAL_STEPS, parseStep } from "~/funnel/steps";
import { stepPage, submitStep, type StepResult } from "~/leads/funnel.server";
import { getRequestContext } from "~/utils/context.server";
import type { RouteHandle } from "~/utils/hydrate";
import { linkTo } from "~/utils/links";
import { pageMeta } from "~/utils/seo";
import { getSession, sessionHeaders } from "~/utils/session.server";

/** /form: the three assessment steps; app/leads/funnel.server.ts decides what each submit does. */
export const handle: RouteHandle = { hydrate: true };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const session = await getSession(request, ctx);
  const shown = await stepPage(ctx, session, parseStep(ctx.url.searchParams.get("step")));
  if (!shown) throw redirect(linkTo(ctx.variant, "form"));
  const headers = shown.issued ? await sessionHeaders(session, ctx) : undefined;
  return data({ ...shown.page, meta: { title: shown.page.copy.metaTitle } }, { status: shown.status, headers });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, "form", data && { fullTitle: data.meta.title });

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const session = await getSession(request, ctx);
  const outcome = await submitStep(ctx, session, request, await request.formData());
  if ("redirectTo" in outcome) return redirect(outcome.redirectTo, { headers: await sessionHeaders(session, ctx) });
  return data<StepResult>(outcome.result, { status: outcome.status });
}

export default function LeadForm() {
  const { step, copy, options, values, formError, club } = useLoaderData<typeof loader>();
  const actionData = useActionData<StepResult>();
  // Action data belongs to the step it was posted from.
  const result = actionData?.step === step ? actionData : undefined;
  const percent = Math.round((step / TOTAL_STEPS) * 100);
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <ProgressBar
        label={copy.progress.step.replace("{step}", String(step)).replace("{total}", String(TOTAL_STEPS))}
        completeLabel={copy.progress.complete.replace("{percent}", String(percent))}
        percent={percent}
      />
      {result?.formError || formError ? (
        <p role="alert" className="mt-6 rounded-lg border border-red-300 bg-red-50 p-4 text-red-800">
          {result?.formError ?? formError}
        </p>
      ) : null}
      {step === 1 ? (
        <Step1Children
          key={JSON.stringify(result?.values?.children ?? values.children)}
          copy={copy}
          options={options}
          initial={result?.values?.children ?? values.children}
          fieldErrors={result?.fieldErrors ?? {}}
        />
      ) : step === 2 ? (
        <Step2Choices
          copy={copy}
          options={options}
          initial={{
            focus: result?.values?.focus ?? values.focus,
            goals: result?.values?.goals ?? values.goals,
            concern: result?.values?.concern ?? values.concern,
          }}
          fieldErrors={result?.fieldErrors ?? {}}
        />
      ) : (
        <Step3Email copy={copy} initial={result?.values?.email ?? values.email} fieldErrors={result?.fieldErrors ?? {}} club={club} />
      )}
    </div>
  );
}
