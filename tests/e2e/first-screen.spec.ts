import type { Page } from "@playwright/test";
import { getPage } from "../../content/index";
import { alternatingModes, expect, MAIN_URL, pathIn, test, variants } from "./fixtures";

/**
 * The first screen on a phone (390×844): the consent bar is small and pinned to the bottom, the
 * hero's title and call to action fit above it, both choices work (a form POST without
 * JavaScript), and the skip link is the first Tab stop. Plus the champion site's sport paths.
 */
const PHONE = { width: 390, height: 844 };
const banner = (page: Page) => page.getByTestId("consent-banner");

async function box(page: Page, selector: ReturnType<Page["locator"]>) {
  const found = await selector.boundingBox();
  expect(found, "the element is laid out").not.toBeNull();
  return found!;
}

test.use({ viewport: PHONE });

for (const v of variants) {
  const landing = getPage(v.key, "landing");
  const consent = getPage(v.key, "consent");
  const site = getPage(v.key, "site");

  test.describe(`first screen: ${v.key}`, () => {
    const mode = alternatingModes(v);
    // @js-on: the layout is the server's markup and the stylesheet; no script moves it.
    test("the consent bar covers at most 15% of the screen; title and call to action fit above it", { tag: "@js-on" }, async ({ page }) => {
      await page.goto(pathIn(v, "home"));
      const bar = await box(page, banner(page));
      const share = (bar.width * bar.height) / (PHONE.width * PHONE.height);
      console.log(`consent bar on ${v.key}: ${(share * 100).toFixed(1)}% of ${PHONE.width}x${PHONE.height}`);
      await page.screenshot({ path: test.info().outputPath(`first-screen-${v.key}.png`) });
      expect(share).toBeLessThanOrEqual(0.15);
      // Pinned to the bottom of the first screen, not pushing the page down.
      expect(bar.y + bar.height).toBeCloseTo(PHONE.height, 0);

      const title = await box(page, page.getByRole("heading", { level: 1, name: landing.hero.title }));
      const cta = await box(page, page.locator("section[aria-labelledby=hero-title]").getByRole("link", { name: landing.hero.ctaLabel }));
      for (const shape of [title, cta]) {
        expect(shape.y).toBeGreaterThanOrEqual(0);
        expect(shape.x).toBeGreaterThanOrEqual(0);
        expect(shape.x + shape.width).toBeLessThanOrEqual(PHONE.width);
        expect(shape.y + shape.height, "fully above the consent bar").toBeLessThanOrEqual(bar.y);
      }
    });

    // @js-on: the layout is the server's markup and the stylesheet; no script moves it.
    test("the consent bar never covers the footer's links, wherever the fold falls", { tag: "@js-on" }, async ({ page }) => {
      await page.goto(pathIn(v, "faq"));
      const links = page.locator("footer a");
      const footerTop = await page.locator("footer").evaluate((footer) => footer.getBoundingClientRect().top + window.scrollY);
      const end = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
      // Scrolled so the bottom of the screen sweeps from above the footer to the end of the page.
      for (let y = Math.max(0, footerTop - PHONE.height - 40); y <= end + 20; y += 20) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        const bar = await box(page, banner(page));
        const covered = await links.evaluateAll(
          (anchors, edge) =>
            anchors
              .map((anchor) => anchor.getBoundingClientRect())
              .filter((rect) => rect.bottom > edge.top && rect.top < edge.bottom)
              .map((rect) => `${rect.top}-${rect.bottom}`),
          { top: bar.y, bottom: bar.y + bar.height },
        );
        expect(covered, `footer links under the bar scrolled to ${y}`).toEqual([]);
      }
      // At the end of the page the footer is whole on screen.
      const last = await box(page, page.locator("footer p").last());
      expect(last.y + last.height).toBeLessThanOrEqual(PHONE.height);
    });

    for (const choice of ["accept", "reject"] as const) {
      test(`${choice} is as easy as the other and closes the bar`, mode(), async ({ page }) => {
        await page.goto(pathIn(v, "home"));
        const accept = await box(page, banner(page).getByRole("button", { name: consent.acceptLabel }));
        const reject = await box(page, banner(page).getByRole("button", { name: consent.rejectLabel }));
        expect(accept.width).toBeCloseTo(reject.width, 0);
        expect(accept.height).toBeCloseTo(reject.height, 0);
        const label = choice === "accept" ? consent.acceptLabel : consent.rejectLabel;
        await banner(page).getByRole("button", { name: label }).click();
        await expect(banner(page)).toHaveCount(0);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(landing.hero.title);
        const cookies = await page.context().cookies();
        expect(cookies.some((cookie) => /consent/i.test(cookie.name))).toBe(true);
      });
    }

    // @js-on: the skip link is a plain link to #main; the browser moves the focus in both.
    test("the skip link is the first Tab stop and moves focus to the main content", { tag: "@js-on" }, async ({ page }) => {
      await page.goto(pathIn(v, "faq"));
      await page.keyboard.press("Tab");
      const skip = page.getByRole("link", { name: site.skipLinkLabel });
      await expect(skip).toBeFocused();
      await expect(skip).toHaveAttribute("href", "#main");
      const shown = await box(page, skip);
      expect(shown.width).toBeGreaterThan(20);
      expect(shown.y).toBeGreaterThanOrEqual(0);
      await page.keyboard.press("Enter");
      await expect(page.locator("main#main")).toBeFocused();
    });
  });
}

test.describe("champion sport paths", { tag: "@http" }, () => {
  for (const sport of ["tennis", "icehockey"] as const) {
    const wordmark = getPage(sport, "site").wordmark;
    test(`/${sport} on the champion host is the ${sport} landing page with its path as canonical`, async ({ request }) => {
      const response = await request.get(`${MAIN_URL}/${sport}`, { headers: { Host: "champion.example" } });
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toContain(`<link rel="canonical" href="https://champion.example/${sport}"/>`);
      expect(html).toContain(wordmark);
      expect(html).toContain(getPage(sport, "landing").hero.title);
    });

    test(`/${sport} with the loopback parameters is the ${sport} landing page`, async ({ request }) => {
      const response = await request.get(`${MAIN_URL}/${sport}?domain=champion&sport=${sport}`);
      expect(response.status()).toBe(200);
      expect(await response.text()).toContain(getPage(sport, "landing").hero.title);
    });
  }

  test("the champion sitemap lists the sport path; other hosts' /tennis stays an unknown path", async ({ request }) => {
    const sitemap = await request.get(`${MAIN_URL}/sitemap.xml?sport=tennis`, { headers: { Host: "champion.example" } });
    expect(await sitemap.text()).toContain("<loc>https://champion.example/tennis</loc>");
    const genius = await request.get(`${MAIN_URL}/tennis`, { headers: { Host: "aiparenting.example" } });
    expect(genius.status()).toBe(404);
    const loopback = await request.get(`${MAIN_URL}/tennis`);
    expect(loopback.status()).toBe(404);
  });
});
