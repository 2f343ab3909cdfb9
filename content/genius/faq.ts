import { placesPerCreditOf } from "../referrals";
import type { FaqContent } from "../schemas/faq";
import { counted } from "../plural";

/** "1 place", "5 places": the places a credited referral moves a parent up. */
export const placesWord = (step: number) => counted({ one: "{count} place", other: "{count} places" }, step);

/**
 * How a place is decided, in the genius voice, from the variant's fairness setting (places per
 * credit, content/referrals.ts; 0 = first come, first served). ADR 036.
 */
function placeRule(step: number): string[] {
  return [
    step > 0
      ? `Confirmed parents are placed in the order they confirmed their e-mail address. Each parent who joins through your link and confirms their own address moves you up ${placesWord(step)}; when two parents end on the same place, the one with more counted referrals goes first, then the one who confirmed first. We never invent or inflate places.`
      : "Confirmed parents are placed strictly in the order they confirmed their e-mail address: first come, first served. Referrals do not change anyone's place. We never invent or inflate places.",
    "To keep the line fair, referrals that arrive in a suspicious cluster (many addresses at one domain, from one network, or within minutes) are checked by our team before they count. Your status page shows them as pending review.",
  ];
}

export const faq: FaqContent = {
  meta: {
    title: "FAQ",
    description:
      "Answers about {brand}: who it is for, which ages it covers, the 7-day free trial, pricing, the money-back guarantee and how we protect your child's data.",
  },
  title: "Frequently asked questions",
  intro: "Everything parents ask us before joining {brand}. Can't find your answer? Write to us.",
  categories: [
    {
      title: "About {brand}",
      items: [
        {
          question: "What is {brand}?",
          answer: [
            "{brand} is a 24/7 AI coach for parents. You tell it your child's age, interests and goals, and it gives you short, personalised activities for every day plus a roadmap for the months ahead.",
            "It is built for the early years, when small daily moments make the biggest difference.",
          ],
        },
        {
          question: "Who is it for? Will my child use the app?",
          answer: [
            "The AI is for parents, not children. Your child never needs a screen: you read the suggestion and play it together.",
            "You stay responsible for judging the guidance. You know your child best, so adapt or skip anything that does not fit.",
          ],
        },
        {
          question: "Which ages does it cover?",
          answer: [
            "From expecting parents through children of 10 years and older. Activities change as your child grows, and you can add up to five children on the larger plans.",
          ],
        },
        {
          question: "How much time does it take each day?",
          answer: [
            "Most activities take 10 to 15 minutes. You tell us how much time you have, from under 15 minutes to an hour, and the plan fits around it.",
          ],
        },
        {
          question: "Is {brand} available now?",
          answer: [
            "We are in pre-launch. Join the early-access list and we will e-mail you your early-access date. The first wave is limited to 100 spots.",
          ],
        },
      ],
    },
    {
      title: "Free trial, pricing and guarantee",
      items: [
        {
          question: "How does the free trial work?",
          answer: ["Every plan starts with a 7-day free trial. No credit card is needed to start, and you can cancel anytime."],
        },
        {
          question: "How much does it cost?",
          answer: [
            "Plans start at $14.99 a month for one child. Paying yearly costs 10 times the monthly price, so you get 2 months free. See the Pricing page for every plan.",
          ],
        },
        {
          question: "What if it is not right for us?",
          answer: [
            "We offer a 7-day money-back guarantee: if you are not happy within 7 days of your first payment, e-mail {contactEmail} and we will refund you in full.",
          ],
        },
        {
          question: "Can I cancel anytime?",
          answer: [
            "Yes. Cancel from your account settings at any time; you keep access until the end of the period you paid for and are not charged again.",
          ],
        },
      ],
    },
    {
      title: "Privacy and your child's data",
      items: [
        {
          question: "What do you collect about my child?",
          answer: [
            "Only what shapes the plan: age band, the daily time you have, focus areas, goals and your biggest concern. We do not ask for your child's name, photos or school.",
          ],
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
            "Early access starts with 100 first-wave spots, with founding-parent pricing. We let parents in by waves, in place-in-line order, until all 100 are taken; your status page shows how many are left. You get your place in line when you confirm your e-mail address with the button in the e-mail we send you; until then you have no place yet.",
          ],
        },
        {
          question: "How is my place in line decided?",
          answer: [...placeRule(placesPerCreditOf("genius"))],
        },
        {
          question: "When do we get in? How do the waves work?",
          answer: [
            "Early access opens in waves, in place-in-line order: each wave lets in the next parents in line, and the first 100 parents let in fill the first-wave spots.",
            "Confirming your e-mail address gets you a place, and each friend who joins through your link and confirms theirs moves you up.",
            'Once a wave is let in, its order is fixed: referral credits that come later do not reshuffle it. Each parent let in gets an invite e-mail with a single-use link, and the status page then says "You\'re in". Until then it shows your place in line and how many parents have been let in so far.',
          ],
        },
        {
          question: "How does my referral link work?",
          answer: [
            "After joining you get a personal share link and a ready-made share message. A parent who joins through your link counts for you once they confirm their e-mail address. Your own address, an address already on the list and throwaway addresses do not count.",
          ],
        },
        {
          question: "I asked for the free guide or tips. Am I on the waitlist?",
          answer: [
            "Yes. The guide and tips e-mails ask you to confirm your address, and confirming it also gives you a place on the early-access waitlist, like every parent who joins it. You then get our early-access news and, when your place comes up, an invite.",
            'Rather not? Press "Unsubscribe" in any of our e-mails: we stop the news and leave you out of the waves. "Manage my data" in every e-mail erases everything.',
          ],
        },
      ],
    },
  ],
  contact: {
    title: "Still have a question?",
    text: "Our team reads every message and answers within two working days.",
    buttonLabel: "E-mail us",
  },
};
