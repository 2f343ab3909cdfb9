import { useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { useNonce } from "~/utils/nonce";

type Fbq = ((...args: unknown[]) => void) & {
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[];
  push: unknown;
  loaded: boolean;
  version: string;
};

declare global {
  interface Window {
    fbq?: (...args: unknown[]) => void;
    _fbq?: unknown;
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

/** The provider's fallback when JavaScript is off: one image request with the id and the PageView. */
function PixelFallback({ pixelId }: { pixelId: string }) {
  return (
    <noscript>
      <img
        height="1"
        width="1"
        className="hidden"
        alt=""
        src={`https://www.facebook.com/tr?id=${encodeURIComponent(pixelId)}&ev=PageView&noscript=1`}
      />
    </noscript>
  );
}

/**
 * The advertising pixel (SPEC 7.4) on a page that ships no JavaScript of ours: the provider's
 * inline bootstrap (with the CSP nonce) tracks the document's PageView while the page parses.
 * Nothing hydrates such a page, so the script it inserts next to itself harms nothing.
 */
export function Pixel({ pixelId }: { pixelId: string }) {
  const nonce = useNonce();
  return (
    <>
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: bootstrap(pixelId) }} />
      <PixelFallback pixelId={pixelId} />
    </>
  );
}

/**
 * What the inline bootstrap does, from the app bundle: the same call queue, and fbevents.js
 * appended to <head> (a script our bundle creates is trusted by the CSP's 'strict-dynamic').
 */
function installPixel(pixelId: string) {
  if (window.fbq) return;
  // As in the bootstrap: calls are queued as their `arguments`, which fbevents.js replays.
  const fbq = function () {
    // The provider's snippet passes `arguments` itself on; fbevents.js expects exactly that.
    // eslint-disable-next-line prefer-rest-params, prefer-spread
    if (fbq.callMethod) fbq.callMethod.apply(fbq, arguments as unknown as unknown[]);
    // eslint-disable-next-line prefer-rest-params
    else fbq.queue.push(arguments);
  } as Fbq;
  window.fbq = fbq;
  if (!window._fbq) window._fbq = fbq;
  fbq.push = fbq;
  fbq.loaded = true;
  fbq.version = "2.0";
  fbq.queue = [];
  const script = document.createElement("script");
  script.async = true;
  script.src = SCRIPT_URL;
  document.head.appendChild(script);
  fbq("init", pixelId);
}

/** The last location a PageView was tracked for: one per page, also under StrictMode's double effects. */
let trackedLocation: object | null = null;

/**
 * The pixel on a page that hydrates. The inline bootstrap cannot be used there: it runs while
 * the page parses and inserts fbevents.js into the markup before React hydrates it, React finds
 * a node it did not render (errors #418/#423), throws the server HTML away and renders the page
 * again, wiping what the parent had typed. Here the pixel starts in an effect, which runs only
 * once hydration has committed, and its script goes into <head>, outside the app's markup.
 * One PageView for the document and one per client-side navigation (a new router location);
 * the server renders only the no-script image, which the client renders identically.
 */
export function HydratedPixel({ pixelId }: { pixelId: string }) {
  const location = useLocation();
  useEffect(() => {
    if (trackedLocation === location) return;
    trackedLocation = location;
    installPixel(pixelId);
    window.fbq?.("track", "PageView");
  }, [pixelId, location]);
  return <PixelFallback pixelId={pixelId} />;
}
