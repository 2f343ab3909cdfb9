import { useEffect } from "react";
import type { ScreenshotImage } from "~/landing/screenshot.server";
import { useNonce } from "~/utils/nonce";

/**
 * Swaps a failed screenshot for its `data-fallback-src`, and hides it when there is nothing left to
 * try (SPEC 2.4). Runs as a nonce'd inline script (no inline `onerror=`, which the CSP forbids), so it
 * also works on pages that ship no app bundle. It listens once, in the capture phase on the document,
 * and replays an error for images that failed before it ran.
 * It is serialised with toString(): keep it self-contained and give no inner function a name
 * (the Worker bundler's keepNames would wrap named functions in a `__name` helper the page lacks).
 */
function installScreenshotFallback() {
  const flags = window as unknown as { __screenshotFallback?: boolean };
  if (flags.__screenshotFallback) return;
  flags.__screenshotFallback = true;
  document.addEventListener(
    "error",
    (event) => {
      const img = event.target as HTMLImageElement | null;
      if (!img || img.tagName !== "IMG" || !img.hasAttribute("data-screenshot")) return;
      const next = img.getAttribute("data-fallback-src");
      if (next && !img.hasAttribute("data-fallback-used")) {
        img.setAttribute("data-fallback-used", "");
        img.src = next;
      } else {
        img.hidden = true;
      }
    },
    true,
  );
  document.querySelectorAll("img[data-screenshot]").forEach((img) => {
    const image = img as HTMLImageElement;
    if (image.complete && image.naturalWidth === 0) image.dispatchEvent(new Event("error"));
  });
}

const script = `(${installScreenshotFallback.toString()})()`;

type Props = {
  image: ScreenshotImage | null;
  alt: string;
  className?: string;
  /** The hero image should load first; images further down can wait. */
  priority?: boolean;
};

/** An app screenshot with the server-chosen source and the runtime load-error fallback. */
export function Screenshot({ image, alt, className = "", priority = false }: Props) {
  const nonce = useNonce();
  // On hydrated pages the inline script does not run after client-side navigation; install it here too.
  useEffect(installScreenshotFallback, []);
  if (!image) return null;
  return (
    <>
      <img
        src={image.src}
        data-fallback-src={image.fallbackSrc}
        data-screenshot=""
        width={image.width}
        height={image.height}
        alt={alt}
        className={className}
        decoding="async"
        loading={priority ? "eager" : "lazy"}
        {...(priority ? { fetchpriority: "high" } : {})}
        suppressHydrationWarning
      />
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: script }} />
    </>
  );
}
