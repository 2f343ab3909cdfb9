import { z } from "zod";

/** The ribbon a preview (PREVIEW_MODE=on) shows on every page; the sport editions use the genius words. */
export const previewSchema = z.object({
  /** What the ribbon says; {branch} and {commit} (short) are the running build's. */
  ribbon: z.string().includes("{branch}").includes("{commit}"),
  /** The ribbon's accessible name: what kind of note it is. */
  label: z.string().min(1),
});

export type PreviewContent = z.infer<typeof previewSchema>;
