import type { FaqContent } from "../schemas/faq";
import type { Layer } from "../layers";

/** What the hockey and tennis editions share on this page; {sport...} words come from each sport's words.ts. */
export const faq = {
  meta: {
    title: "FAQ",
  },
  title: "Frequently asked questions",
  intro: "What {sport} parents ask us before joining {brand}. Can't find your answer? Write to us.",
  categories: [
    {
      title: "About {brand}",
      items: [
        {
          question: "What is {brand}?",
        },
        {
          question: "Who is it for? Will my player use the app?",
          answer: [
            "The AI is for parents, not children. You read the daily plan and run the drills with your player.",
            "You stay responsible for judging the guidance: adapt or skip anything that does not suit your player's age, health or level.",
          ],
        },
        {
          question: "Which ages does it cover?",
        },
        {
          question: "Is {brand} available now?",
          answer: [
            "We are in pre-launch. Join the early-access list and we will e-mail you your early-access date and a free 7-day training plan. The first wave is limited to 100 spots.",
          ],
        },
      ],
    },
    {
      title: "Free trial, pricing and guarantee",
      items: [
        {
          question: "How does the free trial work?",
          answer: [
            "Every plan starts with a 7-day free trial. No credit card is needed to start, and you can cancel anytime.",
          ],
        },
        {
          question: "How much does it cost?",
        },
        {
          question: "What if it is not right for us?",
          answer: [
            "Every paid plan carries a 30-day satisfaction guarantee: if you are not satisfied within 30 days of your first payment, e-mail {contactEmail} and we will refund you.",
          ],
        },
        {
          question: "Can I cancel anytime?",
          answer: [
            "Yes. Cancel from your account settings at any time; you keep access until the end of the period you paid for.",
          ],
        },
      ],
    },
    {
      title: "Privacy and your player's data",
      items: [
        {
          question: "What do you collect about my player?",
        },
        {
          question: "Do you sell or share my data?",
          answer: [
            "No, we never sell your data. We use a few service providers to run the site (hosting, database and e-mail). An advertising pixel is loaded only if you accept it in the cookie banner.",
          ],
        },
        {
          question: "How do I see or delete my data?",
          answer: [
            "E-mail {contactEmail} from the address you signed up with and ask for a copy or for erasure. We answer within 30 days.",
          ],
        },
      ],
    },
    {
      title: "Early access and referrals",
      items: [
        {
          question: "How do the 100 first-wave spots work?",
          answer: [
            "The first 100 places in line get early access and founding pricing. You get your place when you confirm your e-mail address with the button in the e-mail we send you; until then you have no place yet. Your status page shows your place and how many first-wave spots are left.",
          ],
        },
        {
          question: "How is my place in line decided?",
          answer: [
            "Confirmed parents are placed in the order they confirmed their e-mail address. Each parent who joins through your link and confirms their own address moves you up 5 places; when two parents end on the same place, the one with more counted referrals goes first, then the one who confirmed first. We never invent or inflate places.",
          ],
        },
        {
          question: "How does my referral link work?",
          answer: [
            "After joining you get a personal invite link and a ready-made share message. A parent who joins through your link counts for you once they confirm their e-mail address. Your own address, an address already on the list and throwaway addresses do not count.",
          ],
        },
      ],
    },
  ],
  contact: {
    title: "Still have a question?",
    text: "Our coaching team reads every message and answers within two working days.",
    buttonLabel: "E-mail us",
  },
} satisfies Layer<FaqContent>;
