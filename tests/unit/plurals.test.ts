import { describe, expect, it } from "vitest";
import { getPage, type ContentKey, type PageName } from "#content/index";
import { counted } from "#content/plural";

/**
 * Every text with a count reads right at 0, 1 and 2 ("1 parent", never "1 parents"): each is a
 * `{ one, other }` pair chosen by Intl.PluralRules through one helper.
 */
const KEYS: ContentKey[] = ["genius", "icehockey", "tennis"];
const PAGES: PageName[] = ["waitlist", "rewards", "clubs", "admin"];

type Found = { path: string; value: unknown };
function walk(value: unknown, path: string, out: Found[]) {
  if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) walk(inner, `${path}.${key}`, out);
  }
  out.push({ path, value });
  return out;
}
const isCounted = (value: unknown): value is { one: string; other: string } =>
  Boolean(value && typeof value === "object" && "one" in value && "other" in value);

describe.each(KEYS)("counted strings of %s", (key) => {
  const all = PAGES.flatMap((page) => walk(getPage(key, page), page, []));
  const forms = all.filter((found) => isCounted(found.value));

  it("has the counted strings of the status page, the ladder, the clubs and the code pools", () => {
    const paths = forms.map((found) => found.path);
    for (const path of [
      "waitlist.status.ahead",
      "waitlist.status.admittedAhead",
      "rewards.status.next",
      "rewards.status.locked",
      "rewards.admin.codes.remaining",
      "clubs.page.families",
      "clubs.admin.waves.waiting",
    ])
      expect(paths).toContain(path);
  });

  it("says each at 0, 1 and 2 with the count and the right form", () => {
    for (const { path, value } of forms) {
      const form = value as { one: string; other: string };
      expect(counted(form, 0), path).toBe(form.other.replaceAll("{count}", "0"));
      expect(counted(form, 1), path).toBe(form.one.replaceAll("{count}", "1"));
      expect(counted(form, 1), path).toMatch(/\b1\b/);
      expect(counted(form, 2), path).toBe(form.other.replaceAll("{count}", "2"));
      // The singular never carries a plural noun the plural form has right after the count.
      const noun = /\{count\} (\w+s)\b/.exec(form.other)?.[1];
      if (noun) expect(counted(form, 1), path).not.toContain(`1 ${noun}`);
    }
  });

  it("leaves no count outside a counted pair right before a plural noun ('{count} parents')", () => {
    const loose = all
      .filter((found) => typeof found.value === "string" && !/\.(one|other)$/.test(found.path))
      .filter((found) =>
        /\{(count|ahead|behind|threshold|places|n|left|step)\} (more )?(\w+'? )?(parents|families|friends|codes|places|teammates'|addresses|credits|clubs|leads|invites|recipients|steps|waves|members|spots|hours|days)\b/.test(
          found.value as string,
        ),
      )
      .map((found) => found.path);
    expect(loose).toEqual([]);
  });
});
