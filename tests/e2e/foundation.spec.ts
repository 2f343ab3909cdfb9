import { expect, pathIn, test, variants } from "./fixtures";
import { elements, getHtml, mainOf, tags } from "./http";

// What these check is the server's markup (the landing ships no JavaScript; the header and footer
// are the server's on every page, hydrated or not): read from the HTML in every variant.
for (const v of variants) {
  test.describe(`foundation: ${v.key}`, { tag: "@http" }, () => {
    const titleOf = (html: string) => elements(html, "title").map((title) => title.text)[0] ?? "";
    const footerText = (html: string) =>
      elements(html, "footer")
        .map((footer) => footer.text)
        .join(" ");

    test("landing page shows the variant's title and wordmark, without a header", async ({ request }) => {
      const { status, html } = await getHtml(request, pathIn(v, "home"));
      expect(status).toBe(200);
      expect(titleOf(html)).toMatch(new RegExp(v.title));
      expect(tags(html, "html")[0]?.lang).toBe("en");
      expect(footerText(html)).toContain(v.wordmark);
      expect(tags(html, "header")).toHaveLength(0);
    });

    test("every same-site link on the landing page keeps the variant", async ({ request }) => {
      const { html } = await getHtml(request, pathIn(v, "home"));
      const hrefs = tags(html, "a")
        .map((a) => a.href ?? "")
        .filter((href) => href.startsWith("/"));
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

    test("other pages show the header with the variant's wordmark and a home link", async ({ request }) => {
      const { html } = await getHtml(request, pathIn(v, "pricing"));
      // The page's banner: the header outside <main> (a section's own header is no banner).
      const header = elements(html.replace(mainOf(html), ""), "header");
      expect(header).toHaveLength(1);
      expect(header[0].text).toContain(v.wordmark);
      expect(tags(header[0].html, "a")[0]?.href).toBe(pathIn(v, "home"));
    });

    test("an unknown path shows the home page with status 404", async ({ request }) => {
      const { status, html } = await getHtml(request, pathIn(v, "no such page"));
      expect(status).toBe(404);
      expect(titleOf(html)).toMatch(new RegExp(v.title));
      expect(tags(html, "header")).toHaveLength(0);
      expect(footerText(html)).toContain(v.wordmark);
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
