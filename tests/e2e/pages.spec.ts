import type { Page } from "@playwright/test";
import { getPage } from "../../content/index";
import { expect, pathIn, test, variants } from "./fixtures";
import { elements, getHtml, mainOf, tagAttr, tags, textOf } from "./http";

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

// What differs per variant (copy, legal constants, sharing tags, the pixel's id) is in the server's
// HTML: checked over HTTP in all three. The consent flows post the same way in every variant: walked
// in a browser in one, with JavaScript on and off.
for (const v of variants) {
  test.describe(`pages without a browser: ${v.key}`, { tag: "@http" }, () => {
    test("FAQ: the first question is open, the rest closed, with the waves rule, the guarantee and a mail link", async ({ request }) => {
      const { status, html } = await getHtml(request, pathIn(v, "faq"));
      expect(status).toBe(200);
      expect(elements(html, "h1").map((h1) => h1.text)).toEqual(["Frequently asked questions"]);
      expect(elements(html, "title").map((title) => title.text)).toEqual([`FAQ | ${v.title}`]);
      const main = mainOf(html);
      const items = elements(main, "details");
      expect(items.length).toBeGreaterThan(8);
      expect(items[0].attrs).toHaveProperty("open");
      expect(items.slice(1).filter((item) => "open" in item.attrs)).toEqual([]);
      expect(items[1].text).toContain("The AI is for parents, not children.");
      // The place-in-line rule and the waves, in the edition's own words.
      const waves = getPage(v.key, "faq")
        .categories.flatMap((category) => category.items)
        .find((item) => /\bwaves\b/i.test(item.question));
      expect(waves, "the FAQ entry on waves").toBeDefined();
      const entry = items.filter((item) => elements(item.html, "summary")[0]?.text.includes(waves!.question));
      expect(entry).toHaveLength(1);
      expect(entry[0].text).toContain(textOf(waves!.answer.at(-1)!));
      const guarantee = v.key === "genius" ? "7-day money-back guarantee" : "30-day satisfaction guarantee";
      expect(textOf(main)).toContain(guarantee);
      expect(elements(html, "a").find((a) => a.text === "E-mail us")?.attrs.href).toMatch(/^mailto:hello@/);
    });

    test("privacy policy: dated September 2025, names processors and the erasure contact", async ({ request }) => {
      const { html } = await getHtml(request, pathIn(v, "privacy"));
      expect(elements(html, "h1").map((h1) => h1.text)).toEqual(["Privacy Policy"]);
      const main = textOf(mainOf(html));
      for (const text of ["Last updated: September 2025", "Cloudflare", "Supabase", "Resend", "Meta", "age bands", "erase"]) {
        expect(main).toContain(text);
      }
    });

    test("terms: dated September 2025 with the legal constants and age rules", async ({ request }) => {
      const { html } = await getHtml(request, pathIn(v, "terms"));
      expect(elements(html, "h1").map((h1) => h1.text)).toEqual(["Terms of Service"]);
      const main = textOf(mainOf(html));
      const cap = v.key === "icehockey" ? "greater of $1 or" : "greater of EUR 1 or";
      for (const text of [
        "Last updated: September 2025",
        "within 60 days of informal resolution",
        "within 30 days of creating your account",
        "30 days' notice",
        "laws of the Czech Republic",
        "13 or older",
        "under 18",
        `${cap} the amount you paid us in the last 12 months`,
      ]) {
        expect(main).toContain(text);
      }
    });

    test("canonical and sharing tags point at each public page in the variant", async ({ request, baseURL }) => {
      for (const name of ["home", "form", "pricing", "faq", "privacy", "terms", "guide", "tips"]) {
        const { html } = await getHtml(request, pathIn(v, name));
        const canonical = `${baseURL}${pathIn(v, name)}`;
        const meta = (key: string, value: string) => tagAttr(html, "meta", key, value, "content");
        expect(tagAttr(html, "link", "rel", "canonical", "href"), name).toBe(canonical);
        expect(meta("property", "og:url"), name).toBe(canonical);
        expect(meta("property", "og:title"), name).toBe(elements(html, "title")[0]?.text);
        expect(meta("property", "og:site_name"), name).toBe(v.wordmark);
        expect(meta("property", "og:image"), name).toBe(`${baseURL}/images/share-${v.key}.png`);
        expect(meta("name", "twitter:card"), name).toBe("summary_large_image");
        expect(meta("name", "description"), name).toMatch(/.{50,}/);
      }
    });

    test("the pixel, with the variant's id, is on a page only once consent is granted", async ({ request }) => {
      const noscript = `https://www.facebook.com/tr?id=${v.pixelId}&ev=PageView&noscript=1`;
      for (const name of ["privacy", "faq", "terms"]) {
        const granted = (await getHtml(request, pathIn(v, name), { Cookie: "consent=granted" })).html;
        expect(granted, name).toContain(`fbq('init',${JSON.stringify(v.pixelId)});fbq('track','PageView');`);
        expect(tags(granted, "img").map((img) => img.src)).toContain(noscript);
        for (const cookie of ["", "consent=denied"]) {
          const html = (await getHtml(request, pathIn(v, name), cookie ? { Cookie: cookie } : {})).html;
          expect(html, `${name} ${cookie}`).not.toMatch(/fbevents|facebook\.com\/tr|fbq\(/);
        }
      }
    });
  });
}

{
  const v = variants[0];
  test.describe(`pages: ${v.key}`, () => {
    // @js-on: the page ships no JavaScript (no `hydrate` handle); a second run without it is the same run.
    test("FAQ: the first question is open and a second opens beside it", { tag: "@js-on" }, async ({ page }) => {
      const response = await page.goto(pathIn(v, "faq"));
      expect(response?.status()).toBe(200);
      const items = page.locator("main details");
      await expect(items.nth(0)).toHaveAttribute("open", "");
      await expect(items.nth(1)).not.toHaveAttribute("open", "");
      await items.nth(1).locator("summary").click();
      await expect(items.nth(1)).toHaveAttribute("open", "");
      await expect(items.nth(0)).toHaveAttribute("open", "");
      await expect(items.nth(1)).toContainText("The AI is for parents, not children.");
      const waves = getPage(v.key, "faq")
        .categories.flatMap((category) => category.items)
        .find((item) => /\bwaves\b/i.test(item.question));
      const entry = items.filter({ has: page.locator("summary", { hasText: waves!.question }) });
      await entry.locator("summary").click();
      await expect(entry.getByText(waves!.answer.at(-1)!)).toBeVisible();
    });

    test("no pixel before consent, nor after Reject; the choice survives a reload", async ({ page, context }) => {
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

    test("after Accept the pixel loads once per page with the variant's id", async ({ page, jsEnabled }) => {
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

    test("Cookie settings re-opens the choice and Reject switches the pixel off", async ({ page }) => {
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
