import { faq } from "./faq";
import { emails } from "./emails";
import { guide } from "./guide";
import { tips } from "./tips";
import { site } from "./site";
import { form } from "./form";
import { roadmap } from "./roadmap";
import { roadmapPlan } from "./roadmap-plan";
import { plansPage } from "./plans-page";
import { confirm } from "./confirm";
import { landing } from "./landing";
import { options } from "./options";
import { plans } from "./plans";
import { terms } from "./terms";
import { signup } from "./signup";
import type { VariantContent } from "../schemas";

export const content = {
  site,
  form,
  roadmap,
  roadmapPlan,
  plansPage,
  confirm,
  landing,
  options,
  plans,
  faq,
  terms,
  emails,
  guide,
  tips,
  signup,
} satisfies VariantContent;
