import { Link } from "@remix-run/react";
import { CircleCheck, Home, Inbox, Share2 } from "lucide-react";
import type { LeadMagnetContent } from "#content/schemas/lead-magnet";
import type { WaitlistContent } from "#content/schemas/waitlist";
import { OneTapShare } from "~/components/share/OneTapShare";
import { WaitlistPrompt } from "~/components/waitlist/WaitlistPrompt";
import { MAIL_REFRESH_SECONDS, type MailState } from "~/leads/mail-state";
import { useNonce } from "~/utils/nonce";
import { useLinkTo } from "~/utils/root-data";

/**
 * While the e-mail is on its way: looks at the page again every few seconds and updates the mail
 * line in place (a polite live region) instead of reloading the page under the visitor. A nonce'd
 * inline script, since these pages ship no app bundle; serialised with toString(), so it stays
 * self-contained with no named inner functions (see Screenshot.tsx).
 */
function watchMailState(seconds: number) {
  let tries = 0;
  const timer = window.setInterval(async () => {
    tries += 1;
    const line = document.querySelector("[data-testid=mail-state]");
    if (!line || line.getAttribute("data-state") !== "queued" || tries > 40) {
      window.clearInterval(timer);
      return;
    }
    try {
      const response = await fetch(window.location.href, { headers: { Accept: "text/html" }, credentials: "same-origin" });
      const next = new DOMParser().parseFromString(await response.text(), "text/html").querySelector("[data-testid=mail-state]");
      const state = next?.getAttribute("data-state");
      if (next && state && state !== "queued") {
        line.textContent = next.textContent;
        line.setAttribute("data-state", state);
      }
    } catch {
      // A failed look leaves the line as it is; the next tick tries again.
    }
  }, seconds * 1000);
}

/**
 * /guide-confirm and /tips-confirm (SPEC 2.12): the address the e-mail went to, an inbox/spam
 * reminder, the visitor's share link and 'Back to Home'. `repeat` is a reload; `mail` says where the e-mail stands.
 */
export function LeadMagnetConfirm({
  copy,
  email,
  shareLink,
  repeat,
  mail,
  prompt,
}: {
  copy: LeadMagnetContent["confirm"];
  email: string;
  shareLink: string;
  repeat: boolean;
  mail: MailState;
  prompt: { copy: WaitlistContent["prompt"]; confirmed: boolean; statusLink: string };
}) {
  const linkTo = useLinkTo();
  const nonce = useNonce();
  return (
    <section className="mx-auto max-w-2xl px-4 py-16">
      <div className="text-center">
        <CircleCheck aria-hidden="true" className="mx-auto h-14 w-14 text-brand" />
        <h1 className="mt-4 text-3xl font-extrabold text-slate-900 sm:text-4xl">{copy.title}</h1>
        <p className="mt-4 text-lg text-slate-700" data-testid="mail-state" data-state={mail} role="status">
          {mail === "sent"
            ? repeat
              ? copy.alreadySent
              : copy.sentTo
            : mail === "not-queued"
              ? copy.notQueued
              : mail === "undeliverable"
                ? copy.undeliverable
                : copy.sendingTo}
        </p>
        <p className="mt-1 text-lg font-semibold break-all text-slate-900" data-testid="sent-to">
          {email}
        </p>
        {mail === "queued" ? (
          <>
            {/* Without JavaScript the page reloads itself until the provider has taken the e-mail. */}
            <noscript>
              <meta httpEquiv="refresh" content={String(MAIL_REFRESH_SECONDS)} />
            </noscript>
            <script
              nonce={nonce}
              suppressHydrationWarning
              dangerouslySetInnerHTML={{ __html: `(${watchMailState.toString()})(${MAIL_REFRESH_SECONDS})` }}
            />
          </>
        ) : null}
      </div>

      <div className="mt-8 flex gap-3 rounded-xl border border-slate-200 bg-slate-50 p-5">
        <Inbox aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-brand" />
        <div className="text-slate-800">
          <p className="font-medium">{copy.inboxReminder}</p>
          <p className="mt-1 text-slate-700">{copy.spamReminder}</p>
        </div>
      </div>

      <WaitlistPrompt {...prompt} />

      <div className="mt-8 rounded-xl border border-slate-200 p-6 shadow-sm">
        <h2 className="flex items-center gap-2 text-xl font-bold text-slate-900">
          <Share2 aria-hidden="true" className="h-5 w-5 text-brand" />
          {copy.share.title}
        </h2>
        <p className="mt-2 text-slate-700">{copy.share.text}</p>
        <label htmlFor="share-link" className="mt-4 block text-sm font-medium text-slate-800">
          {copy.share.linkLabel}
        </label>
        <input
          id="share-link"
          type="text"
          readOnly
          value={shareLink}
          className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-sm text-slate-900"
        />
        <OneTapShare copy={copy.share.oneTap} refLink={shareLink} />
      </div>

      <div className="mt-10 text-center">
        <Link
          to={linkTo("home")}
          className="inline-flex items-center gap-2 rounded-lg bg-brand px-6 py-3 text-lg font-semibold text-white shadow hover:bg-brand-strong"
        >
          <Home aria-hidden="true" className="h-5 w-5" />
          {copy.backHome}
        </Link>
      </div>
    </section>
  );
}
