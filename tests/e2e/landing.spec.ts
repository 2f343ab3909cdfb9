import { getModePage, getPage } from "../../content/index";
import { expect, pathIn, queryD1, sqlString, test, uniqueEmail, variants } from "./fixtures";

const APP_SIGNIN_URL = "https://app.aiparenting.example/login";
const hockeyShot = "/images/screenshot-icehockey.svg";

for (const v of variants) {
  // The main server runs LAUNCH_MODE=waitlist: the landing promises no trial there.
  const landing = getModePage(v.key, "waitlist", "landing");
  const ownShot = `/images/screenshot-${v.key}.svg`;

  test.describe(`landing: ${v.key}`, () => {
    // @js-on: a link preview reads the served meta tags; no script takes part.
    test("a parent's shared link unfurls into their share card, naming no one", { tag: "@js-on" }, async ({ page }) => {
      const plan = getPage(v.key, "roadmapPlan");
      const ages = getPage(v.key, "options").ageBands;
      const stage = plan.stages[1];
      const email = uniqueEmail(`share-${v.key}`);
      const code = `S${Date.now().toString(36).toUpperCase()}`.slice(0, 8).padEnd(8, "X");
      await queryD1(
        `INSERT INTO ${v.table} (id, email, ref_code, age_bands, step_completed, created_at) VALUES (` +
          `${sqlString(crypto.randomUUID())}, ${sqlString(email)}, ${sqlString(code)}, ${sqlString(JSON.stringify([stage.bands[0]]))}, 3, ${sqlString(new Date().toISOString())})`,
      );
      await page.goto(pathIn(v, "home", { r: code }));
      const meta = (property: string) => page.locator(`meta[property="${property}"]`);
      // The parent's own card (docs/decisions/037-share-card.md; tests/e2e/share-card.spec.ts).
      await expect(meta("og:image")).toHaveAttribute("content", new RegExp(`/card/${code}/[0-9a-f]{16}\\.png`));
      const title = await meta("og:title").getAttribute("content");
      const label = ages.find((band) => band.value === stage.bands[0])!.label;
      expect(title).toContain(label);
      expect(title).toContain(getPage(v.key, "site").title);
      await expect(meta("og:description")).toHaveAttribute("content", new RegExp(label));
      const imageUrl = new URL(String(await meta("og:image").getAttribute("content")));
      const image = await page.request.get(imageUrl.pathname + imageUrl.search);
      expect(image.status()).toBe(200);
      expect(await page.locator("head").innerHTML()).not.toContain(email.split("@")[0]);
      // Any other link unfurls into the site's own card.
      await page.goto(pathIn(v, "home", { r: "NOSUCH00" }));
      await expect(meta("og:image")).toHaveAttribute("content", /\/images\/share-[a-z]+\.png$/);
    });

    test("shows every block of SPEC 2.4 in order, with the variant's copy", async ({ page }) => {
      await page.goto(pathIn(v, "home"));
      await expect(page).toHaveTitle(landing.meta.title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", landing.meta.description);

      await expect(page.getByRole("heading", { level: 1 })).toHaveText(landing.hero.title);
      const headings = await page.getByRole("heading", { level: 2 }).allTextContents();
      expect(headings.slice(0, 5)).toEqual([
        landing.dreamOutcome.title,
        landing.painPoints.title,
        landing.solution.title,
        landing.credibility.title,
        landing.finalCta.title,
      ]);
      const hero = page.locator("section").first();
      await expect(hero).toContainText(landing.hero.subtitle);
      await expect(hero).toContainText(landing.hero.appText);
      await expect(hero).toContainText(landing.hero.subtext);
      for (const icon of ["users", "shield", "star"]) {
        await expect(hero.locator(`svg[data-icon="${icon}"]`)).toHaveCount(1);
      }
      // The last outcome is bold.
      const lastOutcome = landing.dreamOutcome.outcomes.at(-1)!;
      await expect(page.locator("strong", { hasText: lastOutcome })).toBeVisible();
      await expect(page.locator("#pain-title + ul > li")).toHaveCount(3);
      await expect(page.locator("#solution-title + ul > li")).toHaveCount(4);
      await expect(page.locator("#credibility-title + ul > li")).toHaveCount(3);
    });

    // @js-on: the page ships no JavaScript (no `hydrate` handle); a second run without it is the same run.
    test("every call to action leads to the variant's form; Log In opens the app in a new tab", { tag: "@js-on" }, async ({ page }) => {
      await page.goto(pathIn(v, "home"));
      for (const label of [
        landing.hero.ctaLabel,
        landing.dreamOutcome.buttonLabel,
        landing.solution.buttonLabel,
        landing.finalCta.buttonLabel,
      ]) {
        await expect(page.getByRole("link", { name: label })).toHaveAttribute("href", pathIn(v, "form"));
      }
      const login = page.getByRole("link", { name: "Log In" });
      await expect(login).toHaveAttribute("href", APP_SIGNIN_URL);
      await expect(login).toHaveAttribute("target", "_blank");
      await expect(login).toHaveAttribute("rel", /noopener/);

      await page.getByRole("link", { name: landing.finalCta.buttonLabel }).click();
      await expect(page).toHaveURL(new RegExp(`${pathIn(v, "form").replace(/[?]/g, "\\?")}$`));
    });

    // @js-on: the page ships no JavaScript (no `hydrate` handle); a second run without it is the same run.
    test("shows the variant's screenshot with its size reserved", { tag: "@js-on" }, async ({ page }) => {
      await page.goto(pathIn(v, "home"));
      const shot = page.getByRole("img", { name: landing.hero.screenshotAlt });
      await expect(shot).toBeVisible();
      await expect(shot).toHaveAttribute("src", ownShot);
      await expect(shot).toHaveAttribute("width", "300");
      await expect(shot).toHaveAttribute("height", "600");
      await expect.poll(() => shot.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);
    });
  });

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

    test("when the ice hockey screenshot fails too, the image is hidden", async ({ page }) => {
      await page.route("**/images/screenshot-*.svg", (route) => route.abort());
      await page.goto(pathIn(v, "home"));
      await expect(page.locator("img[data-screenshot]")).toBeHidden();
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    });
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
