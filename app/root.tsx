import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useMatches, useRouteLoaderData } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { brandByVariant, brandCss } from "#content/brand";
import { getPage } from "#content/index";
import { ConsentBanner } from "~/components/consent/ConsentBanner";
import { HydratedPixel, Pixel } from "~/components/consent/Pixel";
import { Footer } from "~/components/layout/Footer";
import { Header } from "~/components/layout/Header";
import { PreviewRibbon } from "~/components/layout/PreviewRibbon";
import { SiteErrorBoundary } from "~/components/layout/SiteErrorBoundary";
import stylesheet from "~/styles/app.css?url";
import { pixelAllowed } from "~/consent/consent";
import { activePixelId, readConsent } from "~/consent/consent.server";
import { legalVars } from "~/trust/legal.server";
import { buildInfo, shortCommit } from "~/platform/build-info";
import { getRequestContext } from "~/utils/context.server";
import { shouldHideHeader, shouldHydrate } from "~/utils/hydrate";
import { captureAttribution, commitSession, getSession, hasAttributionParams } from "~/utils/session.server";
import { useNonce } from "~/utils/nonce";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const { variant, contentKey, env } = ctx;
  const year = new Date().getUTCFullYear();
  const preview = env.PREVIEW_MODE === "on";
  const build = buildInfo();
  const payload = {
    variant,
    contentKey,
    site: getPage(contentKey, "site", { year: String(year), ...legalVars(env) }),
    /** The variant's brand tokens as CSS custom properties, and which mark the logo draws. */
    brand: { css: brandCss(brandByVariant[contentKey]), mark: brandByVariant[contentKey].mark },
    appSigninUrl: env.APP_SIGNIN_URL,
    a11y: getPage(contentKey, "a11y"),
    /**
     * For absolute links in meta tags (canonical, Open Graph): the variant's configured origin,
     * never the Host header, so a forged host cannot become a page's canonical address.
     */
    origin: ctx.origin,
    /** Canonical tags name an edition's home by its sport path on the champion site. */
    sportPaths: ctx.sportPaths,
    /** PREVIEW_MODE=on: no canonical address is published, and the ribbon names the build. */
    preview,
    previewRibbon: preview ? getPage(contentKey, "preview", { branch: build.branch, commit: shortCommit(build.commit) }) : null,
    consent: {
      choice: readConsent(request.headers.get("Cookie")),
      copy: getPage(contentKey, "consent"),
      /** One id per button of the bar as shown now: its form sent twice is recorded once. */
      submissions: { granted: crypto.randomUUID(), denied: crypto.randomUUID() },
    },
    /** Public id of the advertising pixel, present only after consent (SPEC 7.4). */
    pixelId: activePixelId(request.headers.get("Cookie"), variant, env) ?? null,
  };
  if (!hasAttributionParams(ctx.url)) return payload;
  // A page URL with ?r= or utm_*: remember the attribution in the session (SPEC 4.1). The landing
  // pages' own visit (and its attribution) is their `landed` image's (app/analytics/landed.server.ts).
  const session = await getSession(request, ctx);
  if (!captureAttribution(ctx.url, session)) return payload;
  return data(payload, { headers: { "Set-Cookie": await commitSession(session, ctx) } });
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const matches = useMatches();
  const location = useLocation();
  const nonce = useNonce();
  const hydrate = shouldHydrate(matches);
  const showChrome = Boolean(data);
  // Never on admin, dev or QA pages; decided from the current location and matches (not only the
  // root loader's data, which client-side navigations do not reload). entry.server.tsx makes the
  // same call for the CSP.
  const pixelId =
    data?.pixelId &&
    pixelAllowed(
      location.pathname,
      matches.map((match) => match.id),
    )
      ? data.pixelId
      : null;
  // In the browser React runs only in a document that hydrated, so there the pixel is always the
  // hydration-safe one (also after a client-side navigation to a page that would not hydrate).
  const pixelAfterHydration = hydrate || typeof document !== "undefined";
  return (
    <html lang="en" data-theme={data?.contentKey ?? "genius"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {/* Static token values, validated by content/schemas/brand.ts: never visitor data. */}
        {data ? <style dangerouslySetInnerHTML={{ __html: data.brand.css }} /> : null}
      </head>
      <body className="flex min-h-screen flex-col bg-white text-slate-800 antialiased">
        {data ? (
          // First stop for keyboard users: straight past the consent bar and header to the page.
          <a
            href="#main"
            className="sr-only rounded-lg bg-white px-4 py-2 font-semibold text-brand-strong shadow-lg focus:not-sr-only focus:absolute focus:top-4 focus:left-4 focus:z-50 focus:outline-2 focus:outline-brand-strong"
          >
            {data.site.skipLinkLabel}
          </a>
        ) : null}
        {data?.previewRibbon ? <PreviewRibbon text={data.previewRibbon.ribbon} label={data.previewRibbon.label} /> : null}
        {data ? <ConsentBanner /> : null}
        {showChrome && !shouldHideHeader(matches) ? <Header /> : null}
        {/* Focusable from script only, so the skip link moves keyboard focus here. */}
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          {children}
        </main>
        {showChrome ? <Footer /> : null}
        {pixelId ? pixelAfterHydration ? <HydratedPixel pixelId={pixelId} /> : <Pixel pixelId={pixelId} /> : null}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  // Marks the document once React has hydrated it (only pages that ship JavaScript): tests wait for
  // it before using enhancements, as a fast visitor could click before hydration.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

/** A page that failed unexpectedly: a plain message in the site's layout, never a stack trace. */
export const ErrorBoundary = SiteErrorBoundary;
