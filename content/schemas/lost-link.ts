import { z } from "zod";

const text = z.string().min(1);

/**
 * /lost-link: a parent who lost their status (referral) link asks for it by e-mail. The "check your
 * inbox" view reads the same for every address, on the list or not (docs/decisions/034-lost-my-link.md).
 */
export const lostLinkSchema = z.object({
  metaTitle: text,
  title: text,
  intro: text,
  emailLabel: text,
  emailPlaceholder: text,
  button: text,
  /** The button while the post is in flight (JavaScript on). */
  busy: text,
  /** Under the form: what the parent gets, and that nothing tells whether an address is listed. */
  note: text,
  errors: z.object({ missing: text, invalidEmail: text, emailTooLong: text }),
  sent: z.object({ title: text, text, hint: text, again: text }),
  /** The link other pages show to this one (the status page's broken-link message, the FAQ). */
  link: text,
});

export type LostLinkContent = z.infer<typeof lostLinkSchema>;
