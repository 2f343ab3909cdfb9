import { useFetcher } from "@remix-run/react";
import { CheckCircle2, Copy, ThumbsUp } from "lucide-react";
import { useEffect, useState, type MouseEvent } from "react";
import type { ConfirmContent } from "#content/schemas/confirm";
import { NewTabNote } from "~/components/NewTabNote";
import { OneTapShare } from "~/components/share/OneTapShare";
import { tagShareLink } from "~/utils/links";
import { useHydrated } from "~/utils/use-hydrated";

/** The copy-button state lasts 2 seconds (SPEC 9). */
const COPIED_MS = 2000;
const POPUP_FEATURES = "width=600,height=400";

/** Flags a copy may set on the visitor's lead (SPEC 4.2); the page's action records them. */
export const FLAG_INTENTS = ["copied_share_message", "copied_ref_link"] as const;
export type FlagIntent = (typeof FLAG_INTENTS)[number];

/** Copies the text; with an intent, also records the copy on the visitor's lead (the page's action). */
export function CopyButton({
  text,
  label,
  copiedLabel,
  intent,
}: {
  text: string;
  label: string;
  copiedLabel: string;
  intent?: FlagIntent;
}) {
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
    if (intent) fetcher.submit({ intent }, { method: "post" });
  };
  return (
    <button
      type="button"
      onClick={copy}
      // Never squeezed by the link field beside it: the label stays on one line.
      className="inline-flex shrink-0 items-center justify-center gap-2 rounded-lg bg-brand px-4 py-2 font-semibold whitespace-nowrap text-white hover:bg-brand-strong"
    >
      {copied ? <CheckCircle2 aria-hidden="true" className="h-4 w-4" /> : <Copy aria-hidden="true" className="h-4 w-4" />}
      <span aria-live="polite">{copied ? copiedLabel : label}</span>
    </button>
  );
}

/**
 * The referral blocks of /confirm (SPEC 2.11), also on /signup-confirm: the follow button and the
 * share message with its copy button, then the read-only referral link with its copy button. The
 * copy buttons appear once the page has hydrated; before that the texts are selectable.
 */
export function ReferralShare({
  copy,
  refLink,
  followHref,
}: {
  copy: Pick<ConfirmContent, "vip" | "private">;
  refLink: string;
  followHref: string;
}) {
  const hydrated = useHydrated();
  // The copied message's link says it was shared by copying (issue 34: `&c=copy`).
  const shareMessage = copy.vip.shareMessage.replace("{link}", tagShareLink(refLink, "copy"));
  const openPopup = (event: MouseEvent<HTMLAnchorElement>) => {
    const popup = window.open(followHref, "follow", POPUP_FEATURES);
    // When a popup blocker refuses, the plain link (new tab) still works.
    if (popup) {
      popup.opener = null;
      event.preventDefault();
    }
  };
  return (
    <>
      <section aria-labelledby="vip" className="mt-10 rounded-2xl border-2 border-brand p-6 text-left">
        <h2 id="vip" className="text-xl font-bold text-slate-900">
          {copy.vip.title}
        </h2>
        <p className="mt-2 text-slate-700">{copy.vip.text}</p>
        <a
          href={followHref}
          target="_blank"
          rel="noopener"
          onClick={hydrated ? openPopup : undefined}
          // The network's blue, darkened so white text on it reads at AA (its own #1877F2 gives 4.23:1).
          className="mt-4 inline-flex items-center gap-2 rounded-lg bg-[#0b5fcc] px-4 py-2 font-semibold text-white hover:bg-[#084a9e]"
        >
          <ThumbsUp aria-hidden="true" className="h-5 w-5" />
          {copy.vip.followButton}
          <NewTabNote />
        </a>
        <h3 className="mt-6 font-semibold text-slate-900">{copy.vip.shareTitle}</h3>
        {/* The message ends in the referral link, one long word: it breaks anywhere so a phone never scrolls sideways. */}
        <p className="mt-2 rounded-lg bg-slate-50 p-4 wrap-anywhere text-slate-800 select-all" data-testid="share-message">
          {shareMessage}
        </p>
        {hydrated ? (
          <div className="mt-3">
            <CopyButton text={shareMessage} label={copy.vip.copyButton} copiedLabel={copy.vip.copied} intent="copied_share_message" />
          </div>
        ) : null}
        {/* One message per page: the links carry the words of the copy box. */}
        <OneTapShare copy={{ ...copy.vip.oneTap, message: copy.vip.shareMessage }} refLink={refLink} />
      </section>

      <section aria-labelledby="private" className="mt-8 rounded-2xl bg-brand-soft p-6 text-left">
        <h2 id="private" className="text-xl font-bold text-slate-900">
          {copy.private.title}
        </h2>
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
    </>
  );
}
