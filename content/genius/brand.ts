import type { Brand } from "../schemas/brand";

/** AI Parenting Genius: warm violet and amber, rounded friendly headings. */
export const brand = {
  wordmark: "AI Parenting Genius",
  logoLetter: "G",
  mark: "spark",
  contactEmail: "hello@aiparenting.example",
  colors: {
    brand: "#6d28d9",
    brandStrong: "#4c1d95",
    brandSoft: "#f3e8ff",
    accent: "#b45309",
    text: "#1e293b",
    muted: "#475569",
    background: "#f8fafc",
    highlight: "#f59e0b",
  },
  type: {
    headingFont:
      'ui-rounded, "SF Pro Rounded", "Hiragino Maru Gothic ProN", Quicksand, Comfortaa, Manjari, "Arial Rounded MT", "Arial Rounded MT Bold", Calibri, source-sans-pro, sans-serif',
    headingCase: "none",
    headingTracking: "-0.01em",
  },
} satisfies Brand;
