import { getPage } from "../../content/index";
import { qa } from "../../content/qa";
import { E2E_SESSION_SECRET, expect, LIVE_URL, pathIn, test, variants, type VariantCase } from "./fixtures";
import type { Page } from "@playwright/test";

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

async function expectPanel(page: Page, v: VariantCase) {
  const champion = v.variant.domain === "champion";
  await expect(page.getByTestId("qa-domain")).toHaveText(v.variant.domain);
  await expect(page.getByTestId("qa-sport")).toHaveText(champion ? v.key : "none");
  await expect(page.getByTestId("qa-brand")).toHaveText(champion ? "champion" : "genius");
  await expect(page.getByTestId("qa-title")).toHaveText(v.title);
  await expect(page.getByTestId("qa-logo")).toHaveText(v.wordmark);
  await expect(page.getByTestId("qa-table")).toHaveText(v.table);
  const query = champion ? `?domain=champion&sport=${v.key}` : "";
  for (const name of ["form", "plans", "confirm", "guide", "tips", "faq", "pricing"]) {
    await expect(page.getByTestId(`qa-url-${name}`)).toHaveText(`/${name}${query}`);
  }
}

// The QA pages ship no JavaScript (no `hydrate` handle), so one browser run is the same as the
// other: /qa's switch links are followed in both projects, as a proof, and the rest with JavaScript on.
test.describe("QA pages", () => {
  for (const path of QA_PAGES) {
    test(`${path} shows the expected values for each switch link`, { tag: path === "/qa" ? [] : "@js-on" }, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      expect(response?.headers()["x-robots-tag"]).toContain("noindex");
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
      for (const v of variants) {
        await page.getByRole("link", { name: SWITCH_LABEL[v.key], exact: true }).click();
        await expect(page).toHaveURL((url) => url.pathname === path && url.search === SWITCH_LABEL[v.key]);
        await expectPanel(page, v);
      }
    });
  }

  test("/qa lists every page of the route table, what each is for, and how to sign in as an admin", { tag: "@js-on" }, async ({ page }) => {
    await page.goto("/qa?domain=champion&sport=tennis");
    const index = qa.index;
    for (const path of [
      ...QA_PAGES.filter((p) => p !== "/qa"),
      "/dev/outbox",
      "/admin/waves",
      "/admin/webhooks",
      "/clubs/new",
      "/lost-link",
    ]) {
      const entry = index.sections.flatMap((s) => s.pages).find((p) => p.path === path)!;
      const item = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: path, exact: true }) });
      await expect(item).toContainText(entry.what.replaceAll("`", ""));
      // Links keep the variant.
      await expect(item.getByRole("link", { name: path, exact: true })).toHaveAttribute("href", `${path}?domain=champion&sport=tennis`);
    }
    // A page no section describes is listed too, from the route table.
    await expect(page.getByRole("link", { name: "/faq", exact: true })).toHaveAttribute("href", "/faq?domain=champion&sport=tennis");
    await expect(page.getByRole("link", { name: "/?domain=champion&sport=icehockey", exact: true })).toBeVisible();
    // On 127.0.0.1: the seeded admin and where the password comes from, never the password.
    const signIn = page.getByRole("region", { name: index.signIn.heading });
    await expect(signIn).toContainText(index.signIn.defaultEmail);
    await expect(signIn).toContainText("npm run seed");
    await expect(signIn).toContainText("npm run admin:grant");
    await expect(page.locator("body")).not.toContainText("demo-password");
    await signIn.getByRole("link", { name: index.signIn.link }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/signup" && url.searchParams.get("mode") === "signin");
  });

  test("test-plans shows every plan with computed prices", { tag: "@js-on" }, async ({ page }) => {
    await page.goto("/test-plans?domain=champion&sport=tennis");
    await expect(page.getByTestId("plan-practice")).toContainText("$49.00");
    await expect(page.getByTestId("plan-practice")).toContainText("$40.83");
    await expect(page.getByTestId("plan-pro-academy")).toContainText("in-preparation");
    await page.goto("/test-plans");
    await expect(page.getByTestId("plan-starter")).toContainText("$14.99");
    await expect(page.getByTestId("plan-starter")).toContainText("$12.49");
    await expect(page.getByTestId("plan-starter")).toContainText("$29.98");
    await expect(page.locator("tbody tr")).toHaveCount(4);
  });

  test("test-content-loading shows 'Error Loading Content' for an unknown page", { tag: "@js-on" }, async ({ page }) => {
    await page.goto("/test-content-loading?page=unknown");
    await expect(page.getByRole("alert")).toContainText("Error Loading Content");
    await expect(page.getByTestId("content-error")).toContainText('No content page named "unknown"');
    await page.goto("/test-content-loading?page=plans&domain=champion&sport=icehockey");
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(page.getByTestId("content-keys")).toHaveText("plans");
  });

  test("test-confirm-pages previews the waitlist, guide and tips confirm copy", { tag: "@js-on" }, async ({ page }) => {
    for (const v of variants) {
      await page.goto(pathIn(v, "test-confirm-pages"));
      await expect(page.getByTestId("preview-confirm")).toContainText(getPage(v.key, "confirm").title);
      await expect(page.getByTestId("preview-guide-confirm")).toContainText(getPage(v.key, "guide").confirm.title);
      await expect(page.getByTestId("preview-tips-confirm")).toContainText(getPage(v.key, "tips").confirm.title);
      await expect(page.getByTestId("preview-guide-confirm").getByRole("link")).toHaveAttribute("href", pathIn(v, "guide-confirm"));
    }
  });

  test("test-table-selection shows the table of each variant", { tag: "@js-on" }, async ({ page }) => {
    await page.goto("/test-table-selection?domain=champion&sport=tennis");
    await expect(page.getByTestId("table-genius")).toHaveText("leads");
    await expect(page.getByTestId("table-champion-icehockey")).toHaveText("leads_icehockey");
    await expect(page.getByTestId("table-champion-tennis")).toHaveText("leads_tennis");
    await expect(page.locator('tr[aria-current="true"]')).toContainText("champion-tennis");
  });

  test("no configuration value or secret is shown", { tag: "@http" }, async ({ request }) => {
    for (const path of QA_PAGES) {
      const html = await (await request.get(path)).text();
      for (const secret of ["e2e-email-token", E2E_SESSION_SECRET, "GENIUS_HOSTS", "CHAMPION_HOSTS", "SESSION_SECRET", "PIXEL_ID"]) {
        expect(html, path).not.toContain(secret);
      }
    }
  });
});

// @js-on: an unknown path renders the landing page, which ships no JavaScript.
test.describe("QA pages switched off (production-like server) @live", { tag: "@js-on" }, () => {
  for (const path of QA_PAGES) {
    test(`${path} behaves like an unknown path`, async ({ page }) => {
      const response = await page.goto(`${LIVE_URL}${path}?domain=champion&sport=tennis`);
      expect(response?.status()).toBe(404);
      await expect(page).toHaveTitle(/Tennis Champion/);
      await expect(page.getByTestId("qa-domain")).toHaveCount(0);
      await expect(page.getByText("Internal test page")).toHaveCount(0);
    });
  }
});
