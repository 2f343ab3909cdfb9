import { useLocation } from "@remix-run/react";
import { NewTabNote } from "~/components/NewTabNote";
import { PAGE_CONTAINER } from "./container";
import { currentPageLink } from "~/consent/consent";
import { useLinkTo, useRootData } from "~/utils/root-data";

export function Footer() {
  const { site, variant } = useRootData();
  const location = useLocation();
  const linkTo = useLinkTo();
  const { footer } = site;
  const linkClass = "inline-block py-1 text-slate-300 underline-offset-4 hover:text-white hover:underline";
  return (
    // After the consent bar in the body's column (its order is 1): the pinned bar never lies over these links.
    <footer className="order-2 bg-slate-900 text-slate-300">
      <div className={`${PAGE_CONTAINER} grid gap-8 py-10 sm:grid-cols-4`}>
        <div>
          <p className="text-lg font-bold text-white">{site.wordmark}</p>
          <p className="mt-2 text-sm">{site.tagline}</p>
        </div>
        <nav aria-label={footer.productHeading}>
          <h2 className="text-sm font-semibold text-white">{footer.productHeading}</h2>
          <ul className="mt-3 space-y-1 text-sm">
            <li>
              <a className={linkClass} href={linkTo("pricing")}>
                {footer.pricingLabel}
              </a>
            </li>
            <li>
              <a className={linkClass} href={linkTo("faq")}>
                {footer.faqLabel}
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-label={footer.companyHeading}>
          <h2 className="text-sm font-semibold text-white">{footer.companyHeading}</h2>
          <ul className="mt-3 space-y-1 text-sm">
            <li>
              <a className={linkClass} href={`mailto:${site.contactEmail}`}>
                {footer.contactLabel}
              </a>
            </li>
            <li>
              <a className={linkClass} href={site.social.url} target="_blank" rel="noopener noreferrer">
                {footer.socialLabel}
                <NewTabNote />
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-label={footer.legalHeading}>
          <h2 className="text-sm font-semibold text-white">{footer.legalHeading}</h2>
          <ul className="mt-3 space-y-1 text-sm">
            <li>
              <a className={linkClass} href={linkTo("privacy")}>
                {footer.privacyLabel}
              </a>
            </li>
            <li>
              <a className={linkClass} href={linkTo("terms")}>
                {footer.termsLabel}
              </a>
            </li>
            <li>
              <a className={linkClass} href={currentPageLink(variant, location, { consent: "change" })}>
                {footer.cookieSettingsLabel}
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-800">
        <div className={`${PAGE_CONTAINER} space-y-1 py-4 text-xs text-slate-400`}>
          <p>{footer.copyright}</p>
          <p>{footer.controller}</p>
        </div>
      </div>
    </footer>
  );
}
