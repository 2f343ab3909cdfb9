import type { Brand } from "#content/schemas/brand";

/**
 * Each brand's glyph, drawn on a 32-unit grid in white and the brand's highlight colour, to sit on
 * a brand-coloured tile: blocks and a spark (early childhood), stick and puck, a tennis ball.
 */
export const markGlyphs: Record<Brand["mark"], JSX.Element> = {
  spark: (
    <>
      <rect x="5" y="18" width="10" height="9" rx="2" fill="#fff" />
      <rect x="17" y="18" width="10" height="9" rx="2" fill="#fff" opacity=".8" />
      <path
        className="fill-highlight"
        d="M16 3c.7 3.6 1.9 4.9 5.5 5.5-3.6.7-4.8 1.9-5.5 5.5-.7-3.6-1.9-4.8-5.5-5.5C14.1 7.9 15.3 6.6 16 3Z"
      />
    </>
  ),
  puck: (
    <>
      <path d="M12 4l7.6 17H27" fill="none" stroke="#fff" strokeWidth="3.2" strokeLinecap="round" strokeLinejoin="round" />
      <path className="fill-highlight" d="M4.5 22.5v2.2c0 1.6 2.5 2.8 5.5 2.8s5.5-1.2 5.5-2.8v-2.2Z" />
      <ellipse cx="10" cy="22.5" rx="5.5" ry="2.6" fill="#fff" />
    </>
  ),
  ball: (
    <>
      <circle className="fill-highlight" cx="16" cy="16" r="10.5" />
      <path
        d="M7.8 9.6c3.4 3.2 3.4 9.6 0 12.8M24.2 9.6c-3.4 3.2-3.4 9.6 0 12.8"
        fill="none"
        stroke="#fff"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </>
  ),
};
