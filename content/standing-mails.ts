import { accountStanding } from "./account-standing";
import type { Layer } from "./layers";
import type { EmailTemplateContent } from "./schemas/emails";

/**
 * What a mail says differently by the recipient's standing (docs/decisions/027-one-standing.md),
 * laid over the variant's own mail. The invite of a parent who already has an account asks them to
 * sign in, never to create an account.
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

/** The launch announcement to a parent with an account: past the line (the words of /signup-confirm), no "move up". */
export const announcementForAccount = {
  content: {
    main: { celebration: `You have your {brand} account. ${accountStanding}` },
    cta: {
      title: "Your account",
      description: "Your status page has your referrals; friends who join through your link get their own place in line.",
    },
  },
} satisfies Layer<EmailTemplateContent>;

/** The launch announcement to a parent a wave already admitted: no place in line, no "move up". */
export const announcementForAdmitted = {
  content: {
    main: { celebration: "You're in: your early-access invite is in your inbox." },
    cta: {
      title: "Your invite",
      description: "Your status page has your invite and your referrals, and can send the invite again.",
    },
  },
} satisfies Layer<EmailTemplateContent>;
