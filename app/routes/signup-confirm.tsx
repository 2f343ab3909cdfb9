import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { Check, CircleCheckBig, MailCheck } from "lucide-react";
import { getPage } from "#content/index";
import { requestAuth } from "~/auth/session-auth.server";
import { WaitlistPrompt } from "~/components/waitlist/WaitlistPrompt";
import { FLAG_INTENTS, ReferralShare, type FlagIntent } from "~/components/share/ReferralShare";
import { leadsOf } from "~/leads/leads.server";
import { completeAccount, isConfirmationLink, welcomeBack } from "~/signup/signup.server";
import { MAIL_REFRESH_SECONDS, type MailState } from "~/leads/mail-state";
import { getRequestContext } from "~/utils/context.server";
import type { RouteHandle } from "~/utils/hydrate";
import { linkTo } from "~/utils/links";
import { useLinkTo, useRootData } from "~/utils/root-data";
import { commitSession, getSession, getVariantValue, setSignedInWithPassword, signedInWithPassword } from "~/utils/session.server";
import { pageMeta } from "~/utils/seo";

// The referral link's copy buttons (the same as /confirm's) need JavaScript.
export const handle: RouteHandle = { hydrate: true };

type View =
  | { state: "waiting"; linkError: string | null }
  | { state: "saved"; welcomeSent: boolean; welcome: MailState; refLink: string; statusLink: string | null; consoleLink: string | null }
  | { state: "welcome-back"; email: string; consoleLink: string | null }
  | { state: "save-failed" };

/**
 * /signup-confirm (SPEC 2.10, 4.5). The e-mail's link lands here: it is confirmed (which signs the
 * visitor in) and the page reloads without the token, so a reload never reuses it. With a confirmed,
 * signed-in session the users record is saved; a new account then gets "Account created" and the
 * welcome e-mail once, while an account that signed in with its password (it existed before) is
 * greeted back and sent nothing. Without a session only the "check your e-mail" state shows and
 * nothing is written.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const session = await getSession(request, ctx);
  const copy = getPage(ctx.contentKey, "signup");
  const { vip, private: privately } = getPage(ctx.contentKey, "confirm");
  const share = { vip, private: privately };
  const auth = requestAuth(request, ctx, session);
  const withCookies = async () => {
    const headers = new Headers(auth.responseHeaders);
    headers.append("Set-Cookie", await commitSession(session, ctx));
    return headers;
  };

  if (isConfirmationLink(ctx.url)) {
    const confirmed = await auth.confirm(ctx.url.searchParams);
    // A new account's link: whatever this browser signed in to before, this one is new.
    if (confirmed.ok) setSignedInWithPassword(session, null);
    // A link opened twice by someone already signed in still lands on their confirmed page.
    if (confirmed.ok || (await auth.getUser())) {
      throw redirect(linkTo(ctx.variant, "signup-confirm"), { headers: await withCookies() });
    }
    const view: View = { state: "waiting", linkError: confirmed.message };
    return data({ copy, share, view }, { status: 400, headers: auth.responseHeaders });
  }

  const user = await auth.getUser();
  if (!user || !user.emailConfirmed) {
    // SPEC 4.5: no session, no users record.
    const view: View = { state: "waiting", linkError: null };
    return data({ copy, share, view }, { headers: auth.responseHeaders });
  }

  // An admin goes on to the console from here (the sign-in form leads every account to this page).
  const consoleLink = user.role === "admin" ? linkTo(ctx.variant, "admin/leads") : null;
  if (signedInWithPassword(session, user.id)) {
    const back = await welcomeBack(ctx, session, user);
    const view: View = back.saved ? { state: "welcome-back", email: user.email, consoleLink } : { state: "save-failed" };
    return data({ copy, share, view }, { headers: await withCookies() });
  }

  const outcome = await completeAccount(ctx, session, user);
  const view: View = outcome.saved
    ? {
        state: "saved",
        welcomeSent: outcome.welcomeSent,
        welcome: outcome.welcome,
        refLink: outcome.refLink,
        statusLink: outcome.statusLink,
        consoleLink,
      }
    : { state: "save-failed" };
  const { prompt, status } = getPage(ctx.contentKey, "waitlist");
  // An account is past the line: the share block says what sharing still does, as the status page does.
  const accountShare = { ...share, vip: { ...share.vip, ...status.shareAdmitted } };
  return data({ copy, share: accountShare, view, prompt }, { headers: await withCookies() });
}

/** Records a copy of the referral link or share message on the visitor's lead; failures are ignored (SPEC 8). */
export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const session = await getSession(request, ctx);
  const intent = String((await request.formData()).get("intent") ?? "") as FlagIntent;
  if (!FLAG_INTENTS.includes(intent)) return data({ ok: false }, { status: 400 });
  const leadId = getVariantValue(session, ctx.variant, "leadId");
  if (leadId) await leadsOf(ctx).recordFlag(leadId, intent);
  return data({ ok: true });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, "signup confirm", { fullTitle: data?.copy.confirm.metaTitle }, [
    { name: "robots", content: "noindex" },
    // The page ships no JavaScript: it reloads itself until the provider has taken the welcome e-mail.
    ...(data?.view.state === "saved" && data.view.welcome === "queued"
      ? [{ httpEquiv: "refresh", content: String(MAIL_REFRESH_SECONDS) }]
      : []),
  ]);

