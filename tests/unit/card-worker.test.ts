import { describe, expect, it } from "vitest";
import { cardInputs } from "~/card/card-inputs";
import { parseCardInputs } from "../../workers/card/inputs";

/** What the card Worker (workers/card) accepts to draw: the card's inputs and nothing else. */
describe("the card Worker's input", () => {
  const inputs = cardInputs({ age_bands: ["1-2y"], focus_areas: ["early-math"] }, "genius");

  it.each(["genius", "icehockey", "tennis"] as const)("takes the inputs the site sends for %s, as they are", (key) => {
    const sent = cardInputs({ age_bands: ["3-4y"], focus_areas: [] }, key);
    expect(parseCardInputs(JSON.parse(JSON.stringify(sent)))).toEqual(sent);
  });

  it("refuses anything that could carry a lead: an id, an address, an extra field, a wrong type", () => {
    expect(parseCardInputs({ ...inputs, id: "lead-1" })).toBeNull();
    expect(parseCardInputs({ ...inputs, email: "mia@example.com" })).toBeNull();
    expect(parseCardInputs({ ...inputs, headline: "A roadmap for mia@example.com" })).toBeNull();
    expect(parseCardInputs({ ...inputs, steps: ["one", 2] })).toBeNull();
    expect(parseCardInputs({ ...inputs, brand: { ...inputs.brand, colors: { ...inputs.brand.colors, brand: "url(x)" } } })).toBeNull();
    expect(parseCardInputs({ ...inputs, headline: "x".repeat(500) })).toBeNull();
    expect(parseCardInputs(null)).toBeNull();
    expect(parseCardInputs("inputs")).toBeNull();
  });
});
