import { getPage } from "#content/index";
import { track, trackTooFast } from "~/analytics/analytics.server";
import type { Lead } from "~/data/ports/lead-store";
import { MAX_CHILDREN, parseStep, type ChildEntry, type Step } from "~/funnel/steps";
import { hasUnknownOption, step1Validator, step2Validator, step3Validator } from "~/funnel/form-schemas";
import { botFields, checkBot, type BotFieldsData } from "~/platform/bot-guard.server";
import { turnstileRefusal } from "~/platform/turnstile.server";
import type { RequestContext } from "~/utils/context.server";
import { linkTo } from "~/utils/links";
import { TOO_MANY_FORM_POSTS } from "~/utils/rate-limit.server";
import { formPostRefused } from "./ip-trust.server";
import { attributionChannel, attributionFields, getVariantValue, setVariantValues, type AppSession } from "~/utils/session.server";
import { admitNewLead } from "./lead-ip-limit.server";
import { leadsOf } from "./leads.server";
import { recordReferral } from "./referral-record.server";
import { clubChoiceValid, clubField, joinPostedClub } from "./club-join.server";
import { submissionId } from "./submission.server";
import { clientIp } from "~/utils/rate-limit.server";
import { log } from "~/platform/log.server";

/** The main funnel's three steps: what each shows and what each submit does to the visitor's lead. */

type StepValues = {
  children?: ChildEntry[];
  focus?: string[];
  goals?: string[];
  concern?: string;
  email?: string;
};

export type StepResult = {
  step: Step;
  fieldErrors?: Record<string, string>;
  formError?: string;
  values?: StepValues;
  /** The form's bot fields for the re-render: the stamp it was sent with (docs/decisions/011-bot-guard.md). */
  bot?: BotFieldsData;
};

/** A submit either re-renders the step (with a status) or moves on (the session changed). */
export type StepOutcome = { status: number; result: StepResult } | { redirectTo: string };

/** Steps 2 and 3 need the lead step 1 wrote; a database failure is told apart from a missing lead. */
class LeadUnavailable extends Error {}

function pageCopy(ctx: RequestContext) {
  return { copy: getPage(ctx.contentKey, "form"), options: getPage(ctx.contentKey, "options") };
}

async function visitorLead(ctx: RequestContext, session: AppSession): Promise<Lead | null> {
  const leadId = getVariantValue(session, ctx.variant, "leadId");
  if (!leadId) return null;
  try {
    return await leadsOf(ctx).get(leadId);
  } catch (error) {
    throw new LeadUnavailable("lead read failed", { cause: error });
  }
}

const FAILURE_MESSAGE = "we could not save your answers right now. Please try again in a moment.";

/**
 * What a step page shows: the step, its copy and options, and the visitor's earlier answers.
 * `null` when the step cannot be shown yet (no lead for step 2 or 3): go to step 1.
 * Issues the submission id step 1 will create the lead under (the caller commits the session).
 */
export async function stepPage(ctx: RequestContext, session: AppSession, step: Step) {
  const { copy, options } = pageCopy(ctx);
  let lead: Lead | null = null;
  let unavailable = false;
  try {
    lead = await visitorLead(ctx, session);
  } catch (error) {
    log.error("lead.read_failed", { page: "form", step }, error);
    unavailable = true;
  }
  if (step > 1 && !lead && !unavailable) return null;
  const { issued } = step === 1 && !lead ? submissionId(session, ctx.variant, "main") : { issued: false };
  if (!unavailable) track(ctx, `form_step${step}_view`, { session, saves: issued });

  const times = lead?.time_available?.split(",") ?? [];
  const children: ChildEntry[] = lead?.age_bands.length
    ? lead.age_bands.map((ageBand, index) => ({ ageBand, time: times[index] ?? times[0] ?? "" }))
    : [{ ageBand: "", time: "" }];
  return {
    issued,
    status: unavailable ? 503 : 200,
    page: {
      step,
      copy,
      // Turnstile on step 1 only, where the lead is created: one check per visitor, not three.
      bot: await botFields(ctx, { turnstile: step === 1 }),
      formError: unavailable ? copy.submitError.replace("{message}", FAILURE_MESSAGE) : null,
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
      // The e-mail step's optional "Your club" (sport editions, ADR 039).
      club: step === 3 && !unavailable ? await clubField(ctx, session, lead?.id ?? null) : null,
    },
  };
}

/** Children entries as typed, kept as strings so nothing the visitor chose is lost on a re-render. */
function childrenFromForm(form: FormData): ChildEntry[] {
  const entries: ChildEntry[] = [];
  for (let index = 0; index < MAX_CHILDREN; index++) {
    const ageBand = form.get(`children[${index}].ageBand`);
    const time = form.get(`children[${index}].time`);
    if (ageBand === null && time === null) continue;
    entries.push({ ageBand: String(ageBand ?? ""), time: String(time ?? "") });
  }
  return entries.length ? entries : [{ ageBand: "", time: "" }];
}

/** What the visitor typed on a step, echoed back when the step is shown again. */
function typedValues(step: Step, form: FormData): StepValues {
  if (step === 1) return { children: childrenFromForm(form) };
  if (step === 2) {
    return {
      focus: form.getAll("focus").map(String),
      goals: form.getAll("goals").map(String),
      concern: String(form.get("concern") ?? ""),
    };
  }
  return { email: String(form.get("email") ?? "") };
}

/** Where a step sends a person who sent it: what a bot is told too, with nothing written. */
function nextPage(ctx: RequestContext, step: Step): string {
  return step === 3 ? linkTo(ctx.variant, "roadmap") : linkTo(ctx.variant, "form", { step: step + 1 });
}

