import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useFetcher, useLoaderData } from "@remix-run/react";
import { CheckCircle2, Copy, Mail, ThumbsUp } from "lucide-react";
import { useEffect, useState, type MouseEvent } from "react";
import { getPage } from "#content/index";
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
import { useSettlingMail } from "~/utils/use-settling-mail";
import { useHydrated } from "~/utils/use-hydrated";

export const handle: RouteHandle = { hydrate: true };

/** The copy-button state lasts 2 seconds (SPEC 9). */
const COPIED_MS = 2000;
const POPUP_FEATURES = "width=600,height=400";


/** Flags the page may set on the visitor's lead (SPEC 4.2). */
const FLAG_INTENTS = ["copied_share_message", "copied_ref_link"] as const;
type FlagIntent = (typeof FLAG_INTENTS)[number];

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
  return data(
    { copy, email: shown.lead.email, refLink: shown.link, mail: shown.mail },
    { headers: await sessionHeaders(session, ctx) },
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

function CopyButton({ text, label, copiedLabel, intent }: { text: string; label: string; copiedLabel: string; intent: FlagIntent }) {
  const fetcher = useFetcher();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // Copy failures are ignored (SPEC 8); the text stays selectable.
    }
    fetcher.submit({ intent }, { method: "post" });
  };
  return (
    <button
      type="button"
      onClick={copy}
      className="inline-flex items-center gap-2 rounded-lg bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-strong"
    >
      {copied ? <CheckCircle2 aria-hidden="true" className="h-4 w-4" /> : <Copy aria-hidden="true" className="h-4 w-4" />}
      <span aria-live="polite">{copied ? copiedLabel : label}</span>
    </button>
  );
}

export default function Confirm() {
  const { copy, email, refLink, mail } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const sent = mail === "sent";
  useSettlingMail(mail === "queued");
  const linkTo = useLinkTo();
  const shareMessage = copy.vip.shareMessage.replace("{link}", refLink);
  const followHref = linkTo("follow");
  const openPopup = (event: MouseEvent<HTMLAnchorElement>) => {
    const popup = window.open(followHref, "follow", POPUP_FEATURES);
    // When a popup blocker refuses, the plain link (new tab) still works.
    if (popup) {
      popup.opener = null;
      event.preventDefault();
    }
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <section className="text-center">
        <p className="text-6xl" aria-hidden="true">{copy.emoji}</p>
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

      <section aria-labelledby="vip" className="mt-10 rounded-2xl border-2 border-brand p-6">
        <h2 id="vip" className="text-xl font-bold text-slate-900">{copy.vip.title}</h2>
        <p className="mt-2 text-slate-700">{copy.vip.text}</p>
        <a
          href={followHref}
          target="_blank"
          rel="noopener"
          onClick={hydrated ? openPopup : undefined}
          className="mt-4 inline-flex items-center gap-2 rounded-lg bg-[#1877F2] px-4 py-2 font-semibold text-white hover:bg-[#0b5fcc]"
        >
          <ThumbsUp aria-hidden="true" className="h-5 w-5" />
          {copy.vip.followButton}
        </a>
        <h3 className="mt-6 font-semibold text-slate-900">{copy.vip.shareTitle}</h3>
        <p className="mt-2 rounded-lg bg-slate-50 p-4 text-slate-800 select-all" data-testid="share-message">
          {shareMessage}
        </p>
        {hydrated ? (
          <div className="mt-3">
            <CopyButton text={shareMessage} label={copy.vip.copyButton} copiedLabel={copy.vip.copied} intent="copied_share_message" />
          </div>
        ) : null}
      </section>

      <section aria-labelledby="private" className="mt-8 rounded-2xl bg-brand-soft p-6">
        <h2 id="private" className="text-xl font-bold text-slate-900">{copy.private.title}</h2>
        <p className="mt-2 text-slate-700">{copy.private.text}</p>
        <label htmlFor="ref-link" className="mt-4 block text-sm font-medium text-slate-800">
          {copy.private.linkLabel}
        </label>
        <div className="mt-1 flex flex-col gap-2 sm:flex-row">
          <input
            id="ref-link"
            readOnly
            value={refLink}
            className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900"
          />
          {hydrated ? (
            <CopyButton text={refLink} label={copy.private.copyButton} copiedLabel={copy.vip.copied} intent="copied_ref_link" />
          ) : null}
        </div>
      </section>

      <section aria-labelledby="next" className="mt-10">
        <h2 id="next" className="text-xl font-bold text-slate-900">{copy.whatHappensNext.title}</h2>
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
