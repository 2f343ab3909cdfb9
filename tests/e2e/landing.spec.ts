import { getModePage, getPage } from "../../content/index";
import { expect, pathIn, queryD1, sqlString, test, uniqueEmail, variants } from "./fixtures";
import { elements, getHtml, tagAttr, tags, textOf } from "./http";

const APP_SIGNIN_URL = "https://app.aiparenting.example/login";
const hockeyShot = "/images/screenshot-icehockey.svg";

/** The items of the list that follows the heading `id` (`#id + ul > li`). */
function listAfter(html: string, id: string) {
  const rest = html.slice(html.indexOf(`id="${id}"`));
  return elements(/<ul\b[\s\S]*?<\/ul>/.exec(rest)?.[0] ?? "", "li");
}

// The copy, links, tags and screenshot of each variant's landing are the server's HTML: checked
// over HTTP in all three. The page ships no JavaScript of ours but the screenshot's fallback: what
// a browser adds (a click, an image that loads, the fallback) is walked in one variant, or in the
// two whose fallback differs.
for (const v of variants) {
  // The main server runs LAUNCH_MODE=waitlist: the landing promises no trial there.
  const landing = getModePage(v.key, "waitlist", "landing");
  const ownShot = `/images/screenshot-${v.key}.svg`;

  test.describe(`landing without a browser: ${v.key}`, { tag: "@http" }, () => {
    test("a parent's shared link unfurls into their share card, naming no one", async ({ request }) => {
      const plan = getPage(v.key, "roadmapPlan");
      const ages = getPage(v.key, "options").ageBands;
      const stage = plan.stages[1];
      const email = uniqueEmail(`share-${v.key}`);
      const code = `S${Date.now().toString(36).toUpperCase()}`.slice(0, 8).padEnd(8, "X");
      await queryD1(
        `INSERT INTO ${v.table} (id, email, ref_code, age_bands, step_completed, created_at) VALUES (` +
          `${sqlString(crypto.randomUUID())}, ${sqlString(email)}, ${sqlString(code)}, ${sqlString(JSON.stringify([stage.bands[0]]))}, 3, ${sqlString(new Date().toISOString())})`,
      );
      const { html } = await getHtml(request, pathIn(v, "home", { r: code }));
      const meta = (property: string) => tagAttr(html, "meta", "property", property, "content") ?? "";
      // The parent's own card (docs/decisions/037-share-card.md; tests/e2e/share-card.spec.ts).
      expect(meta("og:image")).toMatch(new RegExp(`/card/${code}/[0-9a-f]{16}\\.png`));
      const label = ages.find((band) => band.value === stage.bands[0])!.label;
      expect(meta("og:title")).toContain(label);
      expect(meta("og:title")).toContain(getPage(v.key, "site").title);
      expect(meta("og:description")).toContain(label);
      const imageUrl = new URL(meta("og:image"));
      const image = await request.get(imageUrl.pathname + imageUrl.search);
      expect(image.status()).toBe(200);
      expect(/<head\b[\s\S]*<\/head>/.exec(html)?.[0]).not.toContain(email.split("@")[0]);
      // Any other link unfurls into the site's own card.
      const other = await getHtml(request, pathIn(v, "home", { r: "NOSUCH00" }));
      expect(tagAttr(other.html, "meta", "property", "og:image", "content")).toMatch(/\/images\/share-[a-z]+\.png$/);
    });

    test("shows every block of SPEC 2.4 in order, with the variant's copy", async ({ request }) => {
      const { html } = await getHtml(request, pathIn(v, "home"));
      expect(elements(html, "title").map((title) => title.text)).toEqual([landing.meta.title]);
      expect(tagAttr(html, "meta", "name", "description", "content")).toBe(landing.meta.description);
      expect(elements(html, "h1").map((h1) => h1.text)).toEqual([landing.hero.title]);
      expect(
        elements(html, "h2")
          .map((h2) => h2.text)
          .slice(0, 5),
      ).toEqual([
        landing.dreamOutcome.title,
        landing.painPoints.title,
        landing.solution.title,
        landing.credibility.title,
        landing.finalCta.title,
      ]);
      const hero = elements(html, "section")[0];
      for (const text of [landing.hero.subtitle, landing.hero.appText, landing.hero.subtext]) expect(hero.text).toContain(textOf(text));
      for (const icon of ["users", "shield", "star"]) {
        expect(tags(hero.html, "svg").filter((svg) => svg["data-icon"] === icon)).toHaveLength(1);
      }
      // The last outcome is bold.
      expect(elements(html, "strong").map((strong) => strong.text)).toContain(landing.dreamOutcome.outcomes.at(-1)!);
      expect(listAfter(html, "pain-title")).toHaveLength(3);
      expect(listAfter(html, "solution-title")).toHaveLength(4);
      expect(listAfter(html, "credibility-title")).toHaveLength(3);
    });

    test("every call to action leads to the variant's form; Log In opens the app in a new tab", async ({ request }) => {
      const { html } = await getHtml(request, pathIn(v, "home"));
      const links = elements(html, "a");
      for (const label of [
        landing.hero.ctaLabel,
        landing.dreamOutcome.buttonLabel,
        landing.solution.buttonLabel,
        landing.finalCta.buttonLabel,
      ]) {
        const found = links.filter((a) => a.text === label);
        expect(found.length, label).toBeGreaterThan(0);
        for (const a of found) expect(a.attrs.href, label).toBe(pathIn(v, "form"));
      }
      // Its accessible name goes on: "(opens in a new tab)".
      const login = links.filter((a) => a.text.startsWith("Log In"));
      expect(login.length).toBeGreaterThan(0);
      for (const a of login) {
        expect(a.attrs.href).toBe(APP_SIGNIN_URL);
        expect(a.attrs.target).toBe("_blank");
        expect(a.attrs.rel).toMatch(/noopener/);
      }
    });

    test("shows the variant's screenshot with its size reserved", async ({ request }) => {
      const { html } = await getHtml(request, pathIn(v, "home"));
      const shot = tags(html, "img").filter((img) => img.alt === landing.hero.screenshotAlt);
      expect(shot).toHaveLength(1);
      expect(shot[0]).toMatchObject({ src: ownShot, width: "300", height: "600" });
      const image = await request.get(ownShot);
      expect(image.status()).toBe(200);
      expect(await image.text()).toMatch(/<svg\b[^>]*\bwidth="300"/);
    });
  });
}

