import { log } from "~/platform/log.server";
/**
 * Server side of /signup and /signup-confirm: the plan shown on the form, the auth service wired
 * to the mailer, and the confirmed-account step (users record + welcome e-mail, SPEC 4.5, 7.2).
 */
import { getPage } from "#content/index";
import type { AuthService, AuthUser } from "~/auth/auth";
import type { ConfirmationMail } from "~/auth/local-auth.server";
import { requestAuth } from "~/auth/session-auth.server";
import { refCode } from "~/data/lead-codes.server";
import { mailStateOf } from "~/leads/confirmation.server";
import { leadsOf } from "~/leads/leads.server";
import { confirmedLeadId } from "~/leads/submission.server";
import { recipientMailKey } from "~/mail/recipient-limit.server";
import type { MailState } from "~/leads/mail-state";
import { mailStatus, queueTemplateMail } from "~/mail/outbox.server";
import { leadLinksFor } from "~/platform/lead-links.server";
import { referralsOf } from "~/referrals/referrals.server";
import type { RequestContext } from "~/utils/context.server";
import { absoluteLinkTo } from "~/utils/links";
import { parseBillingCycle, type BillingCycle } from "~/plans/pricing";
import { getVariantValues, setAuthenticated, setVariantValues, type AppSession } from "~/utils/session.server";

export type PlanChoice = { id: string; name: string; cycle: BillingCycle };

/** The plan chosen on /plans in this variant (SPEC 2.9), with the cycle defaulting to monthly. */
export function chosenPlan(ctx: RequestContext, session: AppSession): PlanChoice | null {
  const values = getVariantValues(session, ctx.variant);
  if (!values.selectedPlan) return null;
  const plan = getPage(ctx.contentKey, "plans").plans.find((item) => item.id === values.selectedPlan);
  return plan ? { id: plan.id, name: plan.name, cycle: parseBillingCycle(values.billingCycle) } : null;
}

/**
 * The auth service for /signup: the local adapter's confirmation link goes out through the outbox
 * (one e-mail per address and window, sent after the response and retried when the mail API is down).
 */
export function signupAuth(request: Request, ctx: RequestContext, session: AppSession): AuthService {
  const plan = chosenPlan(ctx, session);
  return requestAuth(request, ctx, session, async (mail: ConfirmationMail) => {
    const queued = await queueTemplateMail(ctx, {
      // One per address and window, however it is spelled (ADR 041): a stranger creating accounts
      // for one inbox's +tags cannot fill it. Inside the window the account waits for no mail.
      dedupeKey: await recipientMailKey(ctx, "confirm-account", mail.to),
      template: "confirm-account",
      variant: ctx.variant,
      to: mail.to,
      data: { origin: ctx.origin, confirmLink: mail.link, selectedPlan: plan?.name ?? null },
    });
    if (!queued.queued) throw new Error(`confirmation e-mail not queued: ${queued.error}`);
  });
}

/** True when the URL is a confirmation link (local ?token=, Supabase ?token_hash=&type= or ?code=). */
export function isConfirmationLink(url: URL): boolean {
  return ["token", "token_hash", "code", "error_description"].some((key) => url.searchParams.has(key));
}

/**
 * The account's share link, in the welcome e-mail and on /signup-confirm (SPEC 7.2): the visitor's
 * lead's own referral code when the lead is known (given one if it has none); else the link kept in
 * the session; else an 8-character code from the e-mail and the time. It is kept in the session, so
 * a reload of /signup-confirm shows the link the e-mail carries.
 */
export async function welcomeRefLink(ctx: RequestContext, session: AppSession, email: string): Promise<string> {
  const values = getVariantValues(session, ctx.variant);
  const link = (code: string) => absoluteLinkTo(ctx.origin, ctx.variant, "home", { r: code });
  let refLink: string | null = null;
  if (values.leadId) {
    try {
      const leads = leadsOf(ctx);
      const lead = await leads.get(values.leadId);
      if (lead) refLink = link(await leads.ensureRefCode(lead));
    } catch (error) {
      log.error("signup.ref_code_failed", { leadId: values.leadId }, error);
    }
  }
  refLink ??= values.refLink ?? link(await refCode(email, Date.now()));
  setVariantValues(session, ctx.variant, { refLink });
  return refLink;
}

export type ConfirmedAccount =
  { saved: true; welcomeSent: boolean; welcome: MailState; refLink: string; statusLink: string | null } | { saved: false };

