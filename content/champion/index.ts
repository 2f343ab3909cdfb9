import { clubs } from "./clubs";
import { confirm } from "./confirm";
import { emails } from "./emails";
import { faq } from "./faq";
import { form } from "./form";
import { guide } from "./guide";
import { landing } from "./landing";
import { lostLink } from "./lost-link";
import { plans } from "./plans";
import { rewards } from "./rewards";
import { plansPage } from "./plans-page";
import { roadmap } from "./roadmap";
import { roadmapPlan } from "./roadmap-plan";
import { shareCard } from "./share-card";
import { signup } from "./signup";
import { site } from "./site";
import { terms } from "./terms";
import { tips } from "./tips";

/** The pages both champion sports share, written with {sport...} words; content/index.ts lays each sport over them. */
export const champion = {
  pages: {
    site,
    form,
    roadmap,
    roadmapPlan,
    plansPage,
    confirm,
    landing,
    plans,
    faq,
    terms,
    emails,
    guide,
    tips,
    signup,
    lostLink,
    rewards,
    shareCard,
    clubs,
  },
};
