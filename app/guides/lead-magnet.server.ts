import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getPage } from "#content/index";
import type { LeadMagnetValues } from "~/components/guides/LeadMagnetForm";
import { getLeadStore } from "~/data/lead-store.server";
import type { LeadStore, LeadTable } from "~/data/lead-store";
import { hashedEmail, refCode, withUniqueRefCode } from "~/data/lead-codes.server";
import { sendTemplateMail } from "~/mail/mailer.server";
import { getRequestContext, type RequestContext } from "~/utils/context.server";
import { absoluteLinkTo, linkTo } from "~/utils/links";
import {
  attributionFields,
  clearVariantValues,
  getSession,
  getVariantValues,
  sessionHeaders,
  setVariantValues,
} from "~/utils/session.server";
import { alertFor, leadMagnetValidator } from "./form-schema";
import { LEAD_MAGNETS, type LeadMagnetKind } from "./kinds";
import { forgetSent, recallSent, rememberSent } from "./sent-memo.server";
import { formPostLimited } from "~/utils/rate-limit.server";

/** /guide and /tips: copy only; the page is static. */
export function landingLoader({ request, context }: LoaderFunctionArgs, kind: LeadMagnetKind) {
  const { contentKey } = getRequestContext(request, context);
  return { kind, copy: getPage(contentKey, kind).landing };
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

export function formLoader({ request, context }: LoaderFunctionArgs, kind: LeadMagnetKind) {
  return formCopy(getRequestContext(request, context), kind);
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
 * SPEC 4.3 step 1: validate, create the lead (step_completed 1, lead_source guide_download or
 * tips_download, with the visitor's referral and UTM attribution), keep its e-mail and id in the
 * session for this variant, and go to the confirm page. Nothing is written for a bad form.
 */
export async function formAction({ request, context }: ActionFunctionArgs, kind: LeadMagnetKind) {
  const ctx = getRequestContext(request, context);
  const config = LEAD_MAGNETS[kind];
  const { copy, ageBands, goals } = formCopy(ctx, kind);
  const form = await request.formData();
  const values = typedValues(form);
  const limited = await formPostLimited(ctx.bindings, request, kind);
  if (limited) return data({ alert: limited, values }, { status: 429 });
  const result = await leadMagnetValidator({ ageBands, goals }, copy.errors).validate(form);
  if (result.error) {
    return data({ alert: alertFor(result.error.fieldErrors, copy.errors), values }, { status: 400 });
  }

  const session = await getSession(request, ctx);
  const { email, ageBand, goals: chosenGoals } = result.data;
  try {
    const lead = await getLeadStore(ctx).create(ctx.leadTable, {
      ...attributionFields(session),
      email,
      hashed_email: await hashedEmail(email),
      age_bands: [ageBand],
      goals: chosenGoals,
      step_completed: 1,
      lead_source: config.leadSource,
    });
    setVariantValues(session, ctx.variant, { [config.emailKey]: email, [config.leadIdKey]: lead.id });
    forgetSent(session, ctx.variant, kind);
  } catch (error) {
    console.error(`${kind}-form: the lead could not be saved`, error);
    return data({ alert: copy.errors.saveFailed, values }, { status: 503 });
  }
  return redirect(linkTo(ctx.variant, config.confirmPage), { headers: await sessionHeaders(session, ctx) });
}

/**
 * The lead's own referral code, saved onto the lead. A failed save is logged only (SPEC 8): the
 * share link then carries a code derived the same way, so the page still has a link to show.
 */
async function saveRefCode(store: LeadStore, table: LeadTable, leadId: string, email: string, kind: string) {
  try {
    const lead = await withUniqueRefCode(email, (code) => store.update(table, leadId, { ref_code: code }));
    if (lead?.ref_code) return lead.ref_code;
    console.error(`${kind}-confirm: lead ${leadId} not found in ${table}; ref_code not saved`);
  } catch (error) {
    console.error(`${kind}-confirm: ref_code could not be saved`, error);
  }
  return refCode(email, Date.now());
}

/**
 * SPEC 4.3 step 2, on the first view after the form: write ref_code onto the lead, send the guide
 * or tips e-mail once, clear the session keys. A reload shows the same address and link from a
 * short-lived memo without sending again; with neither, the visitor goes back to the form.
 */
export async function confirmLoader({ request, context }: LoaderFunctionArgs, kind: LeadMagnetKind) {
  const ctx = getRequestContext(request, context);
  const config = LEAD_MAGNETS[kind];
  const copy = getPage(ctx.contentKey, kind).confirm;
  const session = await getSession(request, ctx);
  const stored = getVariantValues(session, ctx.variant);
  const email = stored[config.emailKey];
  const leadId = stored[config.leadIdKey];

  if (!email || !leadId) {
    const sent = recallSent(session, ctx.variant, kind);
    if (!sent) throw redirect(linkTo(ctx.variant, config.formPage));
    return { kind, copy, email: sent.email, shareLink: sent.shareLink, repeat: true };
  }

  const origin = ctx.url.origin;
  const code = await saveRefCode(getLeadStore(ctx), ctx.leadTable, leadId, email, kind);
  const shareLink = absoluteLinkTo(origin, ctx.variant, config.landingPage, { r: code });

  // Once per form submit: a failed send is left to the outbox retries, never repeated by a reload.
  clearVariantValues(session, ctx.variant, [config.emailKey, config.leadIdKey]);
  rememberSent(session, ctx.variant, kind, { email, shareLink });
  try {
    const sent = await sendTemplateMail(ctx, {
      template: config.template,
      variant: ctx.variant,
      to: email,
      data: { origin, refLink: shareLink },
    });
    if (!sent.ok) console.warn(`${kind}-confirm: the e-mail was not sent: ${sent.error}`);
  } catch (error) {
    console.error(`${kind}-confirm: the e-mail could not be sent`, error);
  }

  return data({ kind, copy, email, shareLink, repeat: false }, { headers: await sessionHeaders(session, ctx) });
}
