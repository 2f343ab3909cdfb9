import { brand } from "./brand";
import { emails } from "./emails";
import { faq } from "./faq";
import { form } from "./form";
import { guide } from "./guide";
import { landing } from "./landing";
import { options } from "./options";
import { plans } from "./plans";
import { roadmap } from "./roadmap";
import { roadmapPlan } from "./roadmap-plan";
import { signup } from "./signup";
import { site } from "./site";
import { terms } from "./terms";
import { tips } from "./tips";
import { words } from "./words";

/** The hockey edition: only what it says differently from content/champion, its words and its brand. */
export const edition = {
  words,
  brand,
  pages: { emails, faq, form, guide, landing, options, plans, roadmap, roadmapPlan, signup, site, terms, tips },
};
