/**
 * A counted string in the language's own plural forms: `{ one, other }` chosen by Intl.PluralRules,
 * then `{count}` (and any other placeholder given) filled. Every text with a count goes through here.
 */
export type Counted = { one: string; other: string };

const rules = new Intl.PluralRules("en-GB");

export function counted(forms: Counted, count: number, vars: Record<string, string | number> = {}): string {
  const form = rules.select(count) === "one" ? forms.one : forms.other;
  return Object.entries({ count, ...vars }).reduce((text, [key, value]) => text.replaceAll(`{${key}}`, String(value)), form);
}
