import type { Layer } from "./layers";
import type { PageContent } from "./schemas";

/**
 * What the pages and mails say differently with LAUNCH_MODE=waitlist: no plan can be started, so
 * nothing promises a free trial or "no credit card" (docs/decisions/027-one-standing.md). Laid over
 * each variant's pages (content/index.ts `getModePage`); genius's lines serve every variant unless a
 * sport's own entry below replaces them, as the sports replace those lines in live mode.
 */
const genius = {
  landing: {
    meta: {
      description:
        "Personalised daily activities and a development roadmap for children from expecting to 10+, with a 24/7 AI coach for parents. Join the early-access waitlist.",
    },
    hero: {
      subtext: "Free personalised plan in two minutes. Only 100 first-wave spots.",
      trustIndicators: { 2: { text: "Founding-parent pricing for the first 100" } },
    },
    finalCta: {
      text: "Answer three quick questions, get your child's personalised plan and take your place on the early-access waitlist.",
    },
  },
  roadmap: {
    urgency: {
      text: "When the first wave is full, early-access pricing closes. Choosing a plan now costs nothing: it saves your place on the waitlist.",
    },
    ctaNote: "Nothing to pay today · Founding-parent pricing · Leave anytime",
  },
  plansPage: {
    plans: {
      subtitle: "Founding parents keep early-access pricing. Choose your plan and we'll save your place on the early-access list.",
      choose: "Join Waitlist",
    },
    pricing: {
      metaDescription:
        "{brand} plans and founding prices for early access. Pay monthly or yearly and get 2 months free when your place comes up.",
      subtitle: "Founding prices for the first 100 families. Join the waitlist now; nothing to pay until your place comes up.",
      reassurance: {
        title: "Nothing to pay today",
        points: {
          0: { title: "Early access by waves", text: "We let families in by place in line and e-mail you when your place comes up." },
          1: { title: "No payment to join", text: "Joining the waitlist costs nothing and commits you to nothing." },
        },
      },
    },
    card: { tryFree: "Join Waitlist", noCreditCard: "Nothing to pay to join" },
  },
  faq: {
    meta: {
      description:
        "Answers about {brand}: who it is for, which ages it covers, early access, pricing, the money-back guarantee and how we protect your child's data.",
    },
    categories: {
      1: {
        title: "Early access, pricing and guarantee",
        items: {
          0: {
            question: "Can we try it before we pay?",
            answer: [
              "Not yet: we are in early access. When your place comes up we e-mail you an invite with the plans and founding prices that apply to you; nothing is charged before you choose a plan.",
            ],
          },
        },
      },
    },
  },
  emails: {
    welcome: {
      content: { main: { celebration: "You're one of our early-access families. Your founding-parent price is kept for you." } },
    },
    invite: {
      content: {
        whatHappensNext: {
          2: { title: "Pick your plan", description: "Your founding-parent price is kept for you; nothing is charged before you choose." },
        },
      },
    },
  },
} satisfies Layer<PageContent>;

const sportInvite = {
  plansPage: {
    plans: {
      subtitle: "Founding families keep early-access pricing. Choose your plan and we'll save your place on the early-access list.",
    },
  },
  emails: {
    invite: {
      content: {
        whatHappensNext: {
          2: { title: "Pick your plan", description: "Your founding-family price is kept for you; nothing is charged before you choose." },
        },
      },
    },
  },
} satisfies Layer<PageContent>;

export const waitlistMode = {
  genius,
  icehockey: {
    ...sportInvite,
    landing: {
      meta: {
        description:
          "Daily personalised off-ice hockey drills and a season roadmap for ages 0-10 and up to 15+, with a 24/7 AI coach for parents. Join the early-access waitlist.",
      },
      finalCta: {
        text: "Answer three quick questions, get your player's personalised off-ice plan and take your place on the early-access waitlist.",
      },
    },
    faq: {
      meta: {
        description:
          "Answers about {brand}: off-ice training for young players, ages covered, early access, pricing, the 30-day satisfaction guarantee and data privacy.",
      },
    },
  },
  tennis: {
    ...sportInvite,
    landing: {
      meta: {
        description:
          "Daily personalised tennis drills and a clear roadmap for ages 0-12, with a 24/7 AI coach for ambitious tennis parents. Join the early-access waitlist.",
      },
      finalCta: {
        text: "Answer three quick questions, get your player's personalised drill plan and take your place on the early-access waitlist.",
      },
    },
    faq: {
      meta: {
        description:
          "Answers about {brand}: daily tennis drills and a roadmap for ages 0-12, early access, pricing, the 30-day satisfaction guarantee and data privacy.",
      },
    },
  },
} satisfies Record<"genius" | "icehockey" | "tennis", Layer<PageContent>>;
