import type { Layer } from "../layers";
import type { Brand } from "../schemas/brand";

/** Hockey Champion: ice blue and navy, condensed bold uppercase headings. */
export const brand = {
  wordmark: "Hockey Champion",
  mark: "puck",
  colors: { brand: "#0b5cad", brandStrong: "#0b2545", brandSoft: "#e0f2fe", highlight: "#7dd3fc", accent: "#b91c1c" },
  type: {
    headingFont:
      'Bahnschrift, "DIN Alternate", "Franklin Gothic Medium", "Nimbus Sans Narrow", sans-serif-condensed, "Arial Narrow", sans-serif',
    headingCase: "uppercase",
    headingTracking: "0.01em",
  },
} satisfies Layer<Brand>;
