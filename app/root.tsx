import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { getPage } from "#content/index";
import { ConsentBanner } from "~/components/consent/ConsentBanner";
import { Pixel, PixelPageViews } from "~/components/consent/Pixel";
import { Footer } from "~/components/layout/Footer";
import { Header } from "~/components/layout/Header";
import stylesheet from "~/styles/app.css?url";
import { activePixelId, readConsent } from "~/utils/consent.server";
import { getRequestContext } from "~/utils/context.server";
import { shouldHideHeader, shouldHydrate } from "~/utils/hydrate";
import { captureAttribution, commitSession, getSession, hasAttributionParams } from "~/utils/session.server";
import { useNonce } from "~/utils/nonce";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const { variant, contentKey, env, url } = ctx;
  const year = new Date().getUTCFullYear();
  const payload = {
    variant,
    contentKey,
    site: getPage(contentKey, "site", { year: String(year) }),
    appSigninUrl: env.APP_SIGNIN_URL,
    /** For absolute links in meta tags (canonical, Open Graph). */
    origin: url.origin,
    consent: {
      choice: readConsent(request.headers.get("Cookie")),
      copy: getPage(contentKey, "consent"),
    },
    /** Public id of the advertising pixel, present only after consent (SPEC 7.4). */
    pixelId: activePixelId(request.headers.get("Cookie"), variant, env) ?? null,
  };
  // A landing URL with ?r= or utm_* : remember the attribution in the session (SPEC 4.1).
  if (hasAttributionParams(ctx.url)) {
    const session = await getSession(request, ctx);
    if (captureAttribution(ctx.url, session)) {
      return data(payload, { headers: { "Set-Cookie": await commitSession(session, ctx) } });
    }
  }
  return payload;
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const matches = useMatches();
  const nonce = useNonce();
  const hydrate = shouldHydrate(matches);
  const showChrome = Boolean(data);
  return (
    <html lang="en" data-theme={data?.contentKey ?? "genius"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col bg-white text-slate-800 antialiased">
        {data ? <ConsentBanner /> : null}
        {showChrome && !shouldHideHeader(matches) ? <Header /> : null}
        <main id="main" className="flex-1">
          {children}
        </main>
        {showChrome ? <Footer /> : null}
        {data?.pixelId ? (
          <>
            <Pixel pixelId={data.pixelId} />
            {hydrate ? <PixelPageViews /> : null}
          </>
        ) : null}
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
  return <Outlet />;
}
