import type { UnsubscribeContent } from "../schemas/unsubscribe";

/** The sport editions use this copy with their own {brand} and {contactEmail}. */
export const unsubscribe: UnsubscribeContent = {
  metaTitle: "Unsubscribe | {brand}",
  title: "Unsubscribe from {brand} e-mails?",
  text: "We'll stop sending guide and tips follow-ups and waitlist notices to {email}. E-mails you ask for yourself, such as confirmation links, still reach you.",
  button: "Unsubscribe",
  doneTitle: "You're unsubscribed",
  doneText: "We won't send {email} any more follow-ups or notices from {brand}. Changed your mind? Write to {contactEmail}.",
  invalidTitle: "This unsubscribe link doesn't work",
  invalidText:
    "The link is incomplete or was changed. Open it again from the e-mail, copying the whole link, or write to {contactEmail} and we'll unsubscribe you by hand.",
  unavailable: "We couldn't unsubscribe you just now. Please try again in a moment.",
  home: "Back to the home page",
};
