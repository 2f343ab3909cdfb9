import type { LostLinkContent } from "../schemas/lost-link";

export const lostLink: LostLinkContent = {
  metaTitle: "Lost your link? | {brand}",
  title: "Lost your waitlist link?",
  intro:
    "Type the e-mail address you joined the {brand} waitlist with. If it's on the list, we'll e-mail you the link to your place in line and your referrals.",
  emailLabel: "Your e-mail address",
  emailPlaceholder: "you@example.com",
  button: "E-mail me my link",
  busy: "Sending…",
  note: "For your privacy this page never says whether an address is on the list: only its inbox finds out.",
  errors: {
    missing: "Please enter your e-mail address.",
    invalidEmail: "Please enter a valid e-mail address.",
    emailTooLong: "That e-mail address is too long (at most {max} characters).",
  },
  sent: {
    title: "Check your inbox",
    text: "If that address is on the {brand} waitlist, your link is on its way. It can take a few minutes.",
    hint: "Nothing after 10 minutes? Look in your spam folder, or check that you typed the address you joined with.",
    again: "Try another address",
  },
  link: "Lost your link? We'll e-mail it to you.",
};
