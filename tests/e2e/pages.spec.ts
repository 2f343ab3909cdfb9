import type { Page } from "@playwright/test";
import { getPage } from "../../content/index";
import { alternatingModes, expect, pathIn, test, variants } from "./fixtures";

/**
 * FAQ, privacy, terms (SPEC 2.13, 9) and the consent-gated advertising pixel (SPEC 1, 7.4).
 * The provider is never reached: every request to it is answered by a local stub and recorded.
 */
const PROVIDER = /^https:\/\/(connect\.facebook\.net|www\.facebook\.com)\//;
const STUB_SCRIPT = "window.__fbeventsLoads = (window.__fbeventsLoads || 0) + 1;";
const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

async function recordProvider(page: Page): Promise<string[]> {
  const hits: string[] = [];
  await page.route(PROVIDER, async (route) => {
    const url = route.request().url();
    hits.push(url);
    if (url.includes("fbevents.js")) {
      await route.fulfill({ contentType: "application/javascript", body: STUB_SCRIPT });
    } else {
      await route.fulfill({ contentType: "image/gif", body: GIF });
    }
  });
  return hits;
}

const banner = (page: Page) => page.getByTestId("consent-banner");

/** The calls queued by the pixel bootstrap (the stub leaves the queue as it is). */
const queuedCalls = (page: Page) =>
  page.evaluate(() => {
    const fbq = (window as unknown as { fbq?: { queue: ArrayLike<unknown>[] } }).fbq;
    return fbq ? fbq.queue.map((args) => Array.from(args)) : null;
  });

