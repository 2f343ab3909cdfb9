import type { Page } from "@playwright/test";
import { getPage } from "../../content/index";
import { createConfirmedAccount, signIn } from "./auth-helpers";
import { MAIN_URL, expect, pathIn, test, uniqueEmail, variants, waitForHydration } from "./fixtures";

/**
 * The advertising pixel with consent granted (SPEC 1, 7.4):
 * - on pages that hydrate it loads only after hydration, so React never finds a DOM it did not
 *   render (hydration errors #418/#423 re-rendered the page from scratch and wiped the form);
 * - it never loads on admin, dev or QA pages.
 * The provider is never reached: its requests are answered by a local stub and recorded.
 */
const PROVIDER = /^https:\/\/(connect\.facebook\.net|www\.facebook\.com)\//;
const STUB_SCRIPT = "window.__fbeventsLoads = (window.__fbeventsLoads || 0) + 1;";
const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
const HYDRATION_TROUBLE = /hydrat|#418|#423|did not match|server rendered HTML/i;
const genius = variants.find((v) => v.key === "genius")!;
/** The pixel's script, bootstrap call or no-script image (the footer's social page link is no pixel). */
const PIXEL_MARKUP = /fbevents|facebook\.com\/tr|fbq\(/;

async function recordProvider(page: Page): Promise<string[]> {
  const hits: string[] = [];
  await page.route(PROVIDER, async (route) => {
    const url = route.request().url();
    hits.push(url);
    if (url.includes("fbevents.js")) await route.fulfill({ contentType: "application/javascript", body: STUB_SCRIPT });
    else await route.fulfill({ contentType: "image/gif", body: GIF });
  });
  return hits;
}

/** Every console error and uncaught page error, as text. */
function recordErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(`${error.message}\n${error.stack ?? ""}`));
  return errors;
}

async function grantConsent(page: Page) {
  await page.context().addCookies([{ name: "consent", value: "granted", url: MAIN_URL }]);
}

const queuedCalls = (page: Page) =>
  page.evaluate(() => {
    const fbq = (window as unknown as { fbq?: { queue: ArrayLike<unknown>[] } }).fbq;
    return fbq ? fbq.queue.map((args) => Array.from(args)) : null;
  });

const scriptLoads = (hits: string[]) => hits.filter((url) => url.endsWith("/en_US/fbevents.js"));

// One variant per domain: the pixel id is the domain's (the sport editions share the champion one).
for (const v of variants.filter((item) => item.key !== "icehockey")) {
  test.describe(`pixel on hydrated pages: ${v.key}`, () => {
    // @js-on: hydration needs JavaScript.
    test("step-1 choices made before and after hydration survive it, with no hydration error", { tag: "@js-on" }, async ({ page }) => {
      const copy = getPage(v.key, "form").step1;
      const options = getPage(v.key, "options");
      const hits = await recordProvider(page);
      const errors = recordErrors(page);
      await grantConsent(page);

      // Hold the app's scripts back so the parent is quicker than hydration.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/.*\.js$/, async (route) => {
        await released;
        await route.continue();
      });

      await page.goto(pathIn(v, "form"), { waitUntil: "commit" });
      const age = page.getByLabel(copy.ageBandLabel, { exact: true });
      const time = page.getByLabel(copy.timeLabel, { exact: true });
      await age.selectOption(options.ageBands[1].value);
      expect(await page.locator("html[data-hydrated]").count()).toBe(0);

      release();
      await waitForHydration(page);
      await time.selectOption(options.time[1].value);
      // Give a failed hydration time to throw the page away and render it again.
      await page.waitForLoadState("networkidle");
      await expect(age).toHaveValue(options.ageBands[1].value);
      await expect(time).toHaveValue(options.time[1].value);
      await expect(page.getByRole("button", { name: getPage(v.key, "form").step1.continue })).toBeEnabled();
      expect(errors.filter((text) => HYDRATION_TROUBLE.test(text))).toEqual([]);

      // The pixel did load, once, outside the markup React hydrates.
      expect(scriptLoads(hits)).toHaveLength(1);
      await expect
        .poll(() => queuedCalls(page))
        .toEqual([
          ["init", v.pixelId],
          ["track", "PageView"],
        ]);
      expect(await page.locator("body script[src*='facebook']").count()).toBe(0);
    });

    test("/form with consent: one load after hydration, or the no-script image without JavaScript", async ({ page, jsEnabled }) => {
      const hits = await recordProvider(page);
      await grantConsent(page);
      await page.goto(pathIn(v, "form"));
      await page.waitForLoadState("networkidle");
      if (jsEnabled) {
        await waitForHydration(page);
        await expect
          .poll(() => queuedCalls(page))
          .toEqual([
            ["init", v.pixelId],
            ["track", "PageView"],
          ]);
        expect(scriptLoads(hits)).toHaveLength(1);
        expect(await page.evaluate(() => (window as unknown as { __fbeventsLoads?: number }).__fbeventsLoads)).toBe(1);
        expect(hits.filter((url) => url.includes("noscript=1"))).toEqual([]);
      } else {
        expect(hits).toEqual([`https://www.facebook.com/tr?id=${v.pixelId}&ev=PageView&noscript=1`]);
      }
    });
  });
}

