import { describe, expect, it } from "vitest";
import { getPage, type ContentKey } from "#content/index";
import { pageSchemas } from "#content/schemas";

const keys: ContentKey[] = ["genius", "icehockey", "tennis"];
const text = (doc: { sections: { heading: string; paragraphs: string[] }[] }) =>
  doc.sections.map((section) => [section.heading, ...section.paragraphs].join("\n")).join("\n");

describe.each(keys)("legal and FAQ content: %s", (key) => {
  const terms = getPage(key, "terms");
  const privacy = getPage(key, "privacy");
  const faq = getPage(key, "faq");

  it("matches the schemas and is dated September 2025", () => {
    expect(() => pageSchemas.terms.parse(terms)).not.toThrow();
    expect(() => pageSchemas.privacy.parse(privacy)).not.toThrow();
    expect(() => pageSchemas.faq.parse(faq)).not.toThrow();
    expect(terms.lastUpdated).toBe("Last updated: September 2025");
    expect(privacy.lastUpdated).toBe("Last updated: September 2025");
  });

  it("states the SPEC 9 legal constants and SPEC 5 age rules in the terms", () => {
    const body = text(terms);
    expect(body).toContain("within 60 days of informal resolution");
    expect(body).toContain("within 30 days of creating your account");
    expect(body).toContain("30 days' notice");
    expect(body).toContain("laws of the Czech Republic");
    expect(body).toContain("13 or older, or the minimum age in your country");
    expect(body).toContain("under 18");
    expect(body).toContain("parent or legal guardian");
    expect(body).toContain("children under 13 are not targeted");
    const cap = key === "icehockey" ? "the greater of $1 or" : "the greater of EUR 1 or";
    expect(body).toContain(`${cap} the amount you paid us in the last 12 months`);
  });

  it("names what is collected, the processors and how to ask for access or erasure", () => {
    const body = text(privacy);
    for (const item of ["e-mail address", "age bands", "goals", "biggest concern"]) expect(body).toContain(item);
    for (const processor of ["Cloudflare", "Supabase", "Resend", "Meta"]) expect(body).toContain(processor);
    expect(body).toContain("only after your consent");
    expect(body).toContain(getPage(key, "site").contactEmail);
    expect(body).toMatch(/erase/);
  });

  it("has the variant's guarantee, the trial terms and the first-wave size in the FAQ", () => {
    const answers = faq.categories.flatMap((c) => c.items.flatMap((i) => i.answer)).join("\n");
    expect(answers).toContain(key === "genius" ? "7-day money-back guarantee" : "30-day satisfaction guarantee");
    expect(answers).toContain("7-day free trial");
    expect(answers).toContain("No credit card");
    expect(answers).toContain("cancel anytime");
    expect(answers).toContain("100 spots");
    expect(answers).toContain("The AI is for parents, not children");
    expect(answers).toContain("responsible for judging the guidance");
    expect(JSON.stringify(faq)).not.toMatch(/\{\w+\}/);
  });

  it("explains the place-in-line rule and the waves in one FAQ entry", () => {
    const entries = faq.categories.flatMap((c) => c.items).filter((item) => /\bwaves\b/i.test(item.question));
    expect(entries).toHaveLength(1);
    const answer = entries[0]?.answer.join("\n") ?? "";
    // In waves, in place-in-line order; the first wave; how a place is earned and improved.
    expect(answer).toMatch(/waves?\b[^.]*place[- ]in[- ]line/i);
    // One definition of the first-wave spots: the first 100 let in, by waves (never "the first 100 places").
    expect(answer).toMatch(/first 100 (parents|families) let in fill the first-wave spots/);
    expect(answer).not.toMatch(/first 100 places/);
    expect(answer).toMatch(/confirm/);
    expect(answer).toMatch(/through your link/);
    // A wave's order is fixed once it is let in, and what an admitted parent gets.
    expect(answer).toMatch(/fixed/);
    expect(answer).toContain("invite e-mail");
    expect(answer).toContain("single-use link");
    expect(answer).toContain("You're in");
  });
});
