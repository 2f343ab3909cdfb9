import { afterEach, describe, expect, it } from "vitest";
import { contentByVariant, getPage, type ContentKey } from "#content/index";
import { pageSchemas, type PageName } from "#content/schemas";

const keys: ContentKey[] = ["genius", "icehockey", "tennis"];
const pageNames = Object.keys(pageSchemas) as PageName[];

describe("content schemas", () => {
  it("genius has every page", () => {
    expect(Object.keys(contentByVariant.genius).sort()).toEqual([...pageNames].sort());
  });

  for (const key of keys) {
    for (const page of Object.keys(contentByVariant[key]) as PageName[]) {
      it(`${key}/${page} parses with its page schema`, () => {
        const result = pageSchemas[page].safeParse(contentByVariant[key][page]);
        expect(result.success ? [] : result.error.issues).toEqual([]);
      });
    }
  }

  it("fills every name placeholder on every page", () => {
    for (const key of keys) {
      // E-mail copy keeps {selectedPlan}, {refLink}, {appUrl}, {confirmLink}... for send time (emails.test.ts).
      for (const page of pageNames.filter((name) => name !== "emails")) {
        const text = JSON.stringify(getPage(key, page, { year: "2026" }));
        expect(text.match(/\{(brand|wordmark|contactEmail|socialHandle|year)\}/g), `${key}/${page}`).toBeNull();
      }
    }
  });

  it("leaves no placeholder at all on the landing, options and plans pages", () => {
    for (const key of keys) {
      for (const page of ["landing", "options", "plans"] as const) {
        expect(JSON.stringify(getPage(key, page)).match(/\{\w+\}/g), `${key}/${page}`).toBeNull();
      }
    }
  });
});

/** SPEC 3.3, written out here so content can't drift from the spec. */
const general = {
  ageBands: ["expecting", "0-12m", "1-2y", "3-4y", "5-6y", "6-9", "10+"],
  time: ["less-15m", "15-30m", "30-60m", "60m+", "it-depends"],
};
const expectedOptions: Record<ContentKey, Record<string, string[] | undefined>> = {
  genius: {
    ageBands: general.ageBands,
    time: general.time,
    focus: [
      "language-literacy",
      "early-math",
      "creativity-art",
      "fine-motor",
      "sport-gross-motor",
      "social-emotional",
      "self-regulation",
      "problem-solving",
      "stem-curiosity",
      "independence",
      "other",
    ],
    goals: ["daily-habit", "school-success", "reduce-screen", "parent-bond", "boost-confidence", "grow-grit", "bilingual", "other"],
    concerns: ["not-enough", "no-time", "unsure-start", "no-routine", "too-much-screen", "too-many-resources", "other"],
    leadFormAgeBands: general.ageBands,
    leadFormGoals: [
      "daily-habit",
      "school-success",
      "reduce-screen",
      "parent-bond",
      "boost-confidence",
      "grow-grit",
      "bilingual",
      "practical-ai",
      "other",
    ],
    planFormGoals: undefined,
  },
  icehockey: {
    ageBands: ["0-2y", "3-4y", "5-6y", "7-8y", "9-10y", "11-12y", "13-14y", "15+y"],
    time: ["1x-week", "2-3x-week", "4-5x-week", "6x+-week", "varies"],
    focus: ["skating-speed", "balance-edges", "stickhandling", "shooting", "game-sense", "work-ethic", "confidence", "other"],
    goals: [
      "skating-fundamentals",
      "puck-confidence",
      "shot-improvement",
      "fitness-fun",
      "confidence-mindset",
      "team-selection",
      "love-for-game",
      "other",
    ],
    concerns: [
      "falling-behind",
      "unsure-training",
      "too-little-ice",
      "too-expensive",
      "low-confidence",
      "injury-risk",
      "poor-diet",
      "other",
    ],
    leadFormAgeBands: ["expecting", "0-12m", "1-2y", "3-4y", "5-6y", "7-8y", "9-10y"],
    leadFormGoals: [
      "daily-off-ice-habit",
      "maximize-private-ice",
      "win-u10",
      "make-select-team",
      "speed-power",
      "stickhandling",
      "confidence",
      "parent-bond",
      "other",
    ],
    planFormGoals: [
      "daily-off-ice-habit",
      "maximize-private-ice",
      "win-u10",
      "make-select-team",
      "speed-power",
      "stickhandling",
      "confidence",
      "other",
    ],
  },
  tennis: {
    ageBands: general.ageBands,
    time: general.time,
    focus: [
      "footwork-agility",
      "stroke-fundamentals",
      "serve-return",
      "match-iq",
      "mental-toughness",
      "conditioning",
      "nutrition-recovery",
      "confidence-fun",
      "other",
    ],
    goals: [
      "daily-habit",
      "get-tournament-ready",
      "win-u10-u12",
      "make-travel-team",
      "improve-strokes",
      "boost-confidence",
      "reduce-screens",
      "parent-bond",
      "other",
    ],
    concerns: [
      "not-enough",
      "no-time",
      "unsure-start",
      "no-routine",
      "too-many-drills",
      "coaching-expensive",
      "low-confidence",
      "pressure-melts",
      "other",
    ],
    leadFormAgeBands: general.ageBands,
    leadFormGoals: [
      "daily-habit",
      "tournament-ready",
      "win-u10-u12",
      "make-academy-team",
      "fix-strokes",
      "boost-confidence",
      "reduce-screens",
      "parent-bond",
      "other",
    ],
    planFormGoals: undefined,
  },
};

