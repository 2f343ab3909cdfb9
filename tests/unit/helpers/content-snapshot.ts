import { contentByVariant, getPage, placeholderValues, type ContentKey } from "#content/index";
import { referralRules } from "#content/referrals";
import { pageSchemas, type PageName } from "#content/schemas";

const keys: ContentKey[] = ["genius", "icehockey", "tennis"];

/**
 * Everything pages and e-mails read from content/, as plain JSON: each page through getPage
 * (placeholders filled), each variant's raw entries (the e-mail renderer and the QA pages read
 * those and fill placeholders themselves), and the placeholder values.
 */
export function contentSnapshot() {
  const pages = Object.keys(pageSchemas) as PageName[];
  const snapshot = {
    referralRules,
    variants: Object.fromEntries(
      keys.map((key) => [
        key,
        {
          placeholders: placeholderValues(key),
          ownPages: Object.keys(contentByVariant[key]).sort(),
          raw: contentByVariant[key],
          pages: Object.fromEntries(pages.map((page) => [page, getPage(key, page)])),
        },
      ]),
    ),
  };
  return sortKeys(JSON.parse(JSON.stringify(snapshot)));
}

/** Keys in a fixed order, so a rewritten fixture's diff shows changed copy, not changed key order. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, item]) => [key, sortKeys(item)]),
    );
  }
  return value;
}
