import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { brandByVariant, getPage } from "#content/index";
import { cardResponse, shareCardFor, type CardDeps } from "~/card/card.server";
import { CARD_HEIGHT, CARD_WIDTH, cardHash, cardInputs, cardText } from "~/card/card-inputs";
import { roadmapFor } from "~/funnel/roadmap";
import type { Lead } from "~/data/ports/lead-store";
import { eraseParentData } from "~/trust/my-data.server";
import { testContext } from "./helpers/context";
import { useLocalD1 } from "./helpers/local-d1";

/** The share card (docs/decisions/037-share-card.md): its inputs, hash, URL, route and erasure, on a real local D1. */
const d1 = useLocalD1();
beforeAll(async () => {
  const insert = (table: string, id: string, email: string, refCode: string, ages: string[], focus: string[] = []) =>
    d1.db
      .prepare(
        `INSERT INTO ${table} (id, email, ref_code, age_bands, focus_areas, step_completed, created_at) VALUES (?, ?, ?, ?, ?, 3, ?)`,
      )
      .bind(id, email, refCode, JSON.stringify(ages), JSON.stringify(focus), new Date().toISOString())
      .run();
  await insert("leads", "lead-1", "mia.parent@example.com", "SHARE001", ["6-9", "1-2y"], ["early-math"]);
  await insert("leads_tennis", "lead-2", "tennis.parent@example.com", "SHARE002", ["3-4y"]);
  await insert("leads", "lead-3", "no.ages@example.com", "SHARE003", []);
  await insert("leads", "lead-4", "erase.me@example.com", "SHARE004", ["3-4y"], ["fine-motor"]);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A lead with every personal field filled in, to see that none of it reaches the card. */
const personal: Lead = {
  id: "lead-personal-id",
  email: "olivia.smith@example.com",
  hashed_email: "hash-of-olivia",
  normalized_email: "olivia.smith@example.com",
  ref_code: "OLIVIA01",
  referred_by: "FRIEND01",
  age_bands: ["1-2y"],
  focus_areas: ["early-math", "fine-motor"],
  goals: ["confidence"],
  biggest_concern: "no-time",
  time_available: "15-30m",
  children_count: 1,
  step_completed: 3,
  utm_source: "olivia-newsletter",
  utm_medium: null,
  utm_campaign: null,
  utm_term: null,
  utm_content: null,
  referral_count: 2,
  email_verified: true,
  followed_on_facebook: false,
  copied_share_message: false,
  copied_ref_link: false,
  clicked_roadmap_button: false,
  lead_source: "main_funnel",
  plan_chosen: "pro",
  billing_cycle: null,
  created_at: "2026-11-01T10:00:00.000Z",
  risk_flags: [],
  confirmed_at: null,
  confirm_seq: 4,
  place_score: 4,
};

describe("cardInputs", () => {
  it("draws the age band, the focus, the roadmap's first steps and the brand, and nothing personal", () => {
    const inputs = cardInputs(personal, "genius");
    expect(Object.keys(inputs).sort()).toEqual(["ages", "brand", "cta", "focus", "focusLine", "headline", "steps", "stepsLabel"]);
    expect(inputs.ages).toEqual(["1-2 years"]);
    expect(inputs.focus).toEqual(["Early math", "Fine motor skills"]);
    const toddler = getPage("genius", "roadmapPlan").stages.find((stage) => stage.bands.includes("1-2y"))!;
    expect(inputs.steps).toEqual(toddler.weeks.slice(0, 3).map((week) => week.title));
    expect(inputs.brand.wordmark).toBe(brandByVariant.genius.wordmark);
    const drawn = JSON.stringify({ inputs, text: cardText(inputs, "genius") }).toLowerCase();
    for (const value of ["olivia", "@", "lead-personal-id", "friend01", "hash-of", "newsletter", "confidence", "pro"])
      expect(drawn, value).not.toContain(value);
  });

  it("reads naturally for an expecting parent: a phrase, not the option's label", () => {
    const inputs = cardInputs({ age_bands: ["expecting"], focus_areas: [] }, "genius");
    expect(inputs.headline).toBe("A roadmap for a baby on the way");
    expect(cardText(inputs, "genius").title).toBe("A roadmap for a baby on the way from AI Parenting");
    expect(cardInputs({ age_bands: ["expecting"], focus_areas: [] }, "tennis").headline).toBe("A tennis roadmap for a player on the way");
  });

  it("gives a lead without answers the brand's own card, never another brand's", () => {
    const inputs = cardInputs({ age_bands: [], focus_areas: [] }, "icehockey");
    const copy = getPage("icehockey", "shareCard");
    expect(inputs.headline).toBe(copy.headlineNoAges);
    expect(inputs.steps).toEqual(copy.defaultSteps);
    expect(inputs.brand.wordmark).toBe(brandByVariant.icehockey.wordmark);
    expect(cardText(inputs, "icehockey").title).toBe(copy.titleNoAges);
  });
});

describe("the card's focus line", () => {
  it.each(["genius", "icehockey", "tennis"] as const)(
    "%s: labels what the parent chose as the form asked it and the roadmap lists it",
    (key) => {
      const chosen = getPage(key, "options").focus[2];
      const card = cardInputs({ age_bands: [], focus_areas: [chosen.value] }, key);
      const answer = roadmapFor(key, {
        age_bands: [],
        focus_areas: [chosen.value],
        goals: [],
        time_available: null,
        biggest_concern: null,
      }).answers.find((row) => row.values.includes(chosen.label))!;
      expect(card.focusLine).toBe(`${answer.label}: ${chosen.label}`);
    },
  );

  it("says a hockey parent's ticked skill is a current strength, never a focus", () => {
    const card = cardInputs({ age_bands: [], focus_areas: ["stickhandling"] }, "icehockey");
    expect(card.focusLine).toBe(`${getPage("icehockey", "form").step2.focusLabel}: Stickhandling`);
    expect(cardText(card, "icehockey").imageAlt).not.toContain("Focus");
  });
});

describe("cardHash", () => {
  it("is the same for the same answers and changes with an answer or a brand token", async () => {
    const same = await cardHash(cardInputs({ age_bands: ["1-2y"], focus_areas: ["early-math"] }, "genius"));
    expect(await cardHash(cardInputs(personal, "genius"))).not.toBe(same);
    expect(await cardHash(cardInputs({ ...personal, focus_areas: ["early-math"] }, "genius"))).toBe(same);
    const inputs = cardInputs({ age_bands: ["1-2y"], focus_areas: ["early-math"] }, "genius");
    inputs.brand.colors.brand = "#000000";
    expect(await cardHash(inputs)).not.toBe(same);
    expect(await cardHash(cardInputs({ age_bands: ["3-4y"], focus_areas: [] }, "tennis"))).not.toBe(
      await cardHash(cardInputs({ age_bands: ["3-4y"], focus_areas: [] }, "icehockey")),
    );
    expect(same).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe("a referral link's share card", () => {
  it("is the parent's card: its URL names the code and hash, its words the age band and focus", async () => {
    const { ctx } = testContext("http://127.0.0.1:8787/?r=SHARE001", d1.bindings);
    const card = await shareCardFor(ctx, "SHARE001");
    const hash = await cardHash(cardInputs({ age_bands: ["6-9", "1-2y"], focus_areas: ["early-math"] }, "genius"));
    expect(card).toMatchObject({ image: `/card/SHARE001/${hash}.png`, width: CARD_WIDTH, height: CARD_HEIGHT });
    expect(card?.imageAlt).toContain("1-2 years");
    expect(card?.imageAlt).toContain("Early math");
    expect(card?.title).toContain("1-2 years");
    expect(JSON.stringify(card)).not.toMatch(/mia|@/i);
  });

  it("reads the variant's own table, and gives a lead without ages a card of its brand", async () => {
    const tennis = testContext("http://127.0.0.1:8787/?domain=champion&sport=tennis&r=SHARE002", d1.bindings);
    const card = await shareCardFor(tennis.ctx, "SHARE002");
    expect(card?.image).toMatch(/^\/card\/SHARE002\/[0-9a-f]{16}\.png\?domain=champion&sport=tennis$/);
    expect(card?.inputs.brand.wordmark).toBe(brandByVariant.tennis.wordmark);
    const { ctx } = testContext("http://127.0.0.1:8787/", d1.bindings);
    expect((await shareCardFor(ctx, "SHARE003"))?.title).toBe(getPage("genius", "shareCard").titleNoAges);
    expect(await shareCardFor(ctx, "NOSUCH01")).toBeNull();
    expect(await shareCardFor(ctx, "x' OR 1=1")).toBeNull();
  });
});

/** A caches.default stand-in and a renderer that counts its calls. */
function fakeDeps() {
  const stored = new Map<string, Uint8Array<ArrayBuffer>>();
  const render = vi.fn(async () => new Uint8Array([137, 80, 78, 71, 1, 2, 3]));
  const cache = {
    match: async (key: RequestInfo | URL) => {
      const body = stored.get(new Request(key).url);
      return body ? new Response(body) : undefined;
    },
    put: async (key: RequestInfo | URL, response: Response) =>
      void stored.set(new Request(key).url, new Uint8Array(await response.arrayBuffer())),
    delete: async (key: RequestInfo | URL) => stored.delete(new Request(key).url),
  };
  return { stored, render, deps: { render, cache } as unknown as CardDeps };
}

describe("GET /card/{code}/{hash}.png", () => {
  it("answers the PNG with a year's immutable caching, drawn once and then from the cache", async () => {
    const { stored, render, deps } = fakeDeps();
    const site = testContext("http://127.0.0.1:8787/", d1.bindings);
    const card = await shareCardFor(site.ctx, "SHARE001");
    const file = card!.image.split("/").at(-1)!;
    const first = await cardResponse(site.ctx, "SHARE001", file, deps);
    await site.settle();
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toBe("image/png");
    expect(first.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(first.headers.get("X-Card-Cache")).toBe("miss");
    const second = await cardResponse(site.ctx, "SHARE001", file, deps);
    expect(second.headers.get("X-Card-Cache")).toBe("hit");
    expect(new Uint8Array(await second.arrayBuffer())).toEqual(new Uint8Array([137, 80, 78, 71, 1, 2, 3]));
    expect(render).toHaveBeenCalledTimes(1);
    expect(render).toHaveBeenCalledWith(card!.inputs);
    expect(stored.size).toBe(1);
  });

  it("redirects a stale hash to the current card and 404s an unknown code or a malformed file", async () => {
    const { deps } = fakeDeps();
    const { ctx } = testContext("http://127.0.0.1:8787/", d1.bindings);
    const stale = await cardResponse(ctx, "SHARE001", "0000000000000000.png", deps);
    expect(stale.status).toBe(302);
    expect(stale.headers.get("Location")).toBe((await shareCardFor(ctx, "SHARE001"))!.image);
    expect((await cardResponse(ctx, "NOSUCH01", "0000000000000000.png", deps)).status).toBe(404);
    expect((await cardResponse(ctx, "SHARE001", "../etc.png", deps)).status).toBe(404);
  });

  it("is gone after the parent is erased: the route 404s and the cached copy is deleted", async () => {
    const { stored, deps } = fakeDeps();
    vi.stubGlobal("caches", { default: deps.cache });
    const site = testContext("http://127.0.0.1:8787/", d1.bindings);
    const file = (await shareCardFor(site.ctx, "SHARE004"))!.image.split("/").at(-1)!;
    expect((await cardResponse(site.ctx, "SHARE004", file, deps)).status).toBe(200);
    await site.settle();
    expect(stored.size).toBe(1);
    await eraseParentData(site.ctx, "erase.me@example.com", "self");
    expect(stored.size).toBe(0);
    expect((await cardResponse(site.ctx, "SHARE004", file, deps)).status).toBe(404);
  });
});

/** The card Worker behind the CARD service binding, as the site's Worker sees it: its fetch, counted. */
function fakeCardWorker(answer: () => Promise<Response>) {
  const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => answer());
  return { fetch, binding: { fetch } as unknown as Fetcher };
}
const PNG = new Uint8Array([137, 80, 78, 71, 9, 9, 9]);

describe("the card drawn by the card Worker (the CARD service binding)", () => {
  it("asks the card Worker on a miss, with the card's inputs only, and answers later requests from the cache", async () => {
    const { deps, stored } = fakeDeps();
    const card = fakeCardWorker(async () => new Response(PNG, { headers: { "Content-Type": "image/png" } }));
    const site = testContext("http://127.0.0.1:8787/", { ...d1.bindings, CARD: card.binding });
    const share = (await shareCardFor(site.ctx, "SHARE001"))!;
    const file = share.image.split("/").at(-1)!;
    const miss = await cardResponse(site.ctx, "SHARE001", file, { cache: deps.cache });
    await site.settle();
    expect(miss.status).toBe(200);
    expect(miss.headers.get("X-Card-Cache")).toBe("miss");
    expect(new Uint8Array(await miss.arrayBuffer())).toEqual(PNG);
    expect(card.fetch).toHaveBeenCalledTimes(1);
    const [, init] = card.fetch.mock.calls[0]!;
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual(share.inputs);
    expect(String(init?.body)).not.toMatch(/lead-1|mia|@|SHARE001/i);
    const hit = await cardResponse(site.ctx, "SHARE001", file, { cache: deps.cache });
    expect(hit.headers.get("X-Card-Cache")).toBe("hit");
    expect(new Uint8Array(await hit.arrayBuffer())).toEqual(PNG);
    expect(card.fetch).toHaveBeenCalledTimes(1);
    expect(stored.size).toBe(1);
  });

  it.each([
    ["fails (an exception: stopped, or over its memory)", async () => Promise.reject(new Error("Worker exceeded memory limit"))],
    ["answers an error", async () => new Response("boom", { status: 500 })],
  ])("when the card Worker %s, the card's URL sends the brand's own picture, keeps nothing and logs the event", async (_, answer) => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const { deps, stored } = fakeDeps();
    const card = fakeCardWorker(answer);
    const site = testContext("http://127.0.0.1:8787/?domain=champion&sport=tennis", { ...d1.bindings, CARD: card.binding });
    const file = (await shareCardFor(site.ctx, "SHARE002"))!.image.split("?")[0]!.split("/").at(-1)!;
    const response = await cardResponse(site.ctx, "SHARE002", file, { cache: deps.cache });
    await site.settle();
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/images/share-tennis.png");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(stored.size).toBe(0);
    const events = errors.mock.calls.map(([line]) => JSON.parse(String(line)) as { event: string; variant: string });
    expect(events).toContainEqual(expect.objectContaining({ event: "referral.card_failed", variant: "tennis" }));
  });

  it("without a CARD binding at all, the card's URL sends the brand's own picture and the landing still unfurls", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { deps } = fakeDeps();
    const site = testContext("http://127.0.0.1:8787/", d1.bindings);
    const file = (await shareCardFor(site.ctx, "SHARE001"))!.image.split("/").at(-1)!;
    const response = await cardResponse(site.ctx, "SHARE001", file, { cache: deps.cache });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/images/share-genius.png");
  });
});
