import { expect, pathIn, test, variants } from "./fixtures";

for (const v of variants) {
  test.describe(`foundation: ${v.key}`, () => {
    // @js-on: the page ships no JavaScript (no `hydrate` handle); a second run without it is the same run.
    test("landing page shows the variant's title and wordmark, without a header", { tag: "@js-on" }, async ({ page }) => {
      const response = await page.goto(pathIn(v, "home"));
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(new RegExp(v.title));
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expect(page.getByRole("contentinfo")).toContainText(v.wordmark);
      await expect(page.getByRole("banner")).toHaveCount(0);
    });

    test("every same-site link on the landing page keeps the variant", async ({ page }) => {
      await page.goto(pathIn(v, "home"));
      const hrefs = await page.locator("a[href^='/']").evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
      expect(hrefs.length).toBeGreaterThan(3);
      for (const href of hrefs) {
        const url = new URL(href, "http://x");
        if (v.variant.domain === "champion") {
          expect(url.searchParams.get("domain"), href).toBe("champion");
          expect(url.searchParams.get("sport"), href).toBe(v.variant.sport);
        } else {
          expect(url.searchParams.has("domain"), href).toBe(false);
        }
      }
    });

    // @js-on: the header is the server's markup on every page, hydrated or not.
    test("other pages show the header with the variant's wordmark and a home link", { tag: "@js-on" }, async ({ page }) => {
      await page.goto(pathIn(v, "pricing"));
      const header = page.getByRole("banner");
      await expect(header).toBeVisible();
      await expect(header).toContainText(v.wordmark);
      await expect(header.getByRole("link").first()).toHaveAttribute("href", pathIn(v, "home"));
    });

    // @js-on: the page ships no JavaScript (no `hydrate` handle); a second run without it is the same run.
    test("an unknown path shows the home page with status 404", { tag: "@js-on" }, async ({ page }) => {
      const response = await page.goto(pathIn(v, "no such page"));
      expect(response?.status()).toBe(404);
      await expect(page).toHaveTitle(new RegExp(v.title));
      await expect(page.getByRole("banner")).toHaveCount(0);
      await expect(page.getByRole("contentinfo")).toContainText(v.wordmark);
    });
  });
}

test.describe("document response", { tag: "@http" }, () => {
  test("the landing page ships no app bundle and a fresh CSP nonce per request", async ({ request }) => {
    const first = await request.get("/");
    const second = await request.get("/");
    const html = await first.text();
    expect(html).not.toMatch(/<script[^>]+src=/);
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain("window.__remixContext");

    const nonceOf = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];
    const firstNonce = nonceOf(first.headers()["content-security-policy"]);
    const secondNonce = nonceOf(second.headers()["content-security-policy"]);
    expect(firstNonce).toBeTruthy();
    expect(secondNonce).toBeTruthy();
    expect(firstNonce).not.toBe(secondNonce);
  });

  test("security headers are set on documents", async ({ request }) => {
    const response = await request.get("/");
    const headers = response.headers();
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    // HSTS only off localhost.
    expect(headers["strict-transport-security"]).toBeUndefined();
  });
});