export default function SignupConfirm() {
  const loaded = useLoaderData<typeof loader>();
  const { copy, share, view } = loaded;
  const prompt = "prompt" in loaded ? loaded.prompt : null;
  const { appSigninUrl } = useRootData();
  const link = useLinkTo();
  const text = copy.confirm;
  const appLink = (label: string) => (
    <a href={appSigninUrl} target="_blank" rel="noopener" className="font-semibold text-brand-strong underline underline-offset-4">
      {label}
      <span className="sr-only"> {text.opensInNewTab}</span>
    </a>
  );
  const consoleLink = (href: string | null) =>
    href ? (
      <p className="mt-4">
        <a href={href} className="font-semibold text-brand-strong underline underline-offset-4">
          {text.adminConsole}
        </a>
      </p>
    ) : null;
  const signOut = (
    <Form method="post" action={link("signout")} className="mt-6">
      <button type="submit" className="text-sm font-medium text-slate-700 underline underline-offset-4 hover:text-slate-900">
        {text.signOut}
      </button>
    </Form>
  );

  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center">
      {view.state === "saved" ? (
        <>
          <CircleCheckBig aria-hidden="true" className="mx-auto h-16 w-16 text-green-600" data-testid="check-mark" />
          <h1 className="mt-4 text-2xl font-extrabold text-slate-900">{text.success}</h1>
          <p className="mt-4 flex items-center justify-center gap-2 text-slate-700">
            <MailCheck aria-hidden="true" className="h-5 w-5 shrink-0 text-brand" />
            {text.emailSent}
          </p>
          {view.welcomeSent ? (
            <p className="mt-2 flex items-center justify-center gap-1 text-sm font-semibold text-green-800" data-testid="email-sent">
              <Check aria-hidden="true" className="h-4 w-4" />
              {text.emailSentTick}
            </p>
          ) : null}
          <p className="mt-4 text-sm text-slate-600">{text.spamHint}</p>
          <p className="mt-8">{appLink(text.continueLabel)}</p>
          {consoleLink(view.consoleLink)}
          {view.statusLink && prompt ? <WaitlistPrompt copy={prompt} confirmed account statusLink={view.statusLink} /> : null}
          <ReferralShare copy={share} refLink={view.refLink} followHref={link("follow")} />
          {signOut}
        </>
      ) : view.state === "welcome-back" ? (
        <>
          <CircleCheckBig aria-hidden="true" className="mx-auto h-16 w-16 text-green-600" />
          <h1 className="mt-4 text-2xl font-extrabold text-slate-900">{text.welcomeBack}</h1>
          <p className="mt-4 text-slate-700">{text.signedInAs.replace("{email}", view.email)}</p>
          <p className="mt-8">{appLink(text.continueLabel)}</p>
          {consoleLink(view.consoleLink)}
          {signOut}
        </>
      ) : view.state === "save-failed" ? (
        <>
          <h1 className="text-2xl font-extrabold text-slate-900">{copy.signup.title}</h1>
          <p role="alert" className="mt-6 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-800">
            {text.saveError}
          </p>
          <p className="mt-6 text-slate-700">
            {text.loginPrompt} {appLink(text.loginLabel)}
          </p>
          {signOut}
        </>
      ) : (
        <>
          <MailCheck aria-hidden="true" className="mx-auto h-14 w-14 text-brand" />
          <h1 className="mt-4 text-2xl font-extrabold text-slate-900">{text.checkEmail}</h1>
          {view.linkError ? (
            <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-800">
              {view.linkError}
            </p>
          ) : null}
          <p className="mt-4 text-slate-700">{text.checkEmailDetail}</p>
          <p className="mt-2 text-sm text-slate-600">{text.spamHint}</p>
          <p className="mt-6 text-slate-700">
            {text.loginPrompt} {appLink(text.loginLabel)}
          </p>
        </>
      )}
    </div>
  );
}
