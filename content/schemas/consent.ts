import { z } from "zod";

/** The cookie consent banner for the advertising pixel (SPEC 1, 7.4). */
export const consentSchema = z.object({
  title: z.string().min(1),
  text: z.string().min(1),
  acceptLabel: z.string().min(1),
  rejectLabel: z.string().min(1),
  /** Shown when the banner is re-opened from the footer, for the current choice. */
  currentGranted: z.string().min(1),
  currentDenied: z.string().min(1),
  privacyLinkLabel: z.string().min(1),
});

export type ConsentContent = z.infer<typeof consentSchema>;
