import { getPage } from "../../content/index";
import { qa } from "../../content/qa";
import { E2E_SESSION_SECRET, expect, LIVE_URL, pathIn, test, variants, type VariantCase } from "./fixtures";
import type { APIRequestContext, Page } from "@playwright/test";
import { byTestId, elements, getHtml, inlineTextOf, tagAttr, textOf } from "./http";

/** The internal test pages (SPEC 2.15) and their production switch (QA_PAGES=off). */
const QA_PAGES = [
  "/qa",
  "/test-content",
  "/debug-content",
  "/test-plans",
  "/test-confirm-pages",
  "/test-urls",
  "/debug-domain",
  "/simple-test",
  "/test-content-loading",
  "/test-table-selection",
  "/test-email-templates",
];

const SWITCH_LABEL: Record<VariantCase["key"], string> = {
  genius: "?domain=genius",
  icehockey: "?domain=champion&sport=icehockey",
  tennis: "?domain=champion&sport=tennis",
};

/** What the panel says of the variant, as [test id, text]: the same list for a page and for its HTML. */
function panelRows(v: VariantCase): [string, string][] {
  const champion = v.variant.domain === "champion";
  const query = champion ? `?domain=champion&sport=${v.key}` : "";
  return [
    ["qa-domain", v.variant.domain],
    ["qa-sport", champion ? v.key : "none"],
    ["qa-brand", champion ? "champion" : "genius"],
    ["qa-title", v.title],
    ["qa-logo", v.wordmark],
    ["qa-table", v.table],
    ...["form", "plans", "confirm", "guide", "tips", "faq", "pricing"].map((name): [string, string] => [
      `qa-url-${name}`,
      `/${name}${query}`,
    ]),
  ];
}

async function expectPanel(page: Page, v: VariantCase) {
  for (const [testId, text] of panelRows(v)) await expect(page.getByTestId(testId)).toHaveText(text);
}

/** The text of the one element with this test id in the HTML. */
const testIdText = (html: string, testId: string) => byTestId(html, testId).map((found) => found.text);

/** GETs a QA page, checks it is kept out of search engines, and returns its HTML. */
async function qaPage(request: APIRequestContext, path: string) {
  const { status, html, headers } = await getHtml(request, path);
  expect(status, path).toBe(200);
  expect(headers["x-robots-tag"], path).toContain("noindex");
  expect(tagAttr(html, "meta", "name", "robots", "content"), path).toMatch(/noindex/);
  return html;
}