test.describe("pixel scope", () => {
  // @js-on: client-side navigation needs JavaScript.
  test("client-side navigations from a public page to admin and QA pages track no PageView", { tag: "@js-on" }, async ({ page }) => {
    const hits = await recordProvider(page);
    await grantConsent(page);
    await page.goto(pathIn(genius, "guide-form"));
    await waitForHydration(page);
    const tracked = [
      ["init", genius.pixelId],
      ["track", "PageView"],
    ];
    await expect.poll(() => queuedCalls(page)).toEqual(tracked);
    const navigate = (to: string) =>
      page.evaluate(
        (path) => (window as unknown as { __remixRouter: { navigate: (to: string) => Promise<void> } }).__remixRouter.navigate(path),
        to,
      );
    // The admin page hydrates too (its anonymous view: the sign-in prompt).
    await navigate("/admin/leads");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(getPage("genius", "admin").access.notLoggedIn);
    await navigate("/test-urls");
    await expect(page.getByTestId("link-form")).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(await queuedCalls(page)).toEqual(tracked);
    expect(scriptLoads(hits)).toHaveLength(1);
  });

  test("no pixel on dev and QA pages, whatever the consent", async ({ page, jsEnabled }) => {
    const hits = await recordProvider(page);
    await grantConsent(page);
    for (const path of ["/dev/outbox", "/test-urls", "/test-email-templates", pathIn(genius, "simple-test")]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await page.waitForLoadState("networkidle");
      expect(hits, path).toEqual([]);
      expect(await page.content(), path).not.toMatch(PIXEL_MARKUP);
      expect(response?.headers()["content-security-policy"], path).not.toContain("facebook");
      if (jsEnabled) expect(await page.evaluate(() => "fbq" in window), path).toBe(false);
    }
  });

  test("no pixel on the admin pages for a signed-in admin who consented", async ({ page, jsEnabled }) => {
    test.slow();
    const email = uniqueEmail("pixel-admin");
    const password = "admin-e2e-password";
    await createConfirmedAccount(email, password, "admin");
    await signIn(page, genius, email, password);

    const hits = await recordProvider(page);
    await grantConsent(page);
    const response = await page.goto("/admin/leads");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("table")).toBeVisible();
    if (jsEnabled) await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    expect(hits).toEqual([]);
    expect(await page.content()).not.toMatch(PIXEL_MARKUP);
    expect(response?.headers()["content-security-policy"]).not.toContain("facebook");
    if (jsEnabled) expect(await page.evaluate(() => "fbq" in window)).toBe(false);
  });
});

test.describe("consent banner scope", () => {
  test("an admin page shows no consent banner (no pixel loads there), while a public page still asks", async ({ page, jsEnabled }) => {
    test.slow();
    const banner = page.getByTestId("consent-banner");
    const email = uniqueEmail("banner-admin");
    const password = "admin-e2e-password";
    await createConfirmedAccount(email, password, "admin");
    // No choice made: the sign-in page, a public one, asks.
    await signIn(page, genius, email, password);
    await expect(banner).toBeVisible();

    // The lead list hydrates (its dialogs); the analytics page is static.
    for (const [path, hydrates] of [
      ["/admin/leads", true],
      ["/admin/analytics", false],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole("heading", { level: 1 }), path).toBeVisible();
      if (jsEnabled && hydrates) await waitForHydration(page);
      await expect(banner, path).toHaveCount(0);
    }
    // Still no choice made: the next public page asks again.
    await page.goto(pathIn(genius, "faq"));
    await expect(banner).toBeVisible();
  });
});
