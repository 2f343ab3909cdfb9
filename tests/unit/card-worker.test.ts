import { describe, expect, it } from "vitest";
import { getPage } from "#content/index";
import { cardInputs } from "~/card/card-inputs";
import { parseCardInputs } from "../../workers/card/inputs";

/** What the card Worker (workers/card) accepts to draw: the card's inputs and nothing else. */
describe("the card Worker's input", () => {
  const inputs = cardInputs({ age_bands: ["1-2y"], focus_areas: ["early-math"] }, "genius");

  it.each(["genius", "icehockey", "tennis"] as const)("takes every card the site can send for %s, as it is", (key) => {
    const { ageBands, focus } = getPage(key, "options");
    const everyFocus = focus.map((option) => option.value);
    const answers = [
      { age_bands: [], focus_areas: [] },
      { age_bands: ageBands.map((band) => band.value), focus_areas: everyFocus },
      ...ageBands.map((band) => ({ age_bands: [band.value], focus_areas: everyFocus })),
    ];
    for (const answer of answers) {
      const sent = cardInputs(answer, key);
      expect(parseCardInputs(JSON.parse(JSON.stringify(sent))), JSON.stringify(answer)).toEqual(sent);
    }
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
