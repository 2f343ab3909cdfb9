import { describe, expect, it } from "vitest";
import { brandByVariant, contentByVariant } from "#content/index";
import { champion } from "#content/champion/index";
import { edition as icehockey } from "#content/icehockey/index";
import { mergeLayers } from "#content/layers";
import { edition as tennis } from "#content/tennis/index";

/** Every string leaf of a value, by its path ("landing.hero.title", "plans.plans.0.tagline"). */
function leaves(value: unknown, path = ""): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (item: unknown, at: string) => {
    if (typeof item === "string") found.set(at, item);
    else if (item && typeof item === "object") {
      for (const [key, child] of Object.entries(item)) walk(child, at ? `${at}.${key}` : key);
    }
  };
  walk(value, path);
  return found;
}

describe("content layers", () => {
  it("lays objects key by key, replaces lists, and changes list entries given by index", () => {
    const base = { a: { b: "x", c: "y" }, list: ["1", "2"], rows: [{ id: "p", n: 1 }, null] };
    const merged = mergeLayers(base, { a: { c: "z" }, list: ["3"], rows: { 0: { n: 2 }, 1: { id: "q", n: 3 } } });
    expect(merged).toEqual({
      a: { b: "x", c: "z" },
      list: ["3"],
      rows: [
        { id: "p", n: 2 },
        { id: "q", n: 3 },
      ],
    });
    expect(base.a.c).toBe("y");
    expect(() => mergeLayers(["a"], { 3: "b" })).toThrow(/No list entry 3/);
  });

  // A copied file shows up as the same words at the same place in both sports: shared copy belongs
  // in content/champion (with {sport...} words where the sports differ), not in each sport.
  // Option lists, and the roadmap plan's keys into them, are each sport's own answer values: an
  // answer both offer ("other", an age band) is not copy.
  const isAnswerValue = (path: string) =>
    path.startsWith("options.") || /^roadmapPlan\.(stages\.\d+\.bands\.\d+|concernAnswers\.\d+\.concern|schedule\.\d+\.time)$/.test(path);

  it("keeps each sport to what it says differently: no string is the same in both sports", () => {
    const hockey = leaves(icehockey.pages);
    const same = [...leaves(tennis.pages)]
      .filter(([path, text]) => !isAnswerValue(path) && hockey.get(path) === text)
      .map(([path]) => path);
    expect(same).toEqual([]);
  });

  it("has no sport entry that repeats the champion copy it overrides", () => {
    for (const edition of [icehockey, tennis]) {
      const base = leaves(champion.pages);
      const repeats = [...leaves(edition.pages)].filter(([path, text]) => !isAnswerValue(path) && base.get(path) === text);
      expect(repeats).toEqual([]);
    }
  });

  it("leaves no shared-list slot or sport word unfilled", () => {
    for (const key of ["icehockey", "tennis"] as const) {
      const text = JSON.stringify(contentByVariant[key]);
      expect(text).not.toMatch(/\{(sport\w*|brandLetter|brandContact)\}/);
      expect(text).not.toContain("null");
    }
  });

  it("takes the sender name, contact address and logo letter from the brand tokens", () => {
    for (const key of ["genius", "icehockey", "tennis"] as const) {
      const site = contentByVariant[key].site;
      const brand = brandByVariant[key];
      expect([site.wordmark, site.contactEmail, site.logoLetter]).toEqual([brand.wordmark, brand.contactEmail, brand.logoLetter]);
    }
  });
});
