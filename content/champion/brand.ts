import type { Layer } from "../layers";
import type { Brand } from "../schemas/brand";

/** What both champion sports share; each sport's brand.ts adds its name, mark, palette and type. */
export const brand = {
  logoLetter: "C",
  contactEmail: "hello@champion.example",
  colors: { text: "#1e293b", muted: "#475569", background: "#f8fafc" },
} satisfies Layer<Brand>;
