// Types only: the card Worker bundles none of the site's content or data code.
import type { CardInputs } from "../../app/card/card-inputs";

/**
 * The card Worker's check of what it is asked to draw: exactly the fields of CardInputs, short
 * strings and brand colours. A field that is not the card's (a lead's id, an address) or any
 * text shaped like an e-mail address is refused, so the renderer never receives personal data.
 */
const MAX_TEXT = 200;
const MAX_ITEMS = 8;
const COLOR = /^#[0-9a-f]{3,8}$/i;
const EMAIL_LIKE = /[^\s@]+@[^\s@]+\.[^\s@]+/;

type Plain = Record<string, unknown>;
const isPlain = (value: unknown): value is Plain => typeof value === "object" && value !== null && !Array.isArray(value);
const hasExactly = (value: Plain, keys: string[]) =>
  Object.keys(value).length === keys.length && keys.every((key) => Object.hasOwn(value, key));
const isText = (value: unknown): value is string => typeof value === "string" && value.length <= MAX_TEXT && !EMAIL_LIKE.test(value);
const isTexts = (value: unknown): value is string[] => Array.isArray(value) && value.length <= MAX_ITEMS && value.every(isText);

const FIELDS = ["brand", "ages", "focus", "headline", "focusLine", "stepsLabel", "steps", "cta"];
const COLORS = ["brand", "brandStrong", "brandSoft", "highlight"];

/** The card's inputs from a request's JSON body, or null when it is anything else. */
export function parseCardInputs(body: unknown): CardInputs | null {
  if (!isPlain(body) || !hasExactly(body, FIELDS)) return null;
  const { brand } = body;
  if (!isPlain(brand) || !hasExactly(brand, ["wordmark", "colors"]) || !isText(brand.wordmark)) return null;
  const { colors } = brand;
  if (!isPlain(colors) || !hasExactly(colors, COLORS) || !COLORS.every((key) => typeof colors[key] === "string" && COLOR.test(colors[key])))
    return null;
  if (![body.headline, body.focusLine, body.stepsLabel, body.cta].every(isText)) return null;
  if (![body.ages, body.focus, body.steps].every(isTexts)) return null;
  return body as CardInputs;
}
