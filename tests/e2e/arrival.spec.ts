import { getPage } from "../../content/index";
import { expect, newParent, pathIn, queryD1, sqlString, test, variants, type VariantCase } from "./fixtures";

/**
 * A parent who arrives through a friend's link (/?r=CODE) or a club's link (/c/SLUG) reads who
 * brought them on the landing page: "A friend invited you" (never the friend's name), or the club's
 * public name. The landing page stays the cached page: the friend's line is shown per response by
 * the edge, the club's page is the cached page of that public club.
 */
// Known bots are not counted, and headless Chromium names itself "HeadlessChrome".
const PARENT_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const sports = variants.filter((v) => v.key !== "genius");

/** A club of the sport, straight into its table: approved (public) or still pending. */
async function seedClub(v: VariantCase, status: "approved" | "pending", tag: string) {
  const slug = `arrival-${status}-${tag}`;
  const name = `Arrival ${status} ${tag}`;
  const sport = v.variant.domain === "champion" ? v.variant.sport : "";
  await queryD1(
    `INSERT INTO clubs (id, lead_table, variant, slug, name, city, sport, status, created_at)
     VALUES (${sqlString(crypto.randomUUID())}, ${sqlString(v.table)}, ${sqlString(`champion-${sport}`)}, ${sqlString(slug)},
       ${sqlString(name)}, 'Praha', ${sqlString(sport)}, ${sqlString(status)}, ${sqlString(new Date().toISOString())})`,
  );
  return { slug, name };
}

const tagOf = (project: string) => `${project}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

for (const v of variants) {
  test(`${v.key}: a parent from a friend's link reads that a friend invited them, on the cached landing page`, async ({
    browser,
    request,
    jsEnabled,
  }) => {
    const copy = getPage(v.key, "landing").arrival;
    // The landing page is in the cache before the parent comes.
    await request.get(pathIn(v, "home"), { headers: { "User-Agent": PARENT_UA } });
    const { context, page } = await newParent(browser, jsEnabled, { userAgent: PARENT_UA });
    try {
      const landing = await page.goto(pathIn(v, "home", { r: "ABCD2345" }));
      expect(landing?.headers()["x-edge-cache"]).toBe("HIT");
      await expect(page.getByTestId("arrival")).toHaveText(copy.friend);
      await expect(page.getByTestId("arrival")).toBeVisible();
      // The same cached page without a friend's link says nothing of one.
      const plain = await page.goto(pathIn(v, "home"));
      expect(plain?.headers()["x-edge-cache"]).toBe("HIT");
      await expect(page.getByText(copy.friend)).toBeHidden();
    } finally {
      await context.close();
    }
  });
}

for (const v of sports) {
  test(`${v.key}: a parent from a club's link reads the club's name; a club not yet public names nobody`, async ({
    browser,
    jsEnabled,
  }, testInfo) => {
    const copy = getPage(v.key, "landing").arrival;
    const tag = tagOf(testInfo.project.name);
    const approved = await seedClub(v, "approved", tag);
    const pending = await seedClub(v, "pending", tag);
    const { context, page } = await newParent(browser, jsEnabled, { userAgent: PARENT_UA });
    try {
      await page.goto(pathIn(v, `c/${approved.slug}`));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByTestId("arrival")).toHaveText(`${copy.club} ${approved.name}`);
      await expect(page.getByTestId("arrival")).toBeVisible();
      // A second parent from the same link gets the club's page from the cache.
      const again = await page.goto(pathIn(v, `c/${approved.slug}`));
      expect(again?.headers()["x-edge-cache"]).toBe("HIT");
      await expect(page.getByTestId("arrival")).toHaveText(`${copy.club} ${approved.name}`);

      await page.goto(pathIn(v, `c/${pending.slug}`));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByText(pending.name)).toHaveCount(0);
      await expect(page.getByTestId("arrival")).toBeHidden();
    } finally {
      await context.close();
    }
  });
}

test.describe("the arrival line without a browser", { tag: "@http" }, () => {
  for (const v of variants) {
    test(`${v.key}: a friend's link says a friend invited you, in the variant's copy; a plain visit does not`, async ({ request }) => {
      const copy = getPage(v.key, "landing").arrival;
      const arrivalTag = (html: string) => /<p[^>]*data-testid="arrival"[^>]*>/.exec(html)?.[0] ?? "";
      const invited = await (await request.get(pathIn(v, "home", { r: "ABCD2345" }), { headers: { "User-Agent": PARENT_UA } })).text();
      expect(invited).toContain(copy.friend);
      expect(arrivalTag(invited)).not.toMatch(/\shidden/);
      const plain = await (await request.get(pathIn(v, "home"), { headers: { "User-Agent": PARENT_UA } })).text();
      expect(arrivalTag(plain)).toMatch(/\shidden/);
    });
  }

  for (const v of sports) {
    test(`${v.key}: a club's link names the club in the variant's copy; a made-up club is the plain page`, async ({
      request,
    }, testInfo) => {
      const copy = getPage(v.key, "landing").arrival;
      const club = await seedClub(v, "approved", tagOf(testInfo.project.name));
      const html = await (await request.get(pathIn(v, `c/${club.slug}`), { headers: { "User-Agent": PARENT_UA } })).text();
      expect(html).toContain(`${copy.club} ${club.name}`);
      const forged = await request.get(pathIn(v, "home", { club: "no-such-club" }), { maxRedirects: 0 });
      expect(forged.status()).toBe(302);
      expect(forged.headers()["location"]).toBe(pathIn(v, "home"));
    });
  }
});
