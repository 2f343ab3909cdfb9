import { brandByVariant, getPage, type ContentKey } from "#content/index";
import type { Lead } from "~/data/ports/lead-store";

/**
 * What the share card draws (docs/decisions/037-share-card.md): a lead's answers in the form's own
 * words, the roadmap's first steps and the brand. Nothing else reaches the picture, its hash or its
 * alt text: the parent's name, e-mail, a child's name, the code and the lead's id never do.
 */
export type CardInputs = {
  brand: { wordmark: string; colors: { brand: string; brandStrong: string; brandSoft: string; highlight: string } };
  /** The age bands' labels, youngest first as the form lists them. */
  ages: string[];
  /** The chosen focus areas' labels (at most three: the card's width). */
  focus: string[];
  headline: string;
  focusLine: string;
  stepsLabel: string;
  /** The roadmap's first three weeks for the youngest child's stage; the brand's own for a lead without ages. */
  steps: string[];
  cta: string;
};

/** The answers a card is drawn from: the type leaves everything else of a lead out. */
export type CardAnswers = Pick<Lead, "age_bands" | "focus_areas">;

/** Bumped whenever the drawing changes: it is in every card's hash, so a new layout gets new URLs. */
const CARD_LAYOUT_VERSION = 1;
/** The font the card is set in (@fontsource/inter, OFL-1.1): also in the hash, so a new font gets new URLs. */
const CARD_FONT = "inter-5.3.0-latin-400-700";
export { CARD_HEIGHT, CARD_WIDTH } from "./card-size";

const MAX_FOCUS = 3;
const MAX_STEPS = 3;

type Option = { value: string; label: string };
const labelsOf = (options: Option[], values: readonly string[]) =>
  options.filter((option) => values.includes(option.value)).map((option) => option.label);

/** The card's fields for a lead of a variant: pure, from the content and the two answers only. */
export function cardInputs(lead: CardAnswers, contentKey: ContentKey): CardInputs {
  const copy = getPage(contentKey, "shareCard");
  const options = getPage(contentKey, "options");
  const stages = getPage(contentKey, "roadmapPlan").stages;
  const { wordmark, colors } = brandByVariant[contentKey];
  const ages = options.ageBands
    .filter((band) => lead.age_bands.includes(band.value))
    .map((band) => copy.agePhrases?.[band.value] ?? band.label);
  const focus = labelsOf(options.focus, lead.focus_areas).slice(0, MAX_FOCUS);
  const stage = stages.find((item) => item.bands.some((band) => lead.age_bands.includes(band)));
  return {
    brand: {
      wordmark,
      colors: { brand: colors.brand, brandStrong: colors.brandStrong, brandSoft: colors.brandSoft, highlight: colors.highlight },
    },
    ages,
    focus,
    headline: ages.length ? copy.headline.replace("{ages}", ages.join(", ")) : copy.headlineNoAges,
    // Labelled as the roadmap lists the answer: what the form asked (a hockey parent ticks strengths).
    focusLine: focus.length
      ? copy.focusLine.replace("{label}", getPage(contentKey, "roadmapPlan").answers.focus).replace("{focus}", focus.join(", "))
      : copy.focusLineNone,
    stepsLabel: copy.stepsLabel,
    steps: stage ? stage.weeks.slice(0, MAX_STEPS).map((week) => week.title) : copy.defaultSteps.slice(0, MAX_STEPS),
    cta: copy.cta,
  };
}

/** The words that travel with the card: og:title, og:description and the picture's alt text. */
export function cardText(inputs: CardInputs, contentKey: ContentKey): { title: string; description: string; imageAlt: string } {
  const copy = getPage(contentKey, "shareCard");
  const ages = inputs.ages.join(", ");
  const fill = (text: string) =>
    text
      .replace("{ages}", ages)
      .replace("{headline}", inputs.headline)
      .replace("{focus}", inputs.focusLine)
      .replace("{steps}", inputs.steps.join(", "));
  return {
    title: fill(ages ? copy.title : copy.titleNoAges),
    description: fill(ages ? copy.description : copy.descriptionNoAges),
    imageAlt: fill(copy.imageAlt),
  };
}

/**
 * The card's content hash: its inputs (brand tokens included), the layout version and the font.
 * Same answers, same hash; a changed answer, brand or layout, a new one. 16 hex digits of SHA-256.
 */
export async function cardHash(inputs: CardInputs): Promise<string> {
  const text = JSON.stringify({ layout: CARD_LAYOUT_VERSION, font: CARD_FONT, inputs });
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)]
    .slice(0, 8)
    .map((byte) => byte.toString(16).padStart(2, "0"))
    .join("");
}
