import type { EmailsContent } from "../schemas/emails";
import type { Layer } from "../layers";
import { waitlistEmails } from "../waitlist-emails";

const logo = {
  letter: "{brandLetter}",
  text: "{wordmark}",
};
const signature = "Coach AI and the {wordmark} team";

/** What the hockey and tennis editions share on this page; {sport...} words come from each sport's words.ts. */
/** The welcome e-mail is genius-branded only: it falls back to the genius copy. Colours come from each sport's brand.ts. */
export const emails = {
  prelaunch: {
    template: {
      title: "You're on the {brand} early-access list",
      subject: "Welcome to {selectedPlan} - Your Referral Link is Ready!",
    },
    content: {
      logo,
      main: {
        title: "You're on the list, champion parent! 🏆",
        subtitle: "Early access is limited to the first 100 families.",
        celebration:
          "You're on the early-access list, limited to 100 seats. Confirm your e-mail below to get your place in line.",
        buttonText: "Open your invite link",
        buttonUrl: "{refLink}",
        fallbackText: "If the button doesn't work, copy this link into your browser:",
        closing: "See you {sportHome}. Let's build a champion together.",
        planSelected: "Your selected plan: {selectedPlan}",
        planNotSelected: "Not selected yet: you can choose when we open",
        confirmation: "Keep this e-mail: it holds your personal invite link and the link to your waitlist status.",
      },
      cta: {
        title: "Follow us for early-access news",
        description: "Launch dates, new drills and training tips appear first on {socialHandle}.",
        buttonText: "Follow {socialHandle}",
        url: "{socialUrl}",
      },
      sharing: {
        message:
          "I just joined the early-access list of {socialHandle}: a 24/7 AI tutor for parents, personalised to your child's age, interests and goals. Join me: {refLink}",
        personalLink: "Your personal invite link: {refLink}",
      },
      whatHappensNextTitle: "What happens next",
      whatHappensNext: [
        {
          number: 1,
          title: "Get your early-access date",
          description:
            "We'll e-mail your early-access date and a free 7-day training plan with {sportDrills} for ages 0-12: about 15 minutes a day.",
        },
        {
          number: 2,
          title: "Pick your plan",
          description: "Choose Practice, Compete or Champion. You can upgrade anytime.",
        },
        {
          number: 3,
          title: "Start daily drills",
          description: "Short, focused {sportDrills} at home that build skills, confidence and a love for the game.",
        },
      ],
      signature,
      footer: {
        text: "You're receiving this e-mail because you joined the {brand} early-access list.",
        contactAddress: "{contactEmail}",
      },
    },
  },
  guide: {
    template: {
      title: "Your {brand} guide",
      subject: "Your AI Parenting Guide is Ready!",
    },
    content: {
      logo,
      main: {
        title: "Your {brand} guide is ready!",
        subtitle: "Thanks for requesting the free guide.",
        description:
          "Inside you'll find how to use an AI coach for {sportDrills}, age-by-age skill milestones and a simple weekly training rhythm you can start today.",
        buttonText: "Download your guide",
        buttonUrl: "/downloads/{sportSlug}-guide.pdf",
        fallbackText: "If the button doesn't work, copy this link into your browser:",
        closing: "Enjoy the guide, and tell us which drill your player liked best.",
      },
      cta: {
        title: "Want daily drills made for your player?",
        description:
          "Join the early-access list: the first 100 families get a free 7-day trial, no credit card needed.",
        buttonText: "Get early access",
        url: "/form",
      },
      sharing: {
        message:
          "I just got the free {brand} guide from {socialHandle}: practical training ideas for every age. Get yours: {refLink}",
        personalLink: "Share the guide with a friend: {refLink}",
      },
      whatHappensNext: [],
      signature,
      footer: {
        text: "You're receiving this e-mail because you requested the free {brand} guide.",
        contactAddress: "{contactEmail}",
      },
    },
  },
  tips: {
    template: {
      title: "Your {brand} tips",
      subject: "Your Practical AI Parenting Tips are Here!",
    },
    content: {
      logo,
      main: {
        title: "Your practical {brand} tips are here!",
        subtitle: "Small habits, 10 minutes a day.",
        description:
          "These tips show how to turn 10 minutes a day into real progress, with {sportDrills} and ready-to-use AI prompts for busy sport parents.",
        buttonText: "Download your tips",
        buttonUrl: "/downloads/{sportSlug}-tips.pdf",
        fallbackText: "If the button doesn't work, copy this link into your browser:",
        closing: "Pick one tip for this week and make it a habit.",
      },
      cta: {
        title: "Follow us for a new drill every week",
        description: "Quick drills, training tips and early-access news on {socialHandle}.",
        buttonText: "Follow {socialHandle}",
        url: "{socialUrl}",
      },
      sharing: {
        message: "These practical {brand} tips from {socialHandle} take 10 minutes a day. Get them free: {refLink}",
        personalLink: "Share the tips with a friend: {refLink}",
      },
      whatHappensNext: [],
      signature,
      footer: {
        text: "You're receiving this e-mail because you requested the free {brand} tips.",
        contactAddress: "{contactEmail}",
      },
    },
  },
  "confirm-account": {
    template: {
      title: "Confirm your {brand} account",
      subject: "Confirm your {brand} account",
    },
    content: {
      logo,
      main: {
        title: "Confirm your e-mail address",
        subtitle: "One click and your {brand} account is ready.",
        description:
          "Thanks for signing up. Confirm your address to finish creating your account. The link works once and expires in 24 hours.",
        buttonText: "Confirm my account",
        buttonUrl: "{confirmLink}",
        fallbackText: "If the button doesn't work, copy this link into your browser:",
        planSelected: "Your plan: {selectedPlan}",
        planNotSelected: "Not selected",
        closing: "See you {sportRink}.",
      },
      whatHappensNext: [],
      signature,
      footer: {
        text: "You're receiving this e-mail because someone created an account with {brand} using this address. If it wasn't you, ignore it and no account will be activated.",
        contactAddress: "{contactEmail}",
      },
    },
  },
  "account-exists": {
    template: {
      title: "You already have an account with {brand}",
      subject: "You already have an account with {brand}",
    },
    content: {
      logo,
      main: {
        title: "You already have an account",
        subtitle: "Someone just tried to create a new {brand} account with this e-mail address.",
        description:
          "If that was you, there is nothing more to sign up for: your account is already here. Sign in to the app with the button below, using the password you chose when you created it.",
        buttonText: "Sign in to {brand}",
        buttonUrl: "{appUrl}",
        fallbackText: "If the button doesn't work, copy this link into your browser:",
        closing:
          "If it wasn't you, you can ignore this e-mail. Nothing has changed: no new account was created and your password stays as it is. See you {sportRink}.",
      },
      whatHappensNext: [],
      signature,
      footer: {
        text: "You're receiving this e-mail because someone tried to create an account with {brand} using this address.",
        contactAddress: "{contactEmail}",
      },
    },
  },
  ...waitlistEmails({ styles: undefined, logo, signature }),
} satisfies Layer<EmailsContent>;
