import { z } from "zod";

const text = z.string().min(1);

/**
 * The one-tap share links (issue 34): the prefilled message in the brand's voice, the e-mail's
 * subject and each channel's label. '{link}' is replaced by the referral link tagged with its channel.
 */
export const oneTapShareSchema = z.object({
  title: text,
  message: z.string().includes("{link}"),
  subject: text,
  /** The browser's own share sheet (navigator.share), shown only with JavaScript where it exists. */
  nativeButton: text,
  channels: z.object({ wa: text, fb: text, x: text, email: text, sms: text }),
});

export type OneTapShareContent = z.infer<typeof oneTapShareSchema>;
