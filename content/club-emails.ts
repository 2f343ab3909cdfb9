import type { EmailsContent } from "./schemas/emails";

type ClubConfirmEmail = NonNullable<EmailsContent["club-confirm"]>;

/**
 * The club contact's double opt-in (docs/decisions/039-clubs.md): the button opens {confirmLink},
 * the signed link that confirms the address as the club's contact. Anyone may type any address on
 * /clubs/new, so the mail carries nothing the visitor typed (not even the club's name). Genius holds
 * it because genius holds every template; only the sport editions send it (content/champion/emails.ts).
 */
export function clubConfirmEmail({
  styles,
  logo,
  signature,
}: Pick<ClubConfirmEmail["template"], "styles"> & Pick<ClubConfirmEmail["content"], "logo" | "signature">): ClubConfirmEmail {
  return {
    template: {
      title: "Confirm your club on {brand}",
      subject: "Confirm your club's registration on {brand}",
      styles,
    },
    content: {
      logo,
      main: {
        title: "Confirm your club",
        subtitle: "This address was given as the contact of a club registering on {brand}.",
        description:
          "Press the button to confirm that you are the club's contact. We then check the club and put it on our club list; you get its club link to share with the families of your team. If you didn't register a club, ignore this e-mail: nothing is published without this confirmation.",
        buttonText: "Confirm my club",
        buttonUrl: "{confirmLink}",
        fallbackText: "If the button doesn't work, copy this link into your browser:",
      },
      whatHappensNext: [],
      signature,
      footer: {
        text: "You're receiving this e-mail because this address was given as a club's contact on {brand}.",
        contactAddress: "{contactEmail}",
      },
    },
  };
}
