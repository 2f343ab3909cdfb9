import type { PreviewContent } from "../schemas/preview";

export const preview: PreviewContent = {
  ribbon: "Preview · {branch} · {commit}",
  label: "Preview build for testing, not the live site",
};
