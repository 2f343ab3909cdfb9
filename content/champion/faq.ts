import { faq as genius, placesWord } from "../genius/faq";
import { mergeLayers, type Layer } from "../layers";
import type { FaqContent } from "../schemas/faq";
import { placesPerCreditOf, referralRules } from "../referrals";

/**
 * How a family's place is decided, in the champion voice, from the sport's fairness setting
 * (places per credit, content/referrals.ts; 0 = first come, first served). Each sport's FAQ layer
 * passes its own setting. ADR 036.
 */
function championPlaceRule(step: number): string[] {
  return [
    step > 0
      ? `Families are placed in the order they confirmed their e-mail address. Every {sport} family that joins through your link and confirms theirs moves you up ${placesWord(step)}; on a tie, more counted referrals go first, then the earlier confirmation. No places are ever made up.`
      : "Families are placed strictly in the order they confirmed their e-mail address: first come, first served, like a sign-up sheet. Referrals do not change anyone's place.",
    "Fair play: referrals that arrive in a suspicious cluster (many addresses at one domain, from one network, or within minutes) are checked by our team before they count. Your status page shows them as pending review.",
  ];
}

/** A sport's FAQ entry on places (category 3, entry 1) when its own setting differs from the shared rule; none otherwise. */
export function ownPlaceRule(key: string): Record<number, { answer: string[] }> {
  const step = placesPerCreditOf(key);
  return step === referralRules.placesPerCredit ? {} : { 1: { answer: championPlaceRule(step) } };
}

const about = genius.categories[0].items;

/** Club pools (ADR 039): joining with a club, registering one, and what a club shows in public. */
const clubs: FaqContent["categories"][number] = {
  title: "Clubs",
  items: [
    {
      question: "How does our family join with our club?",
      answer: [
        'Open your club\'s link (your coach shares it) before you join, or pick your club in "Your club" on the e-mail step of the form. Your family counts for the club once you confirm your e-mail address.',
        "When the club reaches its milestone, the whole team gets in together, in one wave.",
      ],
    },
    {
      question: "How do I register our club?",
      answer: [
        "Coaches and club organisers register a club on the clubs page: its name, city and a contact address. You confirm the address, we check the club, and you get the club link to share with your team's parents.",
      ],
    },
    {
      question: "What does a club page show in public?",
      answer: [
        "Only the club's name, its city and how many families have confirmed, once our team has approved the club. Never a family's name, a player's name or an e-mail address.",
      ],
    },
  ],
};

/** The genius FAQ for families of players: what the sport editions share differs in these lines only. */
const shared = mergeLayers<FaqContent>(genius, {
  intro: "What {sport} parents ask us before joining {brand}. Can't find your answer? Write to us.",
  categories: {
    0: {
      // Genius's question on daily time is left out; entries 0 and 2 each sport answers in its own words.
      items: [
        about[0],
        {
          question: "Who is it for? Will my player use the app?",
          answer: [
            "The AI is for parents, not children. You read the daily plan and run the drills with your player.",
            "You stay responsible for judging the guidance: adapt or skip anything that does not suit your player's age, health or level.",
          ],
        },
        about[2],
        {
          ...about[4],
          answer: [
            "We are in pre-launch. Join the early-access list and we will e-mail you your early-access date and a free 7-day training plan. The first wave is limited to 100 spots.",
          ],
        },
      ],
    },
    1: {
      items: {
        2: {
          answer: [
            "Every paid plan carries a 30-day satisfaction guarantee: if you are not satisfied within 30 days of your first payment, e-mail {contactEmail} and we will refund you.",
          ],
        },
        3: {
          answer: ["Yes. Cancel from your account settings at any time; you keep access until the end of the period you paid for."],
        },
      },
    },
    2: {
      title: "Privacy and your player's data",
      items: { 0: { question: "What do you collect about my player?" } },
    },
    3: {
      items: {
        0: {
          answer: [
            "Early access starts with 100 first-wave spots, with founding pricing. We let families in by waves, in place-in-line order, until all 100 are taken; your status page shows how many are left. You get your place in line when you confirm your e-mail address with the button in the e-mail we send you; until then you have no place yet.",
          ],
        },
        // The shared fairness setting; a sport whose own setting differs states it in its layer (ADR 036).
        1: { answer: championPlaceRule(referralRules.placesPerCredit) },
        // Entry 2 opens in each sport's own words.
        2: {
          question: "When does our family get in? How do the waves work?",
          answer: [
            "Early access opens to {sport} families in waves, in place-in-line order: each wave lets in the next families in line, and the first 100 families let in fill the first-wave spots.",
            "Confirm your e-mail address to get your place; each {sport} family that joins through your link and confirms theirs moves you up.",
            'Once a wave is in, its order is fixed: referral credits that come later do not reshuffle it. You get an invite e-mail with a single-use link, and your status page then says "You\'re in". Until then it shows your place in line and how many families have been let in so far.',
          ],
        },
      },
    },
  },
  contact: { text: "Our coaching team reads every message and answers within two working days." },
} satisfies Layer<FaqContent>);

/** The sport editions' FAQ: the shared questions, then the clubs. */
export const faq: FaqContent = { ...shared, categories: [...shared.categories, clubs] };
