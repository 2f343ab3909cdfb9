import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { getPage } from "#content/index";
import { ProgressBar } from "~/components/funnel/ProgressBar";
import { Step1Children, type ChildEntry } from "~/components/funnel/Step1Children";
import { Step2Choices } from "~/components/funnel/Step2Choices";
import { Step3Email } from "~/components/funnel/Step3Email";
import { MAX_CHILDREN, hasUnknownOption, step1Validator, step2Validator, step3Validator } from "~/funnel/form-schemas";
import { failureMessage, funnelLeads } from "~/funnel/leads.server";
import { getRequestContext } from "~/utils/context.server";
import type { RouteHandle } from "~/utils/hydrate";
import { linkTo } from "~/utils/links";
import { formPostLimited } from "~/utils/rate-limit.server";
import { pageMeta } from "~/utils/seo";
import {
  attributionFields,
  commitSession,
  getSession,
  getVariantValue,
  setVariantValues,
} from "~/utils/session.server";

export const handle: RouteHandle = { hydrate: true };

export const TOTAL_STEPS = 3;

function parseStep(value: string | null): 1 | 2 | 3 {
  return value === "2" ? 2 : value === "3" ? 3 : 1;
}

/** Children entries as typed, kept as strings so nothing the visitor chose is lost on a re-render. */
function childrenFromForm(formData: FormData): ChildEntry[] {
  const entries: ChildEntry[] = [];
  for (let index = 0; index < MAX_CHILDREN; index++) {
    const ageBand = formData.get(`children[${index}].ageBand`);
    const time = formData.get(`children[${index}].time`);
    if (ageBand === null && time === null) continue;
    entries.push({ ageBand: String(ageBand ?? ""), time: String(time ?? "") });
  }
  return entries.length ? entries : [{ ageBand: "", time: "" }];
}