describe("option lists equal SPEC 3.3", () => {
  for (const key of keys) {
    for (const [list, values] of Object.entries(expectedOptions[key])) {
      it(`${key} ${list}`, () => {
        const options = getPage(key, "options") as Record<string, { value: string; label: string }[] | undefined>;
        expect(options[list]?.map((option) => option.value)).toEqual(values);
        for (const option of options[list] ?? []) expect(option.label.trim()).not.toBe("");
      });
    }
  }
});

describe("age bands read right for a player", () => {
  // The values are the general edition's (SPEC 3.3); a sport parent picks a player's age, so the
  // bands before the first birthday are worded for a player: a future one, or one under a year old.
  it.each([
    ["tennis", "ageBands"],
    ["tennis", "leadFormAgeBands"],
    ["icehockey", "leadFormAgeBands"],
  ] as const)("%s %s", (key, list) => {
    const labels = Object.fromEntries(getPage(key, "options")[list]!.map((option) => [option.value, option.label]));
    expect(labels.expecting).toBe("Player on the way");
    expect(labels["0-12m"]).toBe("Under 1 year");
    expect(labels["1-2y"]).toBe("1-2 years");
  });

  it("the general edition keeps its own words", () => {
    const labels = getPage("genius", "options").ageBands.map((option) => option.label);
    expect(labels.slice(0, 2)).toEqual(["Expecting", "0-12 months"]);
  });
});

describe("plans equal SPEC 9", () => {
  // [id, name, monthly, yearly, child count feature, status]
  const expectedPlans: Record<ContentKey, [string, string, number, number, string, string | undefined][]> = {
    genius: [
      ["starter", "Starter", 14.99, 149.9, "1 child", undefined],
      ["growth", "Growth", 19.99, 199.9, "Up to 2 children", undefined],
      ["genius", "Genius", 29.99, 299.9, "Up to 5 children", undefined],
      ["pro", "Pro", 89.99, 899.9, "Up to 30 children", undefined],
    ],
    icehockey: [
      ["practice", "Practice", 59, 590, "1 champion", undefined],
      ["compete", "Compete", 99, 990, "Up to 2 champions", undefined],
      ["champion", "Champion", 199, 1990, "Up to 5 champions", undefined],
      ["pro-academy", "Pro Academy", 499, 4990, "Teams", "in-preparation"],
    ],
    tennis: [
      ["practice", "Practice", 49, 490, "1 player", undefined],
      ["compete", "Compete", 99, 990, "Up to 2 players", undefined],
      ["champion", "Champion", 199, 1990, "Up to 5 players", undefined],
      ["pro-academy", "Pro Academy", 499, 4990, "Squads and academy groups", "in-preparation"],
    ],
  };

  for (const key of keys) {
    it(`${key} plans, prices, child counts and status`, () => {
      const { plans } = getPage(key, "plans");
      expect(plans.map((p) => [p.id, p.name, p.monthlyPrice, p.yearlyPrice, p.features[0], p.status])).toEqual(expectedPlans[key]);
      for (const plan of plans) expect(plan.yearlyDiscount).toBe("2 months free");
    });
  }

  it("Growth is 'Most Popular' and Pro lists the SPEC features", () => {
    const { plans } = getPage("genius", "plans");
    expect(plans.find((p) => p.id === "growth")?.badge).toBe("Most Popular");
    const pro = plans
      .find((p) => p.id === "pro")!
      .features.join(" | ")
      .toLowerCase();
    for (const feature of ["unlimited printables", "multi-language", "automation", "educator mode", "priority support"]) {
      expect(pro).toContain(feature);
    }
  });

  it("the plan schema rejects a yearly price that is not 10 times monthly", () => {
    const plans = structuredClone(contentByVariant.genius.plans);
    plans.plans[0].yearlyPrice = 150;
    expect(pageSchemas.plans.safeParse(plans).success).toBe(false);
  });
});

describe("getPage", () => {
  const saved = contentByVariant.tennis.landing;
  afterEach(() => {
    contentByVariant.tennis.landing = saved;
  });

  it("fills placeholders with the variant's names", () => {
    expect(getPage("icehockey", "landing").hero.appText).toMatch(/^Hockey Champion is an AI coach/);
    expect(getPage("genius", "landing").meta.title).toBe("AI Parenting Genius: daily activities for your child's age");
    expect(getPage("tennis", "site", { year: "2031" }).footer.copyright).toBe("© 2031 Tennis Champion. All rights reserved.");
  });

  it("falls back to genius for a page the variant lacks, with the variant's own names", () => {
    delete contentByVariant.tennis.landing;
    const landing = getPage("tennis", "landing");
    expect(landing.hero.title).toBe(contentByVariant.genius.landing.hero.title);
    expect(landing.solution.title).toBe("How Tennis Champion helps you");
  });
});
