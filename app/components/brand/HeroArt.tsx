import type { ContentKey } from "#content/index";

/**
 * A small decorative scene per variant in the brand's colours (Tailwind brand utilities): building
 * blocks and sparks, a rink with stick and puck, a court with a ball in flight. Hidden from
 * assistive technology; it sits after the call to action, so it never pushes the hero's title or
 * button down.
 */
const scenes: Record<ContentKey, JSX.Element> = {
  genius: (
    <>
      <circle className="fill-brand-soft" cx="250" cy="52" r="44" />
      <rect className="fill-brand" x="40" y="72" width="40" height="40" rx="8" />
      <rect className="fill-highlight" x="86" y="72" width="40" height="40" rx="8" />
      <rect className="fill-brand-strong" x="63" y="28" width="40" height="40" rx="8" />
      <path
        className="fill-highlight"
        d="M190 18c2 10 5.5 13.5 15.5 15.5-10 2-13.5 5.5-15.5 15.5-2-10-5.5-13.5-15.5-15.5 10-2 13.5-5.5 15.5-15.5Z"
      />
      <path className="fill-brand" d="M262 70c1.3 6.5 3.6 8.8 10 10-6.4 1.3-8.7 3.6-10 10-1.3-6.4-3.6-8.7-10-10 6.4-1.2 8.7-3.5 10-10Z" />
      <path className="stroke-brand" d="M140 100c20-26 50-26 70 0s50 26 70 0" fill="none" strokeWidth="6" strokeLinecap="round" />
    </>
  ),
  icehockey: (
    <>
      <rect className="fill-brand-soft stroke-brand" x="6" y="10" width="308" height="100" rx="46" strokeWidth="4" />
      <path className="stroke-accent" d="M160 12v96" strokeWidth="4" />
      <path className="stroke-brand" d="M104 12v96M216 12v96" strokeWidth="4" />
      <circle className="stroke-brand" cx="160" cy="60" r="24" fill="none" strokeWidth="3" />
      <path
        className="stroke-brand-strong"
        d="M236 26l-26 56h-30"
        fill="none"
        strokeWidth="8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <ellipse className="fill-brand-strong" cx="150" cy="84" rx="12" ry="5" />
    </>
  ),
  tennis: (
    <>
      <path className="fill-brand" d="M60 112 100 20h120l40 92Z" />
      <path
        className="stroke-highlight"
        d="M60 112 100 20h120l40 92ZM78 112l30-92M242 112l-30-92M92 80h136M160 80v32"
        fill="none"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path className="stroke-brand-strong" d="M72 62h176" strokeWidth="5" />
      <circle className="fill-highlight stroke-brand-strong" cx="270" cy="34" r="14" strokeWidth="2" />
      <path
        className="stroke-brand-soft"
        d="M180 54c30-30 60-34 76-26"
        fill="none"
        strokeWidth="3"
        strokeDasharray="2 8"
        strokeLinecap="round"
      />
    </>
  ),
};

export function HeroArt({ variant, className = "" }: { variant: ContentKey; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width="320"
      height="120"
      viewBox="0 0 320 120"
      className={`h-auto w-full max-w-xs ${className}`}
      data-hero-art={variant}
    >
      {scenes[variant]}
    </svg>
  );
}
