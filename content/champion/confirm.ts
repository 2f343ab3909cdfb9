import type { ConfirmContent } from "../schemas/confirm";
import type { Layer } from "../layers";

/** What the hockey and tennis editions share on this page; {sport...} words come from each sport's words.ts. */
export const confirm = {
  metaTitle: "You're on the list | {brand}",
  emoji: "🎉",
  title: "You're on the early-access list!",
  description:
    "You're on the list. Confirm your e-mail address to get your place in line: the first 100 places are the first wave of founding families, and we'll e-mail you your early-access date before anyone else hears about it.",
  sentNote: "We've sent a confirmation with your personal referral link to {email}.",
  notSentNote: "We saved your spot. Your confirmation e-mail is on its way; it can take a few minutes.",
  notQueuedNote:
    "We saved your spot, but we could not send your confirmation e-mail just now. Reload this page in a moment to try again.",
  undeliverableNote:
    "We saved your spot, but we could not deliver the confirmation e-mail to {email}. Check the address, or write to us.",
  spamTip: "Can't find it? Check your Spam or Promotions folder and mark us as 'Not spam'.",
  vip: {
    title: "Want early-access priority?",
    text: "Follow us and share {brand} with a teammate's parents: founding families who spread the word move up the list.",
    followButton: "Follow us on Facebook",
    shareTitle: "Your share message",
    shareMessage:
      "I just joined the early-access list for {socialHandle}: a 24/7 AI tutor for parents, personalised to your child's age, interests and goals. Join me here: {link}",
    copyButton: "Copy message",
    copied: "Copied!",
  },
  private: {
    title: "Prefer to share privately?",
    text: "Send your personal link to friends by text or e-mail. Every parent who joins through it counts for you.",
    linkLabel: "Your referral link",
    copyButton: "Copy link",
  },
  whatHappensNext: {
    title: "What happens next",
    steps: [
      {
        title: "Check your e-mail",
        text: "Get your early-access date and a free 7-day training plan by e-mail.",
      },
      {
        title: "Pick a plan",
        text: "Choose Practice, Compete or Champion when early access opens. Upgrade anytime.",
      },
      {
        title: "Start daily drills",
        text: "About 10 minutes a day of drills built for your player's age and goals.",
      },
    ],
  },
  backHome: "Back to Home",
} satisfies Layer<ConfirmContent>;
