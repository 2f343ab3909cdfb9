import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useNonce } from "~/utils/nonce";

declare global {
  interface Window {
    fbq?: (...args: unknown[]) => void;
  }
}

const SCRIPT_URL = "https://connect.facebook.net/en_US/fbevents.js";

/** The provider's standard bootstrap: queues calls until fbevents.js has loaded. */
function bootstrap(pixelId: string): string {
  return (
    "!function(f,b,e,v,n,t,s){if(f.fbq)return;n=f.fbq=function(){n.callMethod?" +
    "n.callMethod.apply(n,arguments):n.queue.push(arguments)};if(!f._fbq)f._fbq=n;" +
    "n.push=n;n.loaded=!0;n.version='2.0';n.queue=[];t=b.createElement(e);t.async=!0;" +
    "t.src=v;s=b.getElementsByTagName(e)[0];s.parentNode.insertBefore(t,s)}" +
    `(window,document,'script',${JSON.stringify(SCRIPT_URL)});` +
    `fbq('init',${JSON.stringify(pixelId)});fbq('track','PageView');`
  );
}

/**
 * The advertising pixel (SPEC 7.4), rendered only after consent with the variant's id.
 * The inline script carries the CSP nonce and tracks the document's PageView; the noscript image
 * is the provider's fallback when JavaScript is off.
 */
export function Pixel({ pixelId }: { pixelId: string }) {
  const nonce = useNonce();
  return (
    <>
      <script
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: bootstrap(pixelId) }}
      />
      <noscript>
        <img
          height="1"
          width="1"
          className="hidden"
          alt=""
          src={`https://www.facebook.com/tr?id=${encodeURIComponent(pixelId)}&ev=PageView&noscript=1`}
        />
      </noscript>
    </>
  );
}

/**
 * On hydrated pages, client-side navigations do not reload the document: track one PageView per
 * location change. The first location is already tracked by the inline script, and the ref
 * keeps StrictMode's double effect from firing twice.
 */
export function PixelPageViews() {
  const location = useLocation();
  const tracked = useRef(location.key);
  useEffect(() => {
    if (tracked.current === location.key) return;
    tracked.current = location.key;
    window.fbq?.("track", "PageView");
  }, [location.key]);
  return null;
}
