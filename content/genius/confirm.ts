import type { ConfirmContent } from "../schemas/confirm";

export const confirm: ConfirmContent = {
  metaTitle: "You're on the list | {brand}",
  emoji: "🎉",
  title: "You're on the early-access list!",
  description:
    "You're on the list. Confirm your e-mail address to get your place in line: the first 100 places are the first wave of founding parents, and we'll e-mail you your early-access date before anyone else hears about it.",
  sentNote: "We've sent a confirmation e-mail to {email}. Press its button to get your place in line.",
  notSentNote: "We saved your spot. Your confirmation e-mail is on its way; it can take a few minutes.",
  notQueuedNote: "We saved your spot, but we could not send your confirmation e-mail just now. Reload this page in a moment to try again.",
  undeliverableNote: "We saved your spot, but we could not deliver the confirmation e-mail to {email}. Check the address, or write to us.",
  spamTip: "Can't find it? Check your Spam or Promotions folder and mark us as 'Not spam'.",
  vip: {
    title: "Want early-access priority?",
    text: "Follow us and share {brand} with a friend: founding parents who spread the word move up the list.",
    followButton: "Follow us on Facebook",
    shareTitle: "Your share message",
    shareMessage:
      "I just joined the early-access list for {socialHandle}: a 24/7 AI tutor for parents, personalised to your child's age, interests and goals. Join me here: {link}",
    copyButton: "Copy message",
    copied: "Copied!",
    oneTap: {
      title: "Share in one tap",
      message:
        "I just joined the early-access list for {socialHandle}: a 24/7 AI tutor for parents, personalised to your child's age, interests and goals. Join me here: {link}",
      subject: "An AI tutor for parents: join me on the early-access list",
      nativeButton: "Share…",
      channels: { wa: "WhatsApp", fb: "Facebook", x: "X", email: "E-mail", sms: "Text message" },
    },
  },
  private: {
    title: "Prefer to share privately?",
    text: "Send your personal link to friends by text or e-mail. Every parent who joins through it counts for you.",
    linkLabel: "Your share link",
    copyButton: "Copy link",
  },
  whatHappensNext: {
    title: "What happens next",
    steps: [
      { title: "Watch your inbox", text: "We'll e-mail your early-access date and a free starter plan for your child." },
      { title: "Pick your plan", text: "Lock your founding-parent price when early access opens." },
      { title: "Start daily activities", text: "About 10 minutes a day, matched to your child's age and your goals." },
    ],
  },
  backHome: "Back to Home",
};
