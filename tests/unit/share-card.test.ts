import { existsSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getPage } from "#content/index";
import { shareCardFor } from "~/referrals/share-card.server";
import { testContext } from "./helpers/context";
import { startLocalD1 } from "./helpers/local-d1";

/** The preview a shared referral link unfurls into, on a real local D1. */
let d1: Awaited<ReturnType<typeof startLocalD1>>;
beforeAll(async () => {
  d1 = await startLocalD1();
  const insert = (table: string, id: string, email: string, refCode: string, ages: string[]) =>
    d1.db
      .prepare(`INSERT INTO ${table} (id, email, ref_code, age_bands, step_completed, created_at) VALUES (?, ?, ?, ?, 3, ?)`)
      .bind(id, email, refCode, JSON.stringify(ages), new Date().toISOString())
      .run();
  await insert("leads", "lead-1", "mia.parent@example.com", "SHARE001", ["6-9", "1-2y"]);
  await insert("leads_tennis", "lead-2", "tennis.parent@example.com", "SHARE002", ["3-4y"]);
  await insert("leads", "lead-3", "no.ages@example.com", "SHARE003", []);
});
afterAll(async () => {
  await d1?.dispose();
});

describe("a referral link's share card", () => {
  it("names the site and the youngest child's age stage, with that stage's image", async () => {
    const { ctx } = testContext("http://127.0.0.1:8787/?r=SHARE001", d1.bindings);
    const card = await shareCardFor(ctx, "SHARE001");
    const stage = getPage("genius", "roadmapPlan").stages.find((item) => item.bands.includes("1-2y"))!;
    expect(card).toEqual({
      image: `/images/share-genius-${stage.id}.png`,
      imageAlt: expect.stringContaining("1-2 years"),
      title: expect.stringContaining(stage.label),
      description: expect.stringContaining("1-2 years"),
    });
    expect(card?.title).toContain(getPage("genius", "site").title);
    expect(JSON.stringify(card)).not.toMatch(/mia|@/i);
  });

  it("reads the variant's own table and stages", async () => {
    const { ctx } = testContext("http://127.0.0.1:8787/?domain=champion&sport=tennis&r=SHARE002", d1.bindings);
    const card = await shareCardFor(ctx, "SHARE002");
    expect(card?.image).toBe("/images/share-tennis-red-ball.png");
    expect(card?.title).toContain(getPage("tennis", "site").title);
  });

  it("falls back to the site's own preview for an unknown code, a lead without ages, a malformed code or a failed read", async () => {
    const { ctx } = testContext("http://127.0.0.1:8787/", d1.bindings);
    expect(await shareCardFor(ctx, "NOSUCH01")).toBeNull();
    expect(await shareCardFor(ctx, "SHARE003")).toBeNull();
    expect(await shareCardFor(ctx, "x' OR 1=1")).toBeNull();
    const broken = testContext("http://127.0.0.1:8787/", {
      ...d1.bindings,
      DB: {
        prepare: () => {
          throw new Error("D1 down");
        },
      },
    });
    const quiet = console.error;
    console.error = () => {};
    try {
      expect(await shareCardFor(broken.ctx, "SHARE001")).toBeNull();
    } finally {
      console.error = quiet;
    }
  });
});

describe.each(["genius", "icehockey", "tennis"] as const)("%s: share card images", (key) => {
  it("every age stage has its 1200x630 image in public/images", () => {
    for (const stage of getPage(key, "roadmapPlan").stages) {
      const file = `public/images/share-${key}-${stage.id}.png`;
      expect(existsSync(file), file).toBe(true);
      const header = readFileSync(file).subarray(16, 24);
      expect([header.readUInt32BE(0), header.readUInt32BE(4)], file).toEqual([1200, 630]);
    }
  });
});
