import type { EmailsContent } from "../schemas/emails";
import { rewardEmail } from "../reward-emails";
import { clubConfirmEmail } from "../club-emails";
import { waitlistEmails } from "../waitlist-emails";
import { accountStanding } from "../account-standing";
import { emailStyles } from "../brand";
import { brand } from "./brand";

/** Mails are in the brand colours (inline: mail clients ignore style sheets). */
const styles = emailStyles(brand);

const logo = { letter: brand.logoLetter, text: "{wordmark}" };
const signature = "The {wordmark} team";

export const emails: EmailsContent = {
  prelaunch: {
    template: {
      title: "You're on the {brand} early-access list",
      subject: "Welcome to {selectedPlan} - Your Referral Link is Ready!",
      styles,
    },
    content: {
      logo,
      main: {
        title: "You're on the list! 🎉",
        subtitle: "Early access is limited to the first 100 families.",
        celebration: "You're on the early-access list, limited to 100 seats. Confirm your e-mail below to get your place in line.",
        description:
          "Thank you for joining {brand}: a 24/7 AI coach that gives you daily activities personalised to your child's age, interests and goals. You stay in charge: the AI suggests, you decide what fits your family.",
        buttonText: "Open your share link",
        buttonUrl: "{refLink}",
        fallbackText: "If the button doesn't work, copy this link into your browser:",
        closing: "We can't wait to help you make the most of these important years.",
        planSelected: "Your selected plan: {selectedPlan}",
        planNotSelected: "Not selected yet: you can choose when we open",
        confirmation: "Keep this e-mail: it holds your personal share link and the link to your waitlist status.",
      },
      cta: {
        title: "Follow us for early-access news",
        description: "Launch dates, new activities and parenting tips appear first on {socialHandle}.",
        buttonText: "Follow {socialHandle}",
        url: "{socialUrl}",
      },
      sharing: {
        message:
          "I just joined the early-access list of {socialHandle}: a 24/7 AI tutor for parents, personalised to your child's age, interests and goals. Join me: {refLink}",
        personalLink: "Your personal share link: {refLink}",
      },
      whatHappensNextTitle: "What happens next",
      whatHappensNext: [
        {
          number: 1,
          title: "Get your early-access date",
          description: "We'll e-mail your early-access date and a free 7-day activity plan: about 15 minutes a day.",
        },
        {
          number: 2,
          title: "Pick your plan",
          description: "Choose Starter, Growth or Genius when we open. You can upgrade anytime.",
        },
        {
          number: 3,
          title: "Start daily activities",
          description: "Short, playful activities that fit your day and grow with your child.",
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
      title: "Your AI Parenting Guide",
      subject: "Your AI Parenting Guide is Ready!",
      styles,
    },
    content: {
      logo,
      main: {
        title: "Your AI Parenting Guide is ready!",
        subtitle: "Thanks for requesting the free guide.",
        description:
          "Inside you'll find how to use AI as a parenting assistant, age-by-age activity ideas and a simple weekly rhythm you can start today.",
        buttonText: "Download your guide",
        buttonUrl: "/downloads/ai-parenting-guide.pdf",
        fallbackText: "If the button doesn't work, copy this link into your browser:",
        closing: "Enjoy the guide, and tell us what you try first.",
      },
      cta: {
        title: "Want daily guidance made for your child?",
        description:
          "Confirming your e-mail above also puts you on the early-access waitlist: the first 100 families let in get founding-parent pricing.",
        buttonText: "Get early access",
        url: "/form",
      },
      sharing: {
        message: "I just got the free AI Parenting Guide from {socialHandle}: practical ideas for every age. Get yours: {refLink}",
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
      title: "Your Practical AI Parenting Tips",
      subject: "Your Practical AI Parenting Tips are Here!",
      styles,
    },
    content: {
      logo,
      main: {
        title: "Your practical AI parenting tips are here!",
        subtitle: "Small habits, 10 minutes a day.",
        description:
          "These tips show how to turn everyday moments into learning in just 10 minutes a day, with ready-to-use AI prompts for busy parents.",
        buttonText: "Download your tips",
        buttonUrl: "/downloads/ai-parenting-tips.pdf",
        fallbackText: "If the button doesn't work, copy this link into your browser:",
        closing: "Pick one tip for this week and make it a habit.",
      },
      cta: {
        title: "Follow us for a new tip every week",
        description: "Quick ideas, activities and early-access news on {socialHandle}.",
        buttonText: "Follow {socialHandle}",
        url: "{socialUrl}",
      },
      sharing: {
        message: "These practical AI parenting tips from {socialHandle} take 10 minutes a day. Get them free: {refLink}",
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
  welcome: {
    template: {
      title: "Welcome to {brand}",
      subject: "You're in! Welcome to {brand}",
      styles,
    },
    content: {
      logo,
      main: {
        title: "Welcome to {brand}! 🎉",
        subtitle: `Your account is ready. ${accountStanding}`,
        celebration: "Your 7-day free trial starts when you open your dashboard. No credit card needed.",
        description:
          "Three quick steps get you the most out of your first week. Your guidance is personalised to your child; you stay the judge of what fits your family.",
        buttonText: "Go to your dashboard",
        buttonUrl: "{appUrl}",
        fallbackText: "If the button doesn't work, copy this link into your browser:",
        closing: "Questions? Just reply to this e-mail; a real person reads it.",
        planSelected: "Your plan: {selectedPlan}",
        planNotSelected: "Not selected",
      },
      sharing: {
        message:
          "I just joined {socialHandle}: a 24/7 AI tutor for parents, personalised to your child's age, interests and goals. Join me: {refLink}",
        personalLink: "Your personal share link: {refLink}",
      },
      whatHappensNextTitle: "Your first three steps",
      whatHappensNext: [
        {
          number: 1,
          title: "Set up your profile",
          description: "Add your child's age and interests so every suggestion fits.",
        },
        {
          number: 2,
          title: "Try today's activities",
          description: "Pick one short activity a day and see what your child enjoys.",
        },
        {
          number: 3,
          title: "Follow the progress",
          description: "Check the progress view each week and adjust the goals together.",
        },
      ],
      signature,
      footer: {
        text: "You're receiving this e-mail because you created an account with {brand}.",
        contactAddress: "{contactEmail}",
      },
    },
  },
  "confirm-account": {
    template: {
      title: "Confirm your {brand} account",
      subject: "Confirm your {brand} account",
      styles,
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
        closing: "We can't wait to help you make the most of these early years.",
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
      styles,
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
          "If it wasn't you, you can ignore this e-mail. Nothing has changed: no new account was created and your password stays as it is.",
      },
      whatHappensNext: [],
      signature,
      footer: {
        text: "You're receiving this e-mail because someone tried to create an account with {brand} using this address.",
        contactAddress: "{contactEmail}",
      },
    },
  },
  announcement: {
    template: {
      title: "{brand} early access opens {earlyAccessDate}",
      subject: "Early access to {brand} opens {earlyAccessDate}",
      styles,
    },
    content: {
      logo,
      main: {
        title: "Early access opens {earlyAccessDate} 🎉",
        subtitle: "Hello from the {wordmark} team!",
        celebration: "You're number {place} in line.",
        description: "{announcementMessage}",
        buttonText: "{ctaLabel}",
        buttonUrl: "{ctaUrl}",
        fallbackText: "If the button doesn't work, copy this link into your browser:",
        closing: "Thank you for waiting with us. We can't wait to help you make the most of these important years.",
      },
      cta: {
        title: "Your place in line",
        description: "See your place, your referrals and the first-wave spots left. Friends who join through your link move you up.",
        buttonText: "My waitlist status",
        url: "{statusLink}",
      },
      whatHappensNext: [],
      signature,
      footer: {
        text: "You're receiving this e-mail because you confirmed your place on the {brand} early-access list.",
        contactAddress: "{contactEmail}",
      },
    },
  },
  doubleOptIn: {
    preheader: "One last step: confirm your e-mail address to get your place in line.",
    title: "One last step: confirm your e-mail",
    description:
      "Press the button to confirm this address and take your place in line on the {brand} early-access waitlist. Only confirmed parents get a place, and a friend who joins through your link counts for you once they confirm theirs. The link works for 7 days.",
    buttonText: "Confirm my e-mail",
    statusText: "See your place in line and your referrals any time:",
    statusButtonText: "My waitlist status",
  },
  legalFooter: {
    controller: "The controller of your data is {controllerName}, {controllerAddress} ({controllerEmail}).",
    manageData: "Manage my data",
    privacyPolicy: "Privacy policy",
    unsubscribeText: "Don't want these e-mails any more?",
    unsubscribeLink: "Unsubscribe",
  },
  ...waitlistEmails({ styles, logo, signature }),
  reward: rewardEmail({ styles, logo, signature }),
  "club-confirm": clubConfirmEmail({ styles, logo, signature }),
  invite: {
    template: {
      title: "Your {brand} early-access invite",
      subject: "You're in: your {brand} early-access invite",
      styles,
    },
    content: {
      logo,
      main: {
        title: "You're in! 🎉",
        subtitle: "Your place in line came up: you're in this wave of early-access families.",
        description:
          "Press the button to accept your invite and create your {brand} account. The link is yours alone, works once, and stays open until {inviteExpires}.",
        buttonText: "Accept my invite",
        buttonUrl: "{inviteLink}",
        fallbackText: "If the button doesn't work, copy this link into your browser:",
        closing: "We can't wait to see what you and your child discover together.",
      },
      whatHappensNextTitle: "What happens next",
      whatHappensNext: [
        { number: 1, title: "Accept your invite", description: "One press on the button above confirms your early-access spot." },
        { number: 2, title: "Create your account", description: "Choose a password; your waitlist place and plan come with you." },
        { number: 3, title: "Start your free week", description: "Seven days free, no credit card, cancel anytime." },
      ],
      signature,
      footer: {
        text: "You're receiving this e-mail because you joined the {brand} waitlist and your place in line came up.",
        contactAddress: "{contactEmail}",
      },
    },
  },
};
