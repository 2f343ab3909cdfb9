import { z } from "zod";

const colour = z.string().regex(/^#[0-9a-f]{6}$/i, "a #rrggbb colour");

/**
 * A variant's brand tokens, the one place they are written: the site's CSS custom properties
 * (content/brand.ts), the e-mails' inline colours, the header mark and the sender name all
 * read them.
 */
export const brandSchema = z.object({
  /** Header wordmark and the From name of every mail the brand sends. */
  wordmark: z.string().min(1),
  /** The letter e-mails show as the logo (an e-mail cannot carry the SVG mark). */
  logoLetter: z.string().length(1),
  /** Which SVG mark app/components/brand/marks.tsx draws beside the wordmark. */
  mark: z.enum(["spark", "puck", "ball"]),
  /** Reply-To of the brand's mails and the address pages show. */
  contactEmail: z.string().email(),
  colors: z.object({
    /** Buttons, links and the mark; white text sits on it. */
    brand: colour,
    /** Hover, headings on soft panels; also text on brandSoft. */
    brandStrong: colour,
    /** Tinted panels and badges. */
    brandSoft: colour,
    /** A second hue for highlights; text-safe on white. */
    accent: colour,
    /** Body text on white and on the mail background. */
    text: colour,
    /** Secondary text on white and on the mail background. */
    muted: colour,
    /** The mail's page background. */
    background: colour,
    /** Decorative only (the mark's second colour, the hero art): never text. */
    highlight: colour,
  }),
  /** Heading treatment, system font stacks only (no font downloads). */
  type: z.object({
    /** A CSS font-family list of fonts visitors already have. */
    headingFont: z.string().regex(/^[\w\s",-]+$/, "font names, quotes and commas only"),
    headingCase: z.enum(["none", "uppercase"]),
    /** CSS letter-spacing for headings, e.g. "-0.01em". */
    headingTracking: z.string().regex(/^-?\d*\.?\d+em$|^0$/),
  }),
});

export type Brand = z.infer<typeof brandSchema>;