for (const v of variants) {
  test.describe(`pages: ${v.key}`, () => {
    const mode = alternatingModes(v);
    // @js-on: the page ships no JavaScript (no `hydrate` handle); a second run without it is the same run.
    test("FAQ: the first question is open and a second opens beside it", { tag: "@js-on" }, async ({ page }) => {
      const response = await page.goto(pathIn(v, "faq"));
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Frequently asked questions");
      await expect(page).toHaveTitle(`FAQ | ${v.title}`);
      const items = page.locator("main details");
      expect(await items.count()).toBeGreaterThan(8);
      await expect(items.nth(0)).toHaveAttribute("open", "");
      await expect(items.nth(1)).not.toHaveAttribute("open", "");
      await items.nth(1).locator("summary").click();
      await expect(items.nth(1)).toHaveAttribute("open", "");
      await expect(items.nth(0)).toHaveAttribute("open", "");
      await expect(items.nth(1)).toContainText("The AI is for parents, not children.");
      // The place-in-line rule and the waves, in the edition's own words.
      const waves = getPage(v.key, "faq")
        .categories.flatMap((category) => category.items)
        .find((item) => /\bwaves\b/i.test(item.question));
      expect(waves, "the FAQ entry on waves").toBeDefined();
      const entry = items.filter({ has: page.locator("summary", { hasText: waves!.question }) });
      await expect(entry).toHaveCount(1);
      await entry.locator("summary").click();
      await expect(entry.getByText(waves!.answer.at(-1)!)).toBeVisible();
      const guarantee = v.key === "genius" ? "7-day money-back guarantee" : "30-day satisfaction guarantee";
      await expect(page.locator("main")).toContainText(guarantee);
      const mail = page.getByRole("link", { name: "E-mail us" });
      await expect(mail).toHaveAttribute("href", /^mailto:hello@/);
    });

    // @js-on: the page ships no JavaScript (no `hydrate` handle); a second run without it is the same run.
    test("privacy policy: dated September 2025, names processors and the erasure contact", { tag: "@js-on" }, async ({ page }) => {
      await page.goto(pathIn(v, "privacy"));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
      const main = page.locator("main");
      await expect(main).toContainText("Last updated: September 2025");
      for (const text of ["Cloudflare", "Supabase", "Resend", "Meta", "age bands", "erase"]) {
        await expect(main).toContainText(text);
      }
    });

    // @js-on: the page ships no JavaScript (no `hydrate` handle); a second run without it is the same run.
    test("terms: dated September 2025 with the legal constants and age rules", { tag: "@js-on" }, async ({ page }) => {
      await page.goto(pathIn(v, "terms"));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of Service");
      const main = page.locator("main");
      await expect(main).toContainText("Last updated: September 2025");
      await expect(main).toContainText("within 60 days of informal resolution");
      await expect(main).toContainText("within 30 days of creating your account");
      await expect(main).toContainText("30 days' notice");
      await expect(main).toContainText("laws of the Czech Republic");
      await expect(main).toContainText("13 or older");
      await expect(main).toContainText("under 18");
      const cap = v.key === "icehockey" ? "greater of $1 or" : "greater of EUR 1 or";
      await expect(main).toContainText(`${cap} the amount you paid us in the last 12 months`);
    });

    // @js-on: the tags are the server's; no script writes them.
    test("canonical and sharing tags point at each public page in the variant", { tag: "@js-on" }, async ({ page, baseURL }) => {
      for (const name of ["home", "form", "pricing", "faq", "privacy", "terms", "guide", "tips"]) {
        await page.goto(pathIn(v, name));
        const canonical = `${baseURL}${pathIn(v, name)}`;
        await expect(page.locator('link[rel="canonical"]'), name).toHaveAttribute("href", canonical);
        await expect(page.locator('meta[property="og:url"]'), name).toHaveAttribute("content", canonical);
        await expect(page.locator('meta[property="og:title"]'), name).toHaveAttribute("content", await page.title());
        await expect(page.locator('meta[property="og:site_name"]'), name).toHaveAttribute("content", v.wordmark);
        await expect(page.locator('meta[property="og:image"]'), name).toHaveAttribute("content", `${baseURL}/images/share-${v.key}.png`);
        await expect(page.locator('meta[name="twitter:card"]'), name).toHaveAttribute("content", "summary_large_image");
        await expect(page.locator('meta[name="description"]'), name).toHaveAttribute("content", /.{50,}/);
      }
    });

    test("no pixel before consent, nor after Reject; the choice survives a reload", mode(), async ({ page, context }) => {
      const hits = await recordProvider(page);
      await page.goto(pathIn(v, "faq"));
      await expect(banner(page)).toBeVisible();
      await banner(page).getByRole("button", { name: "Reject" }).click();
      await expect(page).toHaveURL(new RegExp(`${pathIn(v, "faq").replace(/[?]/g, "\\?")}$`));
      await expect(banner(page)).toHaveCount(0);
      await page.reload();
      await expect(banner(page)).toHaveCount(0);
      await page.goto(pathIn(v, "privacy"));
      await page.waitForLoadState("networkidle");
      expect(hits).toEqual([]);
      expect(await page.locator("script[src*='facebook'], img[src*='facebook']").count()).toBe(0);
      const cookies = await context.cookies();
      expect(cookies.find((c) => c.name === "consent")?.value).toBe("denied");
      expect(cookies.filter((c) => c.name.startsWith("_fb"))).toEqual([]);
    });

    test("after Accept the pixel loads once per page with the variant's id", mode(), async ({ page, jsEnabled }) => {
      const hits = await recordProvider(page);
      await page.goto(pathIn(v, "privacy"));
      await page.waitForLoadState("networkidle");
      expect(hits).toEqual([]);

      await banner(page).getByRole("button", { name: "Accept" }).click();
      await expect(banner(page)).toHaveCount(0);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
      const expectOneLoad = async () => {
        await page.waitForLoadState("networkidle");
        if (jsEnabled) {
          expect(hits.filter((url) => url.endsWith("/en_US/fbevents.js"))).toHaveLength(1);
          expect(await page.evaluate(() => (window as unknown as { __fbeventsLoads?: number }).__fbeventsLoads)).toBe(1);
          expect(await queuedCalls(page)).toEqual([
            ["init", v.pixelId],
            ["track", "PageView"],
          ]);
        } else {
          // No script runs: the no-script image is the provider's fallback request.
          expect(hits).toEqual([`https://www.facebook.com/tr?id=${v.pixelId}&ev=PageView&noscript=1`]);
        }
      };
      await expectOneLoad();

      hits.length = 0;
      await page.reload();
      await expect(banner(page)).toHaveCount(0);
      await expectOneLoad();

      hits.length = 0;
      await page.goto(pathIn(v, "faq"));
      await expectOneLoad();
    });

    // @js-on: client-side navigation needs JavaScript.
    test("hydrated pages track one PageView per client-side navigation, loading the script once", { tag: "@js-on" }, async ({ page }) => {
      const hits = await recordProvider(page);
      await page.goto(pathIn(v, "guide-form"));
      await banner(page).getByRole("button", { name: "Accept" }).click();
      await expect(banner(page)).toHaveCount(0);
      await page.waitForFunction(() => "__remixRouter" in window);
      // On a hydrated page the pixel starts once hydration has committed.
      await expect
        .poll(() => queuedCalls(page))
        .toEqual([
          ["init", v.pixelId],
          ["track", "PageView"],
        ]);
      // A client-side navigation, as a hydrated page's links and redirects do.
      await page.evaluate(
        (to) => (window as unknown as { __remixRouter: { navigate: (to: string) => Promise<void> } }).__remixRouter.navigate(to),
        pathIn(v, "tips-form"),
      );
      await expect(page).toHaveURL((url) => url.pathname === "/tips-form");
      await expect
        .poll(() => queuedCalls(page))
        .toEqual([
          ["init", v.pixelId],
          ["track", "PageView"],
          ["track", "PageView"],
        ]);
      expect(hits.filter((url) => url.endsWith("/en_US/fbevents.js"))).toHaveLength(1);
    });

    test("Cookie settings re-opens the choice and Reject switches the pixel off", mode(), async ({ page }) => {
      const hits = await recordProvider(page);
      await page.goto(pathIn(v, "terms"));
      await banner(page).getByRole("button", { name: "Accept" }).click();
      await expect(banner(page)).toHaveCount(0);
      await page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" }).click();
      await expect(banner(page)).toBeVisible();
      await expect(banner(page)).toContainText("Your current choice: accepted.");
      await banner(page).getByRole("button", { name: "Reject" }).click();
      await expect(banner(page)).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`${pathIn(v, "terms").replace(/[?]/g, "\\?")}$`));
      hits.length = 0;
      await page.reload();
      await page.waitForLoadState("networkidle");
      expect(hits).toEqual([]);
      await expect(page.locator("script[src*='facebook']")).toHaveCount(0);
    });
  });
}

