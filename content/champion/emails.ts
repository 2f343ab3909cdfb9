import { emails as genius } from "../genius/emails";
import { mergeLayers, type Layer } from "../layers";
import type { EmailsContent } from "../schemas/emails";

/**
 * The genius mails the sport editions send too, under the champion logo letter and signature.
 * The double opt-in block and the legal footer are genius's only: the sports fall back to them
 * (they name no brand but through {brand}). Colours come from each sport's brand.ts (content/index.ts).
 */
const sent = [
  "prelaunch",
  "guide",
  "tips",
  "welcome",
  "confirm-account",
  "account-exists",
  "confirm-email",
  "moved-up",
  "announcement",
  "invite",
  "lost-link",
  "reward",
  "club-confirm",
] as const;
const rebranded = Object.fromEntries(
  sent.map((name) => [
    name,
    mergeLayers(genius[name], {
      content: { logo: { letter: "{brandLetter}" }, signature: "Coach AI and the {wordmark} team" },
    }),
  ]),
);

/** The genius e-mails for families of players: what the sport editions share differs in these lines only. */
export const emails = mergeLayers<EmailsContent>(rebranded, {
  prelaunch: {
    content: {
      main: {
        title: "You're on the list, champion parent! 🏆",
        closing: "See you {sportHome}. Let's build a champion together.",
      },
      cta: { description: "Launch dates, new drills and training tips appear first on {socialHandle}." },
      whatHappensNext: {
        0: {
          description:
            "We'll e-mail your early-access date and a free 7-day training plan with {sportDrills} for ages 0-12: about 15 minutes a day.",
        },
        1: { description: "Choose Practice, Compete or Champion. You can upgrade anytime." },
        2: {
          title: "Start daily drills",
          description: "Short, focused {sportDrills} at home that build skills, confidence and a love for the game.",
        },
      },
    },
  },
  guide: {
    template: { title: "Your {brand} guide", subject: "Your {brand} guide is ready!" },
    content: {
      main: {
        title: "Your {brand} guide is ready!",
        description:
          "Inside you'll find how to use an AI coach for {sportDrills}, age-by-age skill milestones and a simple weekly training rhythm you can start today.",
        buttonUrl: "/downloads/{sportSlug}-guide.pdf",
        closing: "Enjoy the guide, and tell us which drill your player liked best.",
      },
      cta: { title: "Want daily drills made for your player?" },
      sharing: {
        message: "I just got the free {brand} guide from {socialHandle}: practical training ideas for every age. Get yours: {refLink}",
      },
    },
  },
  tips: {
    template: { title: "Your {brand} tips", subject: "Your practical {brand} tips are here!" },
    content: {
      main: {
        title: "Your practical {brand} tips are here!",
        description:
          "These tips show how to turn 10 minutes a day into real progress, with {sportDrills} and ready-to-use AI prompts for busy sport parents.",
        buttonUrl: "/downloads/{sportSlug}-tips.pdf",
      },
      cta: {
        title: "Follow us for a new drill every week",
        description: "Quick drills, training tips and early-access news on {socialHandle}.",
      },
      sharing: {
        message: "These practical {brand} tips from {socialHandle} take 10 minutes a day. Get them free: {refLink}",
      },
    },
  },
  welcome: {
    content: {
      main: {
        description:
          "Three quick steps get you the most out of your first week. Your coaching is personalised to your player; you stay the judge of what fits your family.",
        closing: "Questions? Just reply to this e-mail; a real person reads it. See you {sportRink}.",
      },
      sharing: {
        message:
          "I just joined {socialHandle}: a 24/7 AI coach for sport parents, with {sportDrills} made for your player. Join me: {refLink}",
      },
      whatHappensNext: {
        0: { description: "Add your player's age, level and goals so every drill fits." },
        1: { title: "Try today's drills", description: "Pick one short session of {sportDrills} a day and see what your player enjoys." },
        2: { description: "Check the progress view each week and adjust the goals together." },
      },
    },
  },
  "confirm-account": {
    content: { main: { closing: "See you {sportRink}." } },
  },
  announcement: {
    content: {
      main: {
        title: "Early access opens {earlyAccessDate} 🏆",
        subtitle: "Hello, champion parent!",
        closing: "Thank you for waiting with us. See you {sportRink}.",
      },
      cta: {
        description:
          "See your place, your referrals and the first-wave spots left. Teammates' parents who join through your link move you up.",
      },
    },
  },
  "account-exists": {
    content: {
      main: {
        closing:
          "If it wasn't you, you can ignore this e-mail. Nothing has changed: no new account was created and your password stays as it is. See you {sportRink}.",
      },
    },
  },
  invite: {
    content: {
      main: {
        title: "You're in, champion parent! 🏆",
        subtitle: "Your place in line came up: your player is in this wave of early-access families.",
        closing: "See you {sportHome}. Let's build a champion together.",
      },
      whatHappensNext: {
        2: { title: "Start daily drills", description: "Seven days of {sportDrills} free, no credit card, cancel anytime." },
      },
    },
  },
  reward: {
    content: {
      main: {
        title: "Reward unlocked, champion parent! 🏆",
        closing: "Keep passing your link around the team: the next reward is a few parents away. See you {sportHome}.",
      },
    },
  },
  "lost-link": {
    content: {
      main: {
        title: "Here's your champion link 🏆",
        subtitle: "You asked us for the link to your place in line. Here it is, champion parent.",
        closing: "Share it with your teammates' parents: each one who joins and confirms moves you up. See you {sportRink}.",
      },
    },
  },
} satisfies Layer<EmailsContent>);
