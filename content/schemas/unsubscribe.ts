import { z } from "zod";

const text = z.string().min(1);

/**
 * /unsubscribe?t=…: the page a marketing mail's List-Unsubscribe header and footer
 * link open. `{email}` is the address the signed link names. Genius holds it; the sport editions
 * fall back to it with their own {brand} and {contactEmail}.
 */
export const unsubscribeSchema = z.object({
  metaTitle: text,
  title: text,
  text: text.includes("{email}"),
  button: text,
  doneTitle: text,
  doneText: text.includes("{email}"),
  invalidTitle: text,
  invalidText: text,
  unavailable: text,
  home: text,
});

export type UnsubscribeContent = z.infer<typeof unsubscribeSchema>;
