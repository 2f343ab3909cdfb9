import { getPage } from "#content/index";
import { trackTooFast } from "~/analytics/analytics.server";
import { GENERIC_AUTH_ERROR } from "~/auth/auth";
import { mailAccountOwner } from "~/auth/account-exists.server";
import { signupConfirmUrl } from "~/auth/auth.server";
import { limitSignIn, limitSignUp } from "~/auth/rate-limit.server";
import { clientLimitKey } from "~/utils/rate-limit.server";
import { checkBot, type BotFieldsData } from "~/platform/bot-guard.server";
import { turnstileRefusal } from "~/platform/turnstile.server";
import { canonicalEmail } from "~/data/lead-model";
import type { RequestContext } from "~/utils/context.server";
import { linkTo } from "~/utils/links";
import {
  commitSession,
  getVariantValues,
  setAuthenticated,
  setSignedInWithPassword,
  setVariantValues,
  type AppSession,
} from "~/utils/session.server";
import { wavesOf } from "~/waves/waves.server";
import { chosenPlan, signupAuth } from "./signup.server";
import { parseMode, type SignupErrors, type SignupMode } from "./validation";
import { signupValidator } from "./validation.server";
import { log } from "~/platform/log.server";

/** What the /signup form shows after a POST that stays on the page. */
export type SignupResult = {
  mode: SignupMode;
  formError?: string;
  fieldErrors?: SignupErrors;
  /** Never the passwords: the e-mail and name only. */
  repopulate?: { email: string; name: string };
  /** Sign-in with JavaScript: the green message, then the page moves on to `next`. */
  signedIn?: true;
  message?: string;
  next?: string;
  /** The form's bot fields for the re-render: the stamp it was sent with. */
  bot?: BotFieldsData;
};

/** A POST either re-renders the form (with a status) or goes on to the confirmation page. */
export type SignupOutcome = { status: number; result: SignupResult; headers?: Headers } | { redirectTo: string; headers: Headers };

async function sessionCookie(session: AppSession, ctx: RequestContext, headers = new Headers()): Promise<Headers> {
  headers.append("Set-Cookie", await commitSession(session, ctx));
  return headers;
}

/** What a re-shown form keeps of what was typed: the e-mail and name, never the passwords. */
function typedNameAndEmail(form: FormData): { email: string; name: string } {
  const text = (value: FormDataEntryValue | null) => (typeof value === "string" ? value : "");
  return { email: text(form.get("email")), name: text(form.get("name")) };
}

/**
 * A /signup POST, sign-up or sign-in: the bot guard, the form's rules, Turnstile, the rate limits,
 * then the auth service and the session.
 */
