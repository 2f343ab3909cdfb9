/**
 * Server side of /signup and /signup-confirm: the plan shown on the form, the auth service wired
 * to the mailer, and the confirmed-account step (users record + welcome e-mail, SPEC 4.5, 7.2).
 */
import { getPage } from "#content/index";
import type { AuthService, AuthUser } from "~/auth/auth";
import type { ConfirmationMail } from "~/auth/local-auth.server";
import { requestAuth } from "~/auth/session-auth.server";
import { refCode, withUniqueRefCode } from "~/data/lead-codes.server";
import { getLeadStore } from "~/data/lead-store.server";
import { sendTemplateMail } from "~/mail/mailer.server";
import type { RequestContext } from "~/utils/context.server";
import { absoluteLinkTo } from "~/utils/links";
import { parseBillingCycle, type BillingCycle } from "~/utils/pricing";
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
 * The auth service for /signup: the local adapter's confirmation link goes out through the mailer
 * (so it is in the outbox locally and retried when the mail API is down).
 */
export function signupAuth(request: Request, ctx: RequestContext, session: AppSession): AuthService {
  const plan = chosenPlan(ctx, session);
  return requestAuth(request, ctx, session, async (mail: ConfirmationMail) => {
    const result = await sendTemplateMail(
      { env: ctx.env, bindings: ctx.bindings },
      {
        template: "confirm-account",
        variant: ctx.variant,
        to: mail.to,
        data: { origin: ctx.url.origin, confirmLink: mail.link, selectedPlan: plan?.name ?? null },
      },
    );
    if (!result.ok) throw new Error(`confirmation e-mail not accepted: ${result.error}`);
  });
}

/** True when the URL is a confirmation link (local ?token=, Supabase ?token_hash=&type= or ?code=). */
export function isConfirmationLink(url: URL): boolean {
  return ["token", "token_hash", "code", "error_description"].some((key) => url.searchParams.has(key));
}

/**
 * The welcome e-mail's invite link (SPEC 7.2): the session's refLink; else the lead's own referral
 * code when the lead is known (given one if it has none); else an 8-character code from the
 * e-mail and the time.
 */
export async function welcomeRefLink(ctx: RequestContext, session: AppSession, email: string): Promise<string> {
  const values = getVariantValues(session, ctx.variant);
  if (values.refLink) return values.refLink;
  const link = (code: string) => absoluteLinkTo(ctx.url.origin, ctx.variant, "home", { r: code });
  if (values.leadId) {
    try {
      const store = getLeadStore(ctx);
      const lead = await store.getById(ctx.leadTable, values.leadId);
      if (lead?.ref_code) return link(lead.ref_code);
      if (lead) {
        const code = await withUniqueRefCode(lead.email, async (candidate) => {
          await store.update(ctx.leadTable, lead.id, { ref_code: candidate });
          return candidate;
        });
        return link(code);
      }
    } catch (error) {
      console.error("welcome: lead referral code not available", error);
    }
  }
  return link(await refCode(email, Date.now()));
}

export type ConfirmedAccount = { saved: true; welcomeSent: boolean } | { saved: false };

/**
 * A confirmed, signed-in account reached /signup-confirm (SPEC 4.5): upsert its users record, then
 * send the welcome e-mail once. The users upsert is keyed on the account id, so a reload writes no
 * second row; the session remembers the welcome, so a reload (or a later sign-in from this browser)
 * sends no second e-mail. A failed save sends nothing and sets no marker: the next visit tries again.
 * The caller commits the session.
 */
export async function completeAccount(
  ctx: RequestContext,
  session: AppSession,
  user: AuthUser,
): Promise<ConfirmedAccount> {
  const values = getVariantValues(session, ctx.variant);
  const store = getLeadStore(ctx);
  let welcomedBefore = false;
  try {
    // The users record is first saved here, together with the welcome e-mail: an existing record
    // means this account was welcomed already (in another browser or session).
    welcomedBefore = (await store.getUser(user.id)) !== null;
    await store.upsertUser({
      id: user.id,
      email: user.email || null,
      name: user.name,
      lead_id: values.leadId ?? null,
    });
  } catch (error) {
    console.error("users record not saved", error);
    return { saved: false };
  }
  setAuthenticated(session, true);
  if (user.email) setVariantValues(session, ctx.variant, { userEmail: user.email });

  const marker = session.get("welcome");
  if (marker && marker.userId === user.id) return { saved: true, welcomeSent: marker.sent === true };
  if (welcomedBefore) {
    session.set("welcome", { userId: user.id, sent: true });
    return { saved: true, welcomeSent: true };
  }

  const refLink = await welcomeRefLink(ctx, session, user.email);
  setVariantValues(session, ctx.variant, { refLink });
  const result = await sendTemplateMail(
    { env: ctx.env, bindings: ctx.bindings },
    {
      template: "welcome",
      variant: ctx.variant,
      to: user.email,
      data: {
        origin: ctx.url.origin,
        selectedPlan: chosenPlan(ctx, session)?.name ?? null,
        refLink,
        appUrl: ctx.env.APP_SIGNIN_URL,
      },
    },
  );
  // Set even when the transport failed: the outbox retries that row, a reload must not add another.
  session.set("welcome", { userId: user.id, sent: result.ok });
  return { saved: true, welcomeSent: result.ok };
}
