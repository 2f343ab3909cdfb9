import { useLocation, useMatches } from "@remix-run/react";
import { PAGE_CONTAINER } from "~/components/layout/container";
import { bannerAllowed, currentPageLink, shouldShowBanner } from "~/consent/consent";
import { useLinkTo, useRootData } from "~/utils/root-data";

/**
 * The consent choice (SPEC 1, 7.4): two plain POST forms with buttons of the same size and style, so
 * it works without JavaScript. A full-page POST on purpose, also with JavaScript: the next document
 * carries the CSP that allows (or keeps blocking) the provider.
 * A compact bar pinned to the bottom of the screen, so the first screen stays the page's own. It is
 * early in the document (right after the skip link: keyboard users meet the choice first) but laid
 * out between the main content and the footer (flex order), and sticky: it takes its own height
 * there, so at the end of the page it parks above the footer, and while pinned it only ever lies
 * over the page's content, never over the footer's tightly packed links.
 * A labelled region, not a <section>, so page sections stay first.
 */
export function ConsentBanner() {
  const { variant, consent } = useRootData();
  const linkTo = useLinkTo();
  const location = useLocation();
  const matches = useMatches();
  if (
    !bannerAllowed(
      location.pathname,
      matches.map((match) => match.id),
    )
  )
    return null;
  if (!shouldShowBanner(consent.choice, location.search)) return null;
  const { copy, choice } = consent;
  const redirectTo = currentPageLink(variant, location);
  const button =
    "min-h-10 w-full rounded-lg border-2 border-brand-strong bg-brand-strong px-4 py-1.5 text-sm font-semibold text-white hover:bg-brand focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-strong sm:w-28";
  const current = choice === null ? null : choice === "granted" ? copy.currentGranted : copy.currentDenied;
  return (
    <div
      role="region"
      aria-labelledby="consent-title"
      data-testid="consent-banner"
      className="sticky bottom-0 z-40 order-1 border-t border-slate-300 bg-white shadow-[0_-4px_12px_rgba(15,23,42,0.12)]"
    >
      <div className={`${PAGE_CONTAINER} flex flex-col gap-2 py-2 sm:flex-row sm:items-center sm:justify-between sm:gap-4`}>
        <p className="text-xs leading-4 text-slate-800 sm:text-sm sm:leading-5">
          <strong id="consent-title" className="font-semibold text-slate-900">
            {copy.title}
          </strong>{" "}
          {copy.text}{" "}
          <a className="font-medium text-brand-strong underline" href={linkTo("privacy")}>
            {copy.privacyLinkLabel}
          </a>
          {current ? <span className="font-medium"> {current}</span> : null}
        </p>
        <div className="grid shrink-0 grid-cols-2 gap-2 sm:flex">
          {(["granted", "denied"] as const).map((value) => (
            <form key={value} method="post" action={linkTo("consent")}>
              <input type="hidden" name="redirectTo" value={redirectTo} />
              <input type="hidden" name="choice" value={value} />
              {/* data-fresh-id: the edge gives each response of a cached page its own ids. */}
              <input type="hidden" name="submission" value={consent.submissions[value]} data-fresh-id="" />
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
