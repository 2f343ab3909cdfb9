import type { EmailsContent } from "./schemas/emails";

type RewardEmail = NonNullable<EmailsContent["reward"]>;

/**
 * The milestone reward mail (docs/decisions/035-rewards-and-revocation.md): one per reward earned.
 * The admin's title and description of the step fill {rewardTitle} and {rewardDescription}; the
 * button opens {rewardLink} (a download's signed link, else the status page, where a code is shown).
 * The sport editions lay their own voice over it (content/champion/emails.ts).
 */
export function rewardEmail({
  styles,
  logo,
  signature,
}: Pick<RewardEmail["template"], "styles"> & Pick<RewardEmail["content"], "logo" | "signature">): RewardEmail {
  return {
    template: {
      title: "Your {brand} reward is unlocked",
      subject: "You unlocked a reward: {rewardTitle}",
      styles,
    },
    content: {
      logo,
      main: {
        title: "You unlocked a reward",
        subtitle: "{rewardTitle}",
        description: "{rewardDescription} Thank you for sharing {brand} with the parents you know: this one is yours.",
        buttonText: "Get my reward",
        buttonUrl: "{rewardLink}",
        fallbackText: "If the button doesn't work, copy this link into your browser:",
        closing: "Every friend who joins through your link and confirms their e-mail brings you closer to the next one.",
      },
      whatHappensNext: [],
      signature,
      footer: {
        text: "You're receiving this e-mail because you earned a reward by sharing your {brand} waitlist link.",
        contactAddress: "{contactEmail}",
      },
    },
  };
}