/**
 * One submit of a funnel step (add/remove child buttons included): validates, writes the visitor's
 * lead through the lead module, and says where to go. Input is kept on every refusal and failure.
 * Bots (docs/decisions/011-bot-guard.md) go where a person would and write nothing; the minimum
 * fill time applies on step 1 only, where the lead is born (an autofilled e-mail on step 3 can be
 * quicker than any minimum), the honeypot and a forged stamp on every step. A step 1 sent sooner
 * comes back with its answers and a request to press again.
 */
export async function submitStep(ctx: RequestContext, session: AppSession, request: Request, form: FormData): Promise<StepOutcome> {
  const step = parseStep(String(form.get("step") ?? "1"));
  const intent = String(form.get("intent") ?? "continue");
  const values = typedValues(step, form);
  const { copy, options } = pageCopy(ctx);
  const messages = { unknownOption: copy.unknownOption };
  // Adding or removing a child writes nothing: only Continue meets the minimum fill time.
  const guard = await checkBot(ctx, form, { minFill: step === 1 && intent === "continue", turnstile: step === 1 });
  const bot = guard.kind === "bot" ? undefined : guard.fields;
  const show = (status: number, result: Omit<StepResult, "step" | "values" | "bot"> = {}): StepOutcome => ({
    status,
    result: { step, values, bot, ...result },
  });
  const failed = (error: unknown) => {
    log.error("lead.save_failed", { form: "funnel", step }, error);
    return show(503, { formError: copy.submitError.replace("{message}", FAILURE_MESSAGE) });
  };

  // Without JavaScript, add and remove are submit buttons: show the step again with the entries kept.
  if (step === 1 && intent === "add") {
    const children = values.children ?? [];
    if (children.length < MAX_CHILDREN) children.push({ ageBand: "", time: "" });
    return show(200);
  }
  if (step === 1 && intent.startsWith("remove-")) {
    const children = values.children ?? [];
    const index = Number(intent.slice("remove-".length));
    if (children.length > 1 && Number.isInteger(index)) children.splice(index, 1);
    return show(200);
  }

  if (await formPostRefused(ctx, request, "form")) return show(429, { formError: TOO_MANY_FORM_POSTS });
  if (guard.kind === "bot") return { redirectTo: nextPage(ctx, step) };
  if (guard.kind === "again") {
    trackTooFast(ctx, guard, "form_step1", session);
    return show(422, { formError: guard.message });
  }

  let lead: Lead | null;
  try {
    lead = await visitorLead(ctx, session);
  } catch (error) {
    return failed(error);
  }
  if (step > 1 && !lead) return { redirectTo: linkTo(ctx.variant, "form") };
  const leads = leadsOf(ctx);

  if (step === 1) {
    const result = await step1Validator(options, { ...copy.step1.errors, ...messages }).validate(form);
    if (result.error) {
      return show(hasUnknownOption(result.error.fieldErrors, copy.unknownOption) ? 400 : 422, {
        fieldErrors: result.error.fieldErrors,
      });
    }
    const entries = result.data.children;
    const refused = await turnstileRefusal(ctx, request, form);
    if (refused) return show(refused.status, { formError: refused.message });
    // Only a new lead counts against the visitor's IP; answering step 1 again updates the same one.
    const admitted = lead ? { ok: true as const, flag: false } : await admitNewLead(ctx, request);
    if (!admitted.ok) return show(admitted.status, { formError: admitted.message });
    try {
      const saved = await leads.saveChildren(
        lead,
        submissionId(session, ctx.variant, "main").id,
        {
          age_bands: entries.map((child) => child.ageBand),
          time_available: entries.map((child) => child.time).join(","),
          children_count: entries.length,
        },
        attributionFields(session),
      );
      if (admitted.flag) await leads.addRiskFlag(saved.id, "ip-burst");
      setVariantValues(session, ctx.variant, { leadId: saved.id });
    } catch (error) {
      return failed(error);
    }
    track(ctx, "form_step1_done", { session, saves: true });
    return { redirectTo: nextPage(ctx, 1) };
  }

  if (step === 2) {
    const result = await step2Validator(options, { ...copy.step2.errors, ...messages }).validate(form);
    if (result.error) {
      return show(hasUnknownOption(result.error.fieldErrors, copy.unknownOption) ? 400 : 422, {
        fieldErrors: result.error.fieldErrors,
      });
    }
    try {
      await leads.saveChoices(lead!, result.data);
    } catch (error) {
      return failed(error);
    }
    track(ctx, "form_step2_done", { session, saves: true });
    return { redirectTo: nextPage(ctx, 2) };
  }

  const result = await step3Validator(copy.step3.errors).validate(form);
  if (result.error) return show(422, { fieldErrors: result.error.fieldErrors });
  if (!(await clubChoiceValid(ctx, session, form))) return show(400, { formError: copy.unknownOption });
  // Another inbox than the lead's makes a new lead (ADR 040), counted against the IP as one.
  if (leads.changesAddress(lead!, result.data.email)) {
    const admitted = await admitNewLead(ctx, request);
    if (!admitted.ok) return show(admitted.status, { formError: admitted.message });
  }
  let saved: Lead;
  try {
    saved = await leads.saveEmail(lead!, result.data.email);
    await recordReferral(ctx, saved, attributionChannel(session), undefined, clientIp(request));
    await joinPostedClub(ctx, session, form, saved.id);
  } catch (error) {
    return failed(error);
  }
  setVariantValues(session, ctx.variant, { leadId: saved.id, userEmail: result.data.email });
  track(ctx, "form_step3_done", { session, saves: true });
  return { redirectTo: nextPage(ctx, 3) };
}