// The QA pages ship no JavaScript (no `hydrate` handle): what they show is the server's HTML, read
// over HTTP. /qa's switch links are followed in a browser with JavaScript on and off, as a proof.
test.describe("QA pages", () => {
  test("/qa shows the expected values for each switch link", async ({ page }) => {
    const response = await page.goto("/qa");
    expect(response?.status()).toBe(200);
    expect(response?.headers()["x-robots-tag"]).toContain("noindex");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    for (const v of variants) {
      await page.getByRole("link", { name: SWITCH_LABEL[v.key], exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/qa" && url.search === SWITCH_LABEL[v.key]);
      await expectPanel(page, v);
    }
  });
});

test.describe("QA pages without a browser", { tag: "@http" }, () => {
  for (const path of QA_PAGES) {
    test(`${path} shows the expected values for each switch link`, async ({ request }) => {
      const html = await qaPage(request, path);
      for (const v of variants) {
        const href = elements(html, "a").find((a) => a.text === SWITCH_LABEL[v.key])?.attrs.href ?? "";
        const url = new URL(href, LIVE_URL);
        expect(url.pathname === path && url.search === SWITCH_LABEL[v.key], `${path}: ${href}`).toBe(true);
        const switched = await qaPage(request, href);
        for (const [testId, text] of panelRows(v)) expect(testIdText(switched, testId), `${path} ${v.key} ${testId}`).toEqual([text]);
      }
    });
  }

  test("/qa lists every page of the route table, what each is for, and how to sign in as an admin", async ({ request }) => {
    const html = await qaPage(request, "/qa?domain=champion&sport=tennis");
    const index = qa.index;
    const link = (text: string) => elements(html, "a").find((a) => a.text === text);
    for (const path of [
      ...QA_PAGES.filter((p) => p !== "/qa"),
      "/dev/outbox",
      "/admin/waves",
      "/admin/webhooks",
      "/clubs/new",
      "/lost-link",
    ]) {
      const entry = index.sections.flatMap((s) => s.pages).find((p) => p.path === path)!;
      const items = elements(html, "li").filter((li) => elements(li.html, "a").some((a) => a.text === path));
      expect(items, path).toHaveLength(1);
      expect(inlineTextOf(items[0].html)).toContain(textOf(entry.what.replaceAll("`", "")));
      // Links keep the variant.
      expect(elements(items[0].html, "a").find((a) => a.text === path)?.attrs.href).toBe(`${path}?domain=champion&sport=tennis`);
    }
    // A page no section describes is listed too, from the route table.
    expect(link("/faq")?.attrs.href).toBe("/faq?domain=champion&sport=tennis");
    expect(link("/?domain=champion&sport=icehockey")).toBeDefined();
    // On 127.0.0.1: the seeded admin and where the password comes from, never the password.
    const signIn = elements(html, "section").filter((section) => section.attrs["aria-labelledby"] === "qa-sign-in");
    expect(signIn).toHaveLength(1);
    expect(elements(signIn[0].html, "h2").map((h2) => h2.text)).toEqual([index.signIn.heading]);
    for (const text of [index.signIn.defaultEmail, "npm run seed", "npm run admin:grant"]) expect(signIn[0].text).toContain(text);
    expect(textOf(html)).not.toContain("demo-password");
    const href = elements(signIn[0].html, "a").find((a) => a.text === index.signIn.link)?.attrs.href ?? "";
    const url = new URL(href, LIVE_URL);
    expect(url.pathname).toBe("/signup");
    expect(url.searchParams.get("mode")).toBe("signin");
  });

  test("test-plans shows every plan with computed prices", async ({ request }) => {
    const tennis = await qaPage(request, "/test-plans?domain=champion&sport=tennis");
    const plan = (html: string, id: string) => testIdText(html, `plan-${id}`).join(" ");
    expect(plan(tennis, "practice")).toContain("$49.00");
    expect(plan(tennis, "practice")).toContain("$40.83");
    expect(plan(tennis, "pro-academy")).toContain("in-preparation");
    const genius = await qaPage(request, "/test-plans");
    expect(plan(genius, "starter")).toContain("$14.99");
    expect(plan(genius, "starter")).toContain("$12.49");
    expect(plan(genius, "starter")).toContain("$29.98");
    expect(elements(elements(genius, "tbody")[0]?.html ?? "", "tr")).toHaveLength(4);
  });

  test("test-content-loading shows 'Error Loading Content' for an unknown page", async ({ request }) => {
    const unknown = await qaPage(request, "/test-content-loading?page=unknown");
    const alerts = (html: string) => elements(html, "section").filter((section) => section.attrs.role === "alert");
    expect(
      alerts(unknown)
        .map((alert) => alert.text)
        .join(" "),
    ).toContain("Error Loading Content");
    expect(testIdText(unknown, "content-error").join(" ")).toContain('No content page named "unknown"');
    const plans = await qaPage(request, "/test-content-loading?page=plans&domain=champion&sport=icehockey");
    expect(plans).not.toContain('role="alert"');
    expect(testIdText(plans, "content-keys")).toEqual(["plans"]);
  });

  test("test-confirm-pages previews the waitlist, guide and tips confirm copy", async ({ request }) => {
    for (const v of variants) {
      const html = await qaPage(request, pathIn(v, "test-confirm-pages"));
      expect(testIdText(html, "preview-confirm").join(" ")).toContain(getPage(v.key, "confirm").title);
      expect(testIdText(html, "preview-guide-confirm").join(" ")).toContain(getPage(v.key, "guide").confirm.title);
      expect(testIdText(html, "preview-tips-confirm").join(" ")).toContain(getPage(v.key, "tips").confirm.title);
      const guide = byTestId(html, "preview-guide-confirm");
      expect(guide.flatMap((preview) => elements(preview.html, "a").map((a) => a.attrs.href))).toEqual([pathIn(v, "guide-confirm")]);
    }
  });

  test("test-table-selection shows the table of each variant", async ({ request }) => {
    const html = await qaPage(request, "/test-table-selection?domain=champion&sport=tennis");
    expect(testIdText(html, "table-genius")).toEqual(["leads"]);
    expect(testIdText(html, "table-champion-icehockey")).toEqual(["leads_icehockey"]);
    expect(testIdText(html, "table-champion-tennis")).toEqual(["leads_tennis"]);
    const current = elements(html, "tr").filter((tr) => tr.attrs["aria-current"] === "true");
    expect(current).toHaveLength(1);
    expect(current[0].text).toContain("champion-tennis");
  });

  test("no configuration value or secret is shown", async ({ request }) => {
    for (const path of QA_PAGES) {
      const html = await (await request.get(path)).text();
      for (const secret of ["e2e-email-token", E2E_SESSION_SECRET, "GENIUS_HOSTS", "CHAMPION_HOSTS", "SESSION_SECRET", "PIXEL_ID"]) {
        expect(html, path).not.toContain(secret);
      }
    }
  });
});

// An unknown path renders the landing page, which ships no JavaScript: its HTML is what a parent sees.
test.describe("QA pages switched off (production-like server) @live", { tag: "@http" }, () => {
  for (const path of QA_PAGES) {
    test(`${path} behaves like an unknown path`, async ({ request }) => {
      const { status, html } = await getHtml(request, `${LIVE_URL}${path}?domain=champion&sport=tennis`);
      expect(status).toBe(404);
      expect(
        elements(html, "title")
          .map((title) => title.text)
          .join(" "),
      ).toMatch(/Tennis Champion/);
      expect(byTestId(html, "qa-domain")).toHaveLength(0);
      expect(textOf(html)).not.toContain("Internal test page");
    });
  }
});
