import { useLocation } from "@remix-run/react";
import { currentPageLink, shouldShowBanner } from "~/utils/consent";
import { useLinkTo, useRootData } from "~/utils/root-data";

/**
 * The consent choice (SPEC 1, 7.4): two plain POST forms with equally prominent buttons, so it
 * works without JavaScript. A full-page POST on purpose, also with JavaScript: the next document
 * carries the CSP that allows (or keeps blocking) the provider. Rendered in the page flow (not
 * fixed) so it never covers content; a labelled region, not a <section>, so page sections stay first.
 */
export function ConsentBanner() {
  const { variant, consent } = useRootData();
  const linkTo = useLinkTo();
  const location = useLocation();
  if (!shouldShowBanner(consent.choice, location.search)) return null;
  const { copy, choice } = consent;
  const redirectTo = currentPageLink(variant, location);
  const button =
    "min-w-28 rounded-lg border-2 border-brand-strong bg-brand-strong px-5 py-2 text-sm font-semibold text-white hover:bg-brand focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-strong";
  const current = choice === null ? null : choice === "granted" ? copy.currentGranted : copy.currentDenied;
  return (
    <div
      role="region"
      aria-labelledby="consent-title"
      data-testid="consent-banner"
      className="border-b border-slate-200 bg-brand-soft"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="text-sm text-slate-800">
          <p id="consent-title" className="font-semibold text-slate-900">
            {copy.title}
          </p>
          <p className="mt-1">
            {copy.text}{" "}
            <a className="font-medium text-brand-strong underline" href={linkTo("privacy")}>
              {copy.privacyLinkLabel}
            </a>
          </p>
          {current ? <p className="mt-1 font-medium">{current}</p> : null}
        </div>
        <div className="flex shrink-0 gap-3">
          {(["granted", "denied"] as const).map((value) => (
            <form key={value} method="post" action={linkTo("consent")}>
              <input type="hidden" name="redirectTo" value={redirectTo} />
              <input type="hidden" name="choice" value={value} />
              <button type="submit" className={button}>
                {value === "granted" ? copy.acceptLabel : copy.rejectLabel}
              </button>
            </form>
          ))}
        </div>
      </div>
    </div>
  );
}
