import { content as genius } from "./genius";
import { content as icehockey } from "./icehockey";
import { content as tennis } from "./tennis";
import { fillPlaceholders } from "./placeholders";
import type { PageContent, PageName, VariantContent } from "./schemas";

export type ContentKey = "genius" | "icehockey" | "tennis";
export type { PageContent, PageName };

export const contentByVariant: { genius: PageContent } & Record<ContentKey, VariantContent> = {
  genius,
  icehockey,
  tennis,
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
 * A page's copy for a variant (SPEC 2.1): the variant's own entry, else the genius one,
 * with name placeholders filled in. `vars` adds or overrides placeholder values.
 */
export function getPage<K extends PageName>(
  key: ContentKey,
  page: K,
  vars: Record<string, string> = {},
): PageContent[K] {
  const own = contentByVariant[key][page] as PageContent[K] | undefined;
  const value = own ?? contentByVariant.genius[page];
  return fillPlaceholders(value, { ...placeholderValues(key), ...vars });
}