function pageCopy(contentKey: Parameters<typeof getPage>[0]) {
  return { copy: getPage(contentKey, "form"), options: getPage(contentKey, "options") };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const session = await getSession(request, ctx);
  const leadId = getVariantValue(session, ctx.variant, "leadId");
  const step = parseStep(ctx.url.searchParams.get("step"));
  // Steps 2 and 3 need the lead that step 1 created.
  if (step > 1 && !leadId) throw redirect(linkTo(ctx.variant, "form"));

  const lead = leadId ? await funnelLeads(ctx).get(leadId).catch(() => null) : null;
  if (step > 1 && !lead) throw redirect(linkTo(ctx.variant, "form"));

  const times = lead?.time_available?.split(",") ?? [];
  const children: ChildEntry[] = lead?.age_bands.length
    ? lead.age_bands.map((ageBand, index) => ({ ageBand, time: times[index] ?? times[0] ?? "" }))
    : [{ ageBand: "", time: "" }];
  const { copy, options } = pageCopy(ctx.contentKey);
  return {
    step,
    copy,
    options: {
      ageBands: options.ageBands,
      time: options.time,
      focus: options.focus,
      goals: options.goals,
      concerns: options.concerns,
    },
    values: {
      children,
      focus: lead?.focus_areas ?? [],
      goals: lead?.goals ?? [],
      concern: lead?.biggest_concern ?? "",
      email: lead && lead.email !== "pending@placeholder.invalid" ? lead.email : "",
    },
    meta: { title: copy.metaTitle },
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, "form", data && { fullTitle: data.meta.title });

type ActionResult = {
  step: 1 | 2 | 3;
  fieldErrors?: Record<string, string>;
  formError?: string;
  values?: {
    children?: ChildEntry[];
    focus?: string[];
    goals?: string[];
    concern?: string;
    email?: string;
  };
};

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const session = await getSession(request, ctx);
  const formData = await request.formData();
  const step = parseStep(String(formData.get("step") ?? "1"));
  const intent = String(formData.get("intent") ?? "continue");
  const { copy, options } = pageCopy(ctx.contentKey);
  const leads = funnelLeads(ctx);
  const leadId = getVariantValue(session, ctx.variant, "leadId");
  const limited = await formPostLimited(ctx.bindings, request, "form");
  if (limited) return data<ActionResult>({ step, formError: limited }, { status: 429 });
  const invalid = (result: ActionResult, unknown: boolean) =>
    data<ActionResult>(result, { status: unknown ? 400 : 422 });

  if (step === 1) {
    const children = childrenFromForm(formData);
    // Without JavaScript, add and remove are submit buttons: re-render the step with the entries kept.
    if (intent === "add") {
      if (children.length < MAX_CHILDREN) children.push({ ageBand: "", time: "" });
      return data<ActionResult>({ step, values: { children } });
    }
    if (intent.startsWith("remove-")) {
      const index = Number(intent.slice("remove-".length));
      if (children.length > 1 && Number.isInteger(index)) children.splice(index, 1);
      return data<ActionResult>({ step, values: { children } });
    }
    const result = await step1Validator(options, { ...copy.step1.errors, unknownOption: copy.unknownOption }).validate(formData);
    if (result.error) {
      const unknown = hasUnknownOption(result.error.fieldErrors, copy.unknownOption);
      return invalid({ step, fieldErrors: result.error.fieldErrors, values: { children } }, unknown);
    }
    const entries = result.data.children;
    const fields = {
      age_bands: entries.map((child) => child.ageBand),
      time_available: entries.map((child) => child.time).join(","),
      children_count: entries.length,
    };
    try {
      const existing = leadId ? await leads.get(leadId) : null;
      // Re-submitting step 1 updates the same lead; it never creates a second row.
      const lead = existing
        ? await leads.update(existing.id, fields)
        : await leads.create({
            ...fields,
            step_completed: 1,
            lead_source: "main_funnel",
            ...attributionFields(session),
          });
      if (!lead) throw new Error("lead not found");
      setVariantValues(session, ctx.variant, { leadId: lead.id });
    } catch (error) {
      return data<ActionResult>(
        { step, formError: copy.submitError.replace("{message}", failureMessage(error)), values: { children } },
        { status: 503 },
      );
    }
    return redirect(linkTo(ctx.variant, "form", { step: 2 }), {
      headers: { "Set-Cookie": await commitSession(session, ctx) },
    });
  }

  // Steps 2 and 3 work on the lead of step 1.
  const lead = leadId ? await leads.get(leadId).catch(() => null) : null;
  if (!lead) return redirect(linkTo(ctx.variant, "form"));

  if (step === 2) {
    const submitted = {
      focus: formData.getAll("focus").map(String),
      goals: formData.getAll("goals").map(String),
      concern: String(formData.get("concern") ?? ""),
    };
    const result = await step2Validator(options, { ...copy.step2.errors, unknownOption: copy.unknownOption }).validate(formData);
    if (result.error) {
      const unknown = hasUnknownOption(result.error.fieldErrors, copy.unknownOption);
      return invalid({ step, fieldErrors: result.error.fieldErrors, values: submitted }, unknown);
    }
    try {
      const updated = await leads.update(lead.id, {
        focus_areas: result.data.focus,
        goals: result.data.goals,
        biggest_concern: result.data.concern,
        step_completed: Math.max(lead.step_completed, 2),
      });
      if (!updated) throw new Error("lead not found");
    } catch (error) {
      return data<ActionResult>(
        { step, formError: copy.submitError.replace("{message}", failureMessage(error)), values: submitted },
        { status: 503 },
      );
    }
    return redirect(linkTo(ctx.variant, "form", { step: 3 }));
  }

  const email = String(formData.get("email") ?? "");
  const result = await step3Validator(copy.step3.errors).validate(formData);
  if (result.error) {
    return invalid({ step, fieldErrors: result.error.fieldErrors, values: { email } }, false);
  }
  try {
    const updated = await leads.completeWithEmail(lead, result.data.email, { step_completed: 3 });
    if (!updated) throw new Error("lead not found");
  } catch (error) {
    return data<ActionResult>(
      { step, formError: copy.submitError.replace("{message}", failureMessage(error)), values: { email } },
      { status: 503 },
    );
  }
  setVariantValues(session, ctx.variant, { userEmail: result.data.email });
  return redirect(linkTo(ctx.variant, "roadmap"), {
    headers: { "Set-Cookie": await commitSession(session, ctx) },
  });
}

export default function LeadForm() {
  const { step, copy, options, values } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionResult>();
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
      {result?.formError ? (
        <p role="alert" className="mt-6 rounded-lg border border-red-300 bg-red-50 p-4 text-red-800">
          {result.formError}
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
        <Step3Email
          copy={copy}
          initial={result?.values?.email ?? values.email}
          fieldErrors={result?.fieldErrors ?? {}}
        />
      )}
    </div>
  );
}
