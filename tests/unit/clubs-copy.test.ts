import { describe, expect, it } from "vitest";
import { getModePage, getPage } from "#content/index";

/**
 * The sport editions' clubs are findable where a parent looks: the landing page, the form's first
 * step and the FAQ, which explains joining, registering and what a club page shows. Nothing says
 * we never ask for a club while the e-mail step offers one.
 */
const sports = ["icehockey", "tennis"] as const;
const faqText = (key: (typeof sports)[number]) =>
  getPage(key, "faq")
    .categories.flatMap((category) => [category.title, ...category.items.flatMap((item) => [item.question, ...item.answer])])
    .join("\n");

describe.each(sports)("%s: clubs in the copy", (key) => {
  it("the landing page mentions clubs, in both launch modes", () => {
    for (const mode of ["live", "waitlist"] as const) {
      expect(JSON.stringify(getModePage(key, mode, "landing")), mode).toMatch(/\bclub/i);
    }
  });

  it("the form's first step mentions clubs", () => {
    expect(JSON.stringify(getPage(key, "form").step1)).toMatch(/\bclub/i);
  });

  it("the FAQ has a clubs category on joining, registering and what is public", () => {
    const clubs = getPage(key, "faq").categories.find((category) => /club/i.test(category.title));
    expect(clubs?.items.length).toBeGreaterThanOrEqual(3);
    const text = clubs!.items.flatMap((item) => [item.question, ...item.answer]).join("\n");
    expect(text).toMatch(/club link/i);
    expect(text).toMatch(/register/i);
    expect(text).toMatch(/public/i);
  });

  it("the FAQ never says we do not ask for a club", () => {
    expect(faqText(key)).not.toMatch(/not ask for[^.]*club/i);
  });
});