export async function submitSignup(ctx: RequestContext, session: AppSession, request: Request, formData: FormData): Promise<SignupOutcome> {
  const mode = parseMode(formData.get("mode") ?? ctx.url.searchParams.get("mode"));
  const copy = getPage(ctx.contentKey, "signup");
  const confirmPage = linkTo(ctx.variant, "signup-confirm");

  // Bots (docs/decisions/011-bot-guard.md) get what a person would: a sign-in is "wrong e-mail or
  // password", a sign-up goes to the check-your-e-mail page; no account, no e-mail. Sign-in checks
  // the honeypot only: a password manager fills it in a second, and its own limits stop guessing.
  const signup = mode === "signup";
  const guard = await checkBot(ctx, formData, { minFill: signup, requireStamp: signup, turnstile: true });
  trackTooFast(ctx, guard, "signup", session);
  if (guard.kind === "bot") {
    if (mode === "signin") return { status: 400, result: { mode, formError: GENERIC_AUTH_ERROR } };
    return { redirectTo: confirmPage, headers: await sessionCookie(session, ctx) };
  }
  const bot = guard.fields;
  if (guard.kind === "again") {
    return { status: 422, result: { mode, formError: guard.message, repopulate: typedNameAndEmail(formData), bot } };
  }

  const validated = await signupValidator(mode, copy.messages).validate(formData);
  if (validated.error) {
    const fieldErrors = validated.error.fieldErrors as SignupErrors;
    return { status: 422, result: { mode, fieldErrors, repopulate: typedNameAndEmail(formData), bot } };
  }
  const input = validated.data;
  const refused = await turnstileRefusal(ctx, request, formData);
  if (refused) return { status: refused.status, result: { mode, formError: refused.message, bot } };

  // An IPv6 client counts per /64, as on the lead forms.
  const attempt = { ip: clientLimitKey(request), email: input.email };
  const limited =
    input.mode === "signin"
      ? await limitSignIn(ctx.bindings, attempt)
      : await limitSignUp(ctx.bindings, attempt, copy.messages.tooManySignUps);
  if (!limited.ok) return { status: limited.status, result: { mode, formError: limited.message, bot } };

  const auth = signupAuth(request, ctx, session);
  const withCookies = () => sessionCookie(session, ctx, new Headers(auth.responseHeaders));
  const refusedByAuth = (message: string | undefined): SignupOutcome => ({
    status: 400,
    result: { mode, formError: message || GENERIC_AUTH_ERROR, bot },
    headers: new Headers(auth.responseHeaders),
  });

  try {
    if (input.mode === "signin") {
      const signedIn = await auth.signIn({ email: input.email, password: input.password });
      if (!signedIn.ok) return refusedByAuth(signedIn.message);
      setVariantValues(session, ctx.variant, { userEmail: signedIn.user.email });
      setAuthenticated(session, true);
      // An account that already existed: /signup-confirm greets it back, with no welcome e-mail.
      setSignedInWithPassword(session, signedIn.user.id);
      // With JavaScript the page shows the green message for a second first (SPEC 4.4).
      if (formData.get("js") === "1") {
        return {
          status: 200,
          result: { mode, signedIn: true, message: copy.messages.signInSuccess, next: confirmPage },
          headers: await withCookies(),
        };
      }
      return { redirectTo: confirmPage, headers: await withCookies() };
    }

    const values = getVariantValues(session, ctx.variant);
    const invited = values.inviteToken ? await invitedLeadFor(ctx, values.inviteToken, input.email) : null;
    // The visitor's own lead, or the invited parent's when the account has the invited address.
    const leadId = invited ?? values.leadId ?? null;
    const created = await auth.signUp({
      email: input.email,
      password: input.password,
      name: input.name,
      plan: chosenPlan(ctx, session)?.id ?? null,
      leadId,
      redirectTo: signupConfirmUrl(ctx),
    });
    if (!created.ok) return refusedByAuth(created.message);
    // A taken address gets the very answer a new account gets (same page, same cookies, no message),
    // so the form tells nobody who has an account; its owner is told by e-mail instead.
    if ("existingAccount" in created) await mailAccountOwner(ctx, created.existingAccount);
    else if (invited) await countInviteAccount(ctx, invited);
    // /signup-confirm links the account's users record and welcome mail to this lead.
    setVariantValues(session, ctx.variant, { userEmail: input.email, inviteToken: null, ...(invited ? { leadId: invited } : {}) });
    return { redirectTo: confirmPage, headers: await withCookies() };
  } catch (error) {
    log.error("signup.failed", { mode }, error);
    return { status: 503, result: { mode, formError: GENERIC_AUTH_ERROR, bot } };
  }
}

/**
 * A sign-up that follows an accepted wave invite (the /invite page put its token in the session):
 * the invited lead's id when the account has the invited address (compared as duplicates are:
 * case, +tag and Gmail's dots aside), else null. Whoever else holds the link (a forwarded mail)
 * gets an ordinary account: no lead of someone else's, and the launch funnel does not count it.
 */
async function invitedLeadFor(ctx: RequestContext, token: string, email: string): Promise<string | null> {
  try {
    const found = await wavesOf(ctx).checkInvite(token);
    if (found.state !== "accepted" || canonicalEmail(found.lead.email) !== canonicalEmail(email)) return null;
    return found.lead.id;
  } catch (error) {
    // An ordinary account is made.
    log.error("signup.invite_read_failed", {}, error);
    return null;
  }
}

/** The invited parent's account: the launch funnel counts it, once. */
async function countInviteAccount(ctx: RequestContext, leadId: string): Promise<void> {
  try {
    await wavesOf(ctx).accountCreated(leadId);
  } catch (error) {
    log.error("signup.invite_account_failed", { leadId }, error);
  }
}
