import { champion } from "./champion";
import { content as genius } from "./genius";
import { brandByVariant, emailStyles } from "./brand";
import { edition as icehockey } from "./icehockey";
import { mergeLayers, sportEdition } from "./layers";
import { waitlistMode } from "./waitlist-mode";
import { fillPlaceholders } from "./placeholders";
import type { Brand } from "./schemas/brand";
import type { PageContent, PageName, VariantContent } from "./schemas";
import { edition as tennis } from "./tennis";

export type ContentKey = "genius" | "icehockey" | "tennis";
export type { PageContent, PageName };

type SportEdition = typeof icehockey | typeof tennis;

/**
 * A sport's pages and brand: content/champion with the sport's own entries laid over it, the
 * sport's words filled in, and every mail in the sport's brand colours.
 */
function championSport(edition: SportEdition, brand: Brand): VariantContent {
  const words = {
    ...edition.words,
    sportTitle: brand.wordmark,
    brandLetter: brand.logoLetter,
    brandContact: brand.contactEmail,
  };
  const pages = sportEdition<VariantContent>(champion.pages, edition.pages, words);
  for (const mail of Object.values(pages.emails ?? {})) {
    if (mail && "template" in mail) mail.template.styles = emailStyles(brand);
  }
  return pages;
}

export { brandByVariant };

/**
 * Every variant's pages: genius holds them all; a sport holds the champion pages with its own
 * entries laid over them (content/layers.ts) and falls back to genius for the rest.
 */
export const contentByVariant: { genius: PageContent } & Record<ContentKey, VariantContent> = {
  genius,
  icehockey: championSport(icehockey, brandByVariant.icehockey),
  tennis: championSport(tennis, brandByVariant.tennis),
};

/** Placeholders every page may use: {brand}, {wordmark}, {contactEmail}, {socialHandle}. */
export function placeholderValues(key: ContentKey): Record<string, string> {
  const site = contentByVariant[key].site;
  return {
    brand: site.title,
    wordmark: site.wordmark,
    contactEmail: site.contactEmail,
    socialHandle: site.social.handle,
  };
}

/**
 * A page's copy for a variant: the variant's own entry, else the genius one, with name
 * placeholders filled in. `vars` adds or overrides placeholder values.
 */
export function getPage<K extends PageName>(key: ContentKey, page: K, vars: Record<string, string> = {}): PageContent[K] {
  const own = contentByVariant[key][page] as PageContent[K] | undefined;
  const value = own ?? contentByVariant.genius[page];
  return fillPlaceholders(value, { ...placeholderValues(key), ...vars });
}

export type LaunchMode = "live" | "waitlist";

/** `over` laid on `base` for the entries `base` has only: a mode's line never adds a mail or a page a variant lacks. */
function overlayExisting(base: unknown, over: unknown): unknown {
  if (base === undefined || base === null) return base;
  if (typeof over !== "object" || over === null || Array.isArray(over) || typeof base !== "object") return mergeLayers(base, over);
  if (Array.isArray(base)) return mergeLayers(base, over);
  const merged: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(over)) {
    if (key in merged) merged[key] = overlayExisting(merged[key], value);
  }
  return merged;
}

/** Each variant's pages as LAUNCH_MODE=waitlist shows them (content/waitlist-mode.ts): genius's lines, then the variant's own. */
const waitlistContentByVariant: { genius: PageContent } & Record<ContentKey, VariantContent> = {
  genius: overlayExisting(contentByVariant.genius, waitlistMode.genius) as PageContent,
  icehockey: overlayExisting(overlayExisting(contentByVariant.icehockey, waitlistMode.genius), waitlistMode.icehockey) as VariantContent,
  tennis: overlayExisting(overlayExisting(contentByVariant.tennis, waitlistMode.genius), waitlistMode.tennis) as VariantContent,
};

/** The content a launch mode shows (mails choose their copy from it too). */
export const contentForMode = (mode: LaunchMode) => (mode === "waitlist" ? waitlistContentByVariant : contentByVariant);

/** `getPage` as a launch mode shows it: the pages that promise a trial in live mode promise none in waitlist mode. */
export function getModePage<K extends PageName>(
  key: ContentKey,
  mode: LaunchMode,
  page: K,
  vars: Record<string, string> = {},
): PageContent[K] {
  const content = contentForMode(mode);
  const own = content[key][page] as PageContent[K] | undefined;
  const value = own ?? content.genius[page];
  return fillPlaceholders(value, { ...placeholderValues(key), ...vars });
}
