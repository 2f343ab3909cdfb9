import type { Layer } from "../layers";
import type { Brand } from "../schemas/brand";

/** Tennis Champion: court green and optic yellow, clean geometric headings. */
export const brand = {
  wordmark: "Tennis Champion",
  mark: "ball",
  colors: { brand: "#15803d", brandStrong: "#14532d", brandSoft: "#f0fccf", highlight: "#d4f04a", accent: "#a16207" },
  type: {
    headingFont: 'Avenir, Montserrat, Corbel, "URW Gothic", source-sans-pro, sans-serif',
    headingCase: "none",
    headingTracking: "-0.02em",
  },
} satisfies Layer<Brand>;