test.describe("consent endpoint and crawl files", { tag: "@http" }, () => {
  test("a consent post with a foreign redirect goes home instead; a bad choice is a 400", async ({ request }) => {
    const foreign = await request.post("/consent", {
      form: { choice: "granted", redirectTo: "//evil.example/" },
      maxRedirects: 0,
    });
    expect(foreign.status()).toBe(303);
    expect(foreign.headers()["location"]).toBe("/");
    expect(foreign.headers()["set-cookie"]).toContain("consent=granted");
    const bad = await request.post("/consent", { form: { choice: "maybe" }, maxRedirects: 0 });
    expect(bad.status()).toBe(400);
    expect(bad.headers()["set-cookie"]).toBeUndefined();
  });

  test("the CSP allows the provider only once consent is granted", async ({ request }) => {
    const before = await request.get("/faq");
    expect(before.headers()["content-security-policy"]).not.toContain("facebook");
    const after = await request.get("/faq", { headers: { Cookie: "consent=granted" } });
    expect(after.headers()["content-security-policy"]).toContain("https://connect.facebook.net");
    const denied = await request.get("/faq", { headers: { Cookie: "consent=denied" } });
    expect(denied.headers()["content-security-policy"]).not.toContain("facebook");
  });

  test("robots.txt and sitemap.xml describe the host's variant", async ({ request, baseURL }) => {
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain("Disallow: /test-content\n");
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    const sitemap = await request.get("/sitemap.xml?domain=champion&sport=icehockey");
    expect(sitemap.headers()["content-type"]).toContain("application/xml");
    const xml = await sitemap.text();
    expect(xml).toContain(`<loc>${baseURL}/pricing?domain=champion&amp;sport=icehockey</loc>`);
    expect(xml).not.toContain("test-");
  });
});
