import type { A11yContent } from "../schemas/a11y";

export const a11y: A11yContent = {
  opensInNewTab: "(opens in a new tab)",
};
