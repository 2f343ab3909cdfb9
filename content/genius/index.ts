import { consent } from "./consent";
import { faq } from "./faq";
import { privacy } from "./privacy";
import { emails } from "./emails";
import { guide } from "./guide";
import { tips } from "./tips";
import { site } from "./site";
import { admin } from "./admin";
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
import { waitlist } from "./waitlist";
import { botGuard } from "./bot-guard";
import { myData } from "./my-data";
import { unsubscribe } from "./unsubscribe";
import { a11y } from "./a11y";
import { preview } from "./preview";
import { lostLink } from "./lost-link";
import { rewards } from "./rewards";
import { shareCard } from "./share-card";
import { clubs } from "./clubs";
import type { PageContent } from "../schemas";

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
  privacy,
  terms,
  consent,
  emails,
  guide,
  tips,
  signup,
  admin,
  waitlist,
  botGuard,
  myData,
  unsubscribe,
  a11y,
  preview,
  lostLink,
  rewards,
  shareCard,
  clubs,
} satisfies PageContent;