/**
 * The account's confirmed address is the lead's too: the lead is confirmed (its place in line, and
 * the credit of whoever referred it). Only when the lead has the account's address. Returns the
 * status link and the lead's "Manage my data" link, or nulls without a lead or on a failure
 * (logged; the account is fine either way).
 */
async function confirmLeadOfAccount(
  ctx: RequestContext,
  leadId: string | undefined,
  email: string,
): Promise<{ statusLink: string | null; manageLink: string | null }> {
  const none = { statusLink: null, manageLink: null };
  if (!leadId) return none;
  try {
    const lead = await leadsOf(ctx).get(leadId);
    if (!lead || lead.email !== email.trim().toLowerCase()) return none;
    await referralsOf(ctx).confirm(lead.id);
    const { statusLink, manageLink } = await leadLinksFor(ctx, ctx.leadTable, lead);
    return { statusLink, manageLink };
  } catch (error) {
    log.error("signup.lead_confirm_failed", { leadId }, error);
    return none;
  }
}

/** Upserts the signed-in account's users record (SPEC 3.5, 4.5) and marks the session signed in; false when the save failed. */
async function saveUsersRecord(ctx: RequestContext, session: AppSession, user: AuthUser): Promise<boolean> {
  const values = getVariantValues(session, ctx.variant);
  try {
    await leadsOf(ctx).linkAccount({ id: user.id, email: user.email || null, name: user.name }, values.leadId ?? null);
  } catch (error) {
    log.error("signup.users_record_failed", {}, error);
    return false;
  }
  setAuthenticated(session, true);
  if (user.email) setVariantValues(session, ctx.variant, { userEmail: user.email });
  return true;
}

/**
 * An account that already existed signed in and reached /signup-confirm: its users record is
 * saved as for a new one, and nothing is sent (the welcome e-mail belongs to a new account).
 * The caller commits the session.
 */
export async function welcomeBack(ctx: RequestContext, session: AppSession, user: AuthUser): Promise<{ saved: boolean }> {
  return { saved: await saveUsersRecord(ctx, session, user) };
}

/**
 * A funnel that ended on the waitlist (/confirm) spent its lead key; the lead this browser confirmed
 * there is still the visitor's, so an account with its address links to it as the funnel's would.
 */
async function recallWaitlistLead(ctx: RequestContext, session: AppSession, email: string): Promise<void> {
  const confirmed = confirmedLeadId(session, ctx.variant, "main");
  if (getVariantValues(session, ctx.variant).leadId || !confirmed) return;
  const lead = await leadsOf(ctx)
    .get(confirmed)
    .catch((error: unknown) => {
      log.error("signup.lead_read_failed", { leadId: confirmed }, error);
      return null;
    });
  if (lead && lead.email === email.trim().toLowerCase()) setVariantValues(session, ctx.variant, { leadId: lead.id });
}

/**
 * A new account, confirmed by its e-mail link, reached /signup-confirm: upsert its users record,
 * then queue the welcome e-mail once per account (its outbox key is the account id, so a reload or
 * a second browser adds none). A failed save queues nothing: the next visit tries again.
 * The caller commits the session.
 */
export async function completeAccount(ctx: RequestContext, session: AppSession, user: AuthUser): Promise<ConfirmedAccount> {
  await recallWaitlistLead(ctx, session, user.email);
  const values = getVariantValues(session, ctx.variant);
  if (!(await saveUsersRecord(ctx, session, user))) return { saved: false };

  const refLink = await welcomeRefLink(ctx, session, user.email);
  // Without a lead the welcome mail's footer links to the privacy policy instead of "Manage my data".
  const { statusLink, manageLink } = await confirmLeadOfAccount(ctx, values.leadId, user.email);
  const dedupeKey = `welcome:${user.id}`;
  const known = await mailStatus(ctx, dedupeKey).catch(() => null);
  const welcome = known
    ? mailStateOf(known)
    : mailStateOf(
        await queueTemplateMail(ctx, {
          dedupeKey,
          template: "welcome",
          variant: ctx.variant,
          to: user.email,
          data: {
            origin: ctx.origin,
            selectedPlan: chosenPlan(ctx, session)?.name ?? null,
            refLink,
            appUrl: ctx.env.APP_SIGNIN_URL,
            statusLink,
            manageLink,
          },
        }),
      );
  return { saved: true, welcomeSent: welcome === "sent", welcome, refLink, statusLink };
}
