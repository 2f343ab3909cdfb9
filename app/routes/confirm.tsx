import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CheckCircle2, Mail } from "lucide-react";
import { getPage } from "#content/index";
import { track } from "~/analytics/analytics.server";
import { FLAG_INTENTS, ReferralShare, type FlagIntent } from "~/components/share/ReferralShare";
import { WaitlistPrompt } from "~/components/waitlist/WaitlistPrompt";
import { ConfirmUnavailable, confirmWaitlist } from "~/leads/confirmation.server";
import { leadsOf } from "~/leads/leads.server";
import { MAIL_REFRESH_SECONDS } from "~/leads/mail-state";
import { confirmedLeadId } from "~/leads/submission.server";
import { getRequestContext } from "~/utils/context.server";
import type { RouteHandle } from "~/utils/hydrate";
import { linkTo } from "~/utils/links";
import { pageMeta } from "~/utils/seo";
import { useLinkTo } from "~/utils/root-data";
import { getSession, sessionHeaders } from "~/utils/session.server";
import { useSettlingMail } from "~/components/mail/use-settling-mail";

export const handle: RouteHandle = { hydrate: true };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const session = await getSession(request, ctx);
  const copy = getPage(ctx.contentKey, "confirm");
  let shown: Awaited<ReturnType<typeof confirmWaitlist>>;
  try {
    shown = await confirmWaitlist(ctx, session);
  } catch (error) {
    if (error instanceof ConfirmUnavailable) throw data(null, { status: 503 });
    throw error;
  }
  if (!shown) throw redirect(linkTo(ctx.variant, "form"));
  track(ctx, "confirm_view", { session, saves: true });
  return data(
    {
      copy,
      email: shown.lead.email,
      refLink: shown.link,
      mail: shown.mail,
      prompt: { copy: getPage(ctx.contentKey, "waitlist").prompt, confirmed: shown.confirmed, statusLink: shown.statusLink },
    },
    // A reload changes nothing in the session: no cookie to sign and send.
    { headers: shown.sessionChanged ? await sessionHeaders(session, ctx) : undefined },
  );
}

// Session-bound funnel pages: shared tags for a consistent title, kept out of search results.
export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, "confirm", { fullTitle: data?.copy.metaTitle }, [{ name: "robots", content: "noindex" }]);

/** Records a copy on the lead; failures are ignored (SPEC 8). */
export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const session = await getSession(request, ctx);
  const intent = String((await request.formData()).get("intent") ?? "") as FlagIntent;
  if (!FLAG_INTENTS.includes(intent)) return data({ ok: false }, { status: 400 });
  const leadId = confirmedLeadId(session, ctx.variant, "main");
  if (leadId) await leadsOf(ctx).recordFlag(leadId, intent);
  return data({ ok: true });
}

export default function Confirm() {
  const { copy, email, refLink, mail, prompt } = useLoaderData<typeof loader>();
  const sent = mail === "sent";
  useSettlingMail(mail === "queued");
  const linkTo = useLinkTo();

  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <section className="text-center">
        <p className="text-6xl" aria-hidden="true">
          {copy.emoji}
        </p>
        <h1 className="mt-4 text-3xl font-extrabold text-slate-900 sm:text-4xl">{copy.title}</h1>
        <p className="mt-3 text-lg text-slate-700">{copy.description}</p>
        <p className="mt-6 inline-flex items-center gap-2 rounded-lg bg-slate-50 px-4 py-3 text-slate-800">
          {sent ? (
            <CheckCircle2 aria-label="Sent" className="h-5 w-5 flex-none text-green-700" data-testid="sent-mark" />
          ) : (
            <Mail aria-hidden="true" className="h-5 w-5 flex-none text-slate-500" />
          )}
          <span data-testid="mail-state" data-state={mail}>
            {mail === "sent"
              ? copy.sentNote.replace("{email}", email)
              : mail === "queued" || mail === "retrying"
                ? copy.notSentNote
                : mail === "undeliverable"
                  ? copy.undeliverableNote.replace("{email}", email)
                  : copy.notQueuedNote}
          </span>
        </p>
        {mail === "queued" ? (
          // Without JavaScript the page reloads itself until the provider has taken the e-mail.
          <noscript>
            <meta httpEquiv="refresh" content={String(MAIL_REFRESH_SECONDS)} />
          </noscript>
        ) : null}
        <p className="mt-3 text-sm text-slate-600">{copy.spamTip}</p>
      </section>

      <WaitlistPrompt {...prompt} />

      <ReferralShare copy={copy} refLink={refLink} followHref={linkTo("follow")} />

      <section aria-labelledby="next" className="mt-10">
        <h2 id="next" className="text-xl font-bold text-slate-900">
          {copy.whatHappensNext.title}
        </h2>
        <ol className="mt-4 space-y-4">
          {copy.whatHappensNext.steps.map((step, index) => (
            <li key={step.title} className="flex gap-4">
              <span className="flex h-8 w-8 flex-none items-center justify-center rounded-full bg-brand font-bold text-white">
                {index + 1}
              </span>
              <div>
                <h3 className="font-semibold text-slate-900">{step.title}</h3>
                <p className="text-slate-700">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>
      <p className="mt-10 text-center">
        <a href={linkTo("home")} className="font-semibold text-brand-strong underline">
          {copy.backHome}
        </a>
      </p>
    </div>
  );
}