{
  const v = variants[0];
  const landing = getModePage(v.key, "waitlist", "landing");
  // @js-on: the page ships no JavaScript (no `hydrate` handle); a second run without it is the same run.
  test(
    `landing: ${v.key}: the bold outcome shows, the screenshot loads at its size, and the last call to action opens the form`,
    { tag: "@js-on" },
    async ({ page }) => {
      await page.goto(pathIn(v, "home"));
      await expect(page.locator("strong", { hasText: landing.dreamOutcome.outcomes.at(-1)! })).toBeVisible();
      const shot = page.getByRole("img", { name: landing.hero.screenshotAlt });
      await expect(shot).toBeVisible();
      await expect.poll(() => shot.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);
      await page.getByRole("link", { name: landing.finalCta.buttonLabel }).click();
      await expect(page).toHaveURL(new RegExp(`${pathIn(v, "form").replace(/[?]/g, "\\?")}$`));
    },
  );
}

// The fallback script is the same in every variant; ice hockey's own screenshot is the fallback, so it hides at once.
for (const v of [variants[0], variants[1]]) {
  const landing = getModePage(v.key, "waitlist", "landing");
  const ownShot = `/images/screenshot-${v.key}.svg`;
  // @js-on: the fallback is a script.
  test.describe(`landing screenshot fallback: ${v.key}`, { tag: "@js-on" }, () => {
    test("a failed screenshot falls back to the ice hockey one, then hides", async ({ page }) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await page.route(`**${ownShot}`, (route) => route.abort());
      await page.goto(pathIn(v, "home"));
      const shot = page.getByRole("img", { name: landing.hero.screenshotAlt });
      if (v.key === "icehockey") {
        await expect(shot).toBeHidden();
      } else {
        await expect(shot).toHaveAttribute("src", hockeyShot);
        await expect(shot).toBeVisible();
        await expect.poll(() => shot.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);
      }
      expect(errors).toEqual([]);
    });

    if (v.key === "genius") {
      test("when the ice hockey screenshot fails too, the image is hidden", async ({ page }) => {
        await page.route("**/images/screenshot-*.svg", (route) => route.abort());
        await page.goto(pathIn(v, "home"));
        await expect(page.locator("img[data-screenshot]")).toBeHidden();
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      });
    }
  });
}

// @js-on: what runs in the page is what is under test.
test("the landing page has no console errors and no app bundle, only the nonce'd fallback script", { tag: "@js-on" }, async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  const response = await page.goto("/");
  const nonce = /'nonce-([^']+)'/.exec(response?.headers()["content-security-policy"] ?? "")?.[1];
  const html = await response!.text();
  const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((match) => match[1]);
  expect(scripts).toEqual([` nonce="${nonce}"`]);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("load");
  expect(errors).toEqual([]);
});
