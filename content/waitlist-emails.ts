import type { EmailsContent } from "./schemas/emails";

type Styles = NonNullable<EmailsContent["prelaunch"]>["template"]["styles"];

type Branding = {
  styles: Styles;
  logo: { letter: string; text: string };
  signature: string;
};

type WaitlistEmails = { [K in "confirm-email" | "moved-up" | "lost-link"]: NonNullable<EmailsContent[K]> };

/**
 * The referral engine's two e-mails (docs/decisions/010-referrals-and-place-in-line.md), the same
 * words in every edition: {brand} and {wordmark} are filled from the edition that sends them, and
 * the sport editions lay their own colours, logo and signature over these.
 */
export function waitlistEmails({ styles, logo, signature }: Branding): WaitlistEmails {
  return {
    "confirm-email": {
      template: {
        title: "Confirm your e-mail for {brand}",
        subject: "Confirm your e-mail for {brand}",
        styles,
      },
      content: {
        logo,
        main: {
          title: "Confirm your e-mail address",
          subtitle: "Here is the fresh link you asked for.",
          description:
            "Press the button to confirm this address and get your place in line. The link works for 7 days. If you didn't ask for it, ignore this e-mail.",
          buttonText: "Confirm my e-mail",
          buttonUrl: "{verifyLink}",
          fallbackText: "If the button doesn't work, copy this link into your browser:",
        },
        whatHappensNext: [],
        signature,
        footer: {
          text: "You're receiving this e-mail because a confirmation link for {brand} was requested for this address.",
          contactAddress: "{contactEmail}",
        },
      },
    },
    "moved-up": {
      template: {
        title: "You moved up the {brand} waitlist",
        subject: "You moved up to place {place} on the {brand} waitlist",
        styles,
      },
      content: {
        logo,
        main: {
          title: "You moved up to place {place}",
          subtitle: "A parent who joined through your share link just confirmed their e-mail.",
          description:
            "Every parent who joins through your link and confirms their e-mail moves you up the list. Thank you for spreading the word.",
          buttonText: "See my place and referrals",
          buttonUrl: "{statusLink}",
          fallbackText: "If the button doesn't work, copy this link into your browser:",
        },
        whatHappensNext: [],
        signature,
        footer: {
          text: "You're receiving this e-mail because you joined the {brand} waitlist. We send at most one of these a day.",
          contactAddress: "{contactEmail}",
        },
      },
    },
    "lost-link": {
      template: {
        title: "Your {brand} waitlist link",
        subject: "Here's your {brand} waitlist link",
        styles,
      },
      content: {
        logo,
        main: {
          title: "Here's your waitlist link",
          subtitle: "You asked us for the link to your place in line.",
          description:
            "Press the button to see your place in line, your referrals and your personal share link. Keep this e-mail: the link works for a year. If you didn't ask for it, you can ignore this e-mail; nothing has changed.",
          buttonText: "See my place and referrals",
          buttonUrl: "{statusLink}",
          fallbackText: "If the button doesn't work, copy this link into your browser:",
        },
        whatHappensNext: [],
        signature,
        footer: {
          text: "You're receiving this e-mail because the link to this address's place on the {brand} waitlist was requested.",
          contactAddress: "{contactEmail}",
        },
      },
    },
  };
}
