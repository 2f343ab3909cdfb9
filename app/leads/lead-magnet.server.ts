import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getPage } from "#content/index";
import { track, trackTooFast } from "~/analytics/analytics.server";
import { alertFor, leadMagnetValidator, missingFieldsOf } from "~/guides/form-schema";
import { LEAD_MAGNETS, type LeadMagnetKind, type LeadMagnetValues } from "~/guides/kinds";
import { botFields, checkBot } from "~/platform/bot-guard.server";
import { turnstileRefusal } from "~/platform/turnstile.server";
import { getRequestContext, type RequestContext } from "~/utils/context.server";
import { linkTo } from "~/utils/links";
import { formPostRefused } from "./ip-trust.server";
import { attributionChannel, attributionFields, getSession, sessionHeaders, setVariantValues } from "~/utils/session.server";
import { ConfirmUnavailable, confirmLeadMagnet } from "./confirmation.server";
import { admitNewLead } from "./lead-ip-limit.server";
import { leadsOf } from "./leads.server";
import { recordReferral } from "./referral-record.server";
import { joinLinkedClub } from "./club-join.server";
import { submissionId } from "./submission.server";
import { clientIp } from "~/utils/rate-limit.server";
import { log } from "~/platform/log.server";

/**
 * /guide and /tips: copy only; the page is the same for every visitor (it may come from the edge
 * cache), so its view is counted by its `landed` image (app/analytics/landed.server.ts).
 */
export async function landingLoader({ request, context }: LoaderFunctionArgs, kind: LeadMagnetKind) {
  const ctx = getRequestContext(request, context);
  return { kind, copy: getPage(ctx.contentKey, kind).landing };
}

function formCopy(ctx: RequestContext, kind: LeadMagnetKind) {
  const options = getPage(ctx.contentKey, "options");
  return {
    kind,
    copy: getPage(ctx.contentKey, kind).form,
    ageBands: options.leadFormAgeBands,
    goals: options.leadFormGoals,
  };
}

/** The form page; issues the id the visitor's lead will get (the caller commits the session). */
export async function formLoader({ request, context }: LoaderFunctionArgs, kind: LeadMagnetKind) {
  const ctx = getRequestContext(request, context);
  const session = await getSession(request, ctx);
  const { issued } = submissionId(session, ctx.variant, kind);
  track(ctx, `${kind}_form_view`, { session, saves: issued });
  return data(
    { ...formCopy(ctx, kind), bot: await botFields(ctx, { turnstile: true }) },
    { headers: issued ? await sessionHeaders(session, ctx) : undefined },
  );
}

/** What the visitor typed, echoed back into the form after a rejected or failed submit. */
function typedValues(form: FormData): LeadMagnetValues {
  const text = (value: FormDataEntryValue | null) => (typeof value === "string" ? value.slice(0, 254) : "");
  return {
    email: text(form.get("email")).trim(),
    ageBand: text(form.get("ageBand")),
    goals: form.getAll("goals").map(text).slice(0, 50),
  };
}

/**
 * The form's submit: validate, create the lead once per submission (step_completed 1, the guide or
 * tips source, the visitor's referral and UTM attribution), keep its e-mail and id in the session
 * for this variant, and go to the confirm page. Nothing is written for a bad form, and nothing for a
 * bot, which is sent to the confirm page as a person would be (that page finds no lead and sends it
 * back to the form). Every re-render carries the form's bot fields (`bot`).
 */
export async function formAction({ request, context }: ActionFunctionArgs, kind: LeadMagnetKind) {
  const ctx = getRequestContext(request, context);
  const config = LEAD_MAGNETS[kind];
  const { copy, ageBands, goals } = formCopy(ctx, kind);
  const form = await request.formData();
  const values = typedValues(form);
  const limited = await formPostRefused(ctx, request, kind);
  if (limited) return data({ alert: limited, values }, { status: 429 });
  const session = await getSession(request, ctx);
  const guard = await checkBot(ctx, form, { turnstile: true });
  trackTooFast(ctx, guard, kind, session);
  if (guard.kind === "bot") {
    return redirect(linkTo(ctx.variant, config.confirmPage), { headers: await sessionHeaders(session, ctx) });
  }
  const bot = guard.fields;
  if (guard.kind === "again") return data({ alert: guard.message, values, bot }, { status: 422 });
  const result = await leadMagnetValidator({ ageBands, goals }, copy.errors).validate(form);
  if (result.error) {
    const missing = missingFieldsOf(result.error.fieldErrors, copy.errors);
    return data({ alert: alertFor(result.error.fieldErrors, copy.errors), missing, values, bot }, { status: 400 });
  }
  const refused = await turnstileRefusal(ctx, request, form);
  if (refused) return data({ alert: refused.message, values, bot }, { status: refused.status });
  const { email, ageBand, goals: chosenGoals } = result.data;
  // Distinct addresses count against the IP: a family sending the same address again is one (ADR 036).
  const admitted = await admitNewLead(ctx, request, undefined, email);
  if (!admitted.ok) return data({ alert: admitted.message, values, bot }, { status: admitted.status });

  try {
    const lead = await leadsOf(ctx).createLeadMagnetLead(submissionId(session, ctx.variant, kind).id, {
      ...attributionFields(session),
      email,
      age_band: ageBand,
      goals: chosenGoals,
      lead_source: config.leadSource,
    });
    await recordReferral(ctx, lead, attributionChannel(session), undefined, clientIp(request));
    // A visitor who came through a club link (/c/SLUG) joins that club (ADR 039).
    await joinLinkedClub(ctx, session, lead.id);
    if (admitted.flag) await leadsOf(ctx).addRiskFlag(lead.id, "ip-burst");
    setVariantValues(session, ctx.variant, { [config.emailKey]: email, [config.leadIdKey]: lead.id });
  } catch (error) {
    log.error("lead.save_failed", { form: kind }, error);
    return data({ alert: copy.errors.saveFailed, values, bot }, { status: 503 });
  }
  track(ctx, `${kind}_submitted`, { session, saves: true });
  return redirect(linkTo(ctx.variant, config.confirmPage), { headers: await sessionHeaders(session, ctx) });
}

/**
 * The confirm page: the guide or tips e-mail is queued once for the visitor's lead and the page
 * shows where it stands; a reload shows the same lead again; with neither, back to the form.
 */
export async function confirmLoader({ request, context }: LoaderFunctionArgs, kind: LeadMagnetKind) {
  const ctx = getRequestContext(request, context);
  const config = LEAD_MAGNETS[kind];
  const copy = getPage(ctx.contentKey, kind).confirm;
  const session = await getSession(request, ctx);
  let shown: Awaited<ReturnType<typeof confirmLeadMagnet>>;
  try {
    shown = await confirmLeadMagnet(ctx, session, config);
  } catch (error) {
    if (error instanceof ConfirmUnavailable) throw data(null, { status: 503 });
    throw error;
  }
  if (!shown) throw redirect(linkTo(ctx.variant, config.formPage));
  track(ctx, `${kind}_confirm_view`, { session, saves: true });
  return data(
    {
      kind,
      copy,
      email: shown.lead.email,
      shareLink: shown.link,
      mail: shown.mail,
      repeat: shown.repeat,
      prompt: { copy: getPage(ctx.contentKey, "waitlist").prompt, confirmed: shown.confirmed, statusLink: shown.statusLink },
    },
    { headers: shown.sessionChanged ? await sessionHeaders(session, ctx) : undefined },
  );
}
