import type { Layer } from "./layers";
import type { EmailTemplateContent } from "./schemas/emails";

/**
 * The invite of a parent who already has an account (docs/decisions/027-one-standing.md): they are
 * asked to sign in, never to create an account. Laid over the variant's invite mail.
 */
export const inviteForAccount = {
  content: {
    main: {
      description:
        "You already have your {brand} account: press the button to accept your invite, then sign in with it. The link is yours alone, works once, and stays open until {inviteExpires}.",
    },
    whatHappensNext: {
      1: { title: "Sign in", description: "Use the account you already have; your waitlist place and plan come with you." },
    },
  },
} satisfies Layer<EmailTemplateContent>;
