import { randomUUID } from "node:crypto";
import type { Page, Response } from "@playwright/test";
import { getPage } from "../../content/index";
import { qa } from "../../content/qa";
import { createConfirmedAccount, signIn } from "./auth-helpers";
import {
  FAKE_RESEND_URL,
  PREVIEW_DIRECT,
  PREVIEW_HOST,
  PREVIEW_URL,
  expect,
  pathIn,
  queryD1,
  test,
  uniqueEmail,
  variants,
  type VariantCase,
} from "./fixtures";

/**
 * A Worker Preview (PREVIEW_MODE=on) as QA meets it, JavaScript on and off, on the preview
 * server's own host (neither loopback nor a configured one; playwright.config.ts): nothing of it is
 * indexed, a ribbon names the build, one host serves all three variants, mail reaches only the
 * allow-list (the rest stays in the outbox, which signed-in admins read), and the QA pages are on.
 */

type Version = { preview: boolean; branch: string; commit: string; builtAt: string };
type Sent = { to: string[]; subject: string };

const NOINDEX = "noindex, nofollow";
const [genius] = variants;

const noindexOf = (response: Response | null) => response?.headers()["x-robots-tag"];

/** The preview's /__version, read by the browser on the preview host. */
async function version(page: Page): Promise<Version> {
  const response = await page.goto("/__version");
  expect(response?.status()).toBe(200);
  return (await response!.json()) as Version;
}

/** What the fake Resend was handed so far. */
async function sent(page: Page): Promise<Sent[]> {
  return (await (await page.request.get(`${FAKE_RESEND_URL}/__sent`)).json()) as Sent[];
}

/** Asks for the free guide through the real form, as a parent would. */
async function requestGuide(page: Page, v: VariantCase, email: string) {
  const copy = getPage(v.key, "guide").form;
  await page.goto(pathIn(v, "guide-form"));
  await page.getByLabel(copy.emailLabel).fill(email);
  await page.locator("input[name=ageBand]").first().check();
  await page.locator("input[name=goals]").first().check();
  await page.getByRole("button", { name: copy.submit }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/guide-confirm");
}

/** An admin of the preview's D1, signed in through the sign-in page. */
async function signInAdmin(page: Page) {
  const email = uniqueEmail("preview-admin");
  const password = "preview admin password";
  await createConfirmedAccount(email, password, "admin", "preview");
  await signIn(page, genius, email, password);
}

test.describe("preview: search engines stay out", () => {
  test("every kind of response says noindex, robots.txt disallows all, no canonical link", async ({ page }) => {
    const home = await page.goto("/");
    expect(new URL(page.url()).hostname).toBe(PREVIEW_HOST);
    expect(home?.status()).toBe(200);
    expect(noindexOf(home)).toBe(NOINDEX);
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
    await expect(page.locator('meta[property="og:url"]')).toHaveCount(0);

    // A static asset, served by the assets layer from the preview build's _headers, not by the Worker.
    const stylesheet = await page.locator('link[rel="stylesheet"]').first().getAttribute("href");
    expect(stylesheet).toMatch(/^\/assets\//);
    const asset = await page.goto(stylesheet!);
    expect(asset?.status()).toBe(200);
    expect(noindexOf(asset)).toBe(NOINDEX);

    // A redirect: /roadmap without a lead sends the visitor to the form.
    const roadmap = await page.goto("/roadmap");
    expect(new URL(page.url()).pathname).toBe("/form");
    const redirect = await roadmap!.request().redirectedFrom()?.response();
    expect(redirect?.status()).toBe(302);
    expect(noindexOf(redirect ?? null)).toBe(NOINDEX);

    const json = await page.goto("/__version");
    expect(json?.headers()["content-type"]).toMatch(/^application\/json/);
    expect(noindexOf(json)).toBe(NOINDEX);

    const missing = await page.goto("/no-such-page");
    expect(missing?.status()).toBe(404);
    expect(noindexOf(missing)).toBe(NOINDEX);

    const robots = await page.goto("/robots.txt");
    expect(noindexOf(robots)).toBe(NOINDEX);
    expect(await robots!.text()).toBe("User-agent: *\nDisallow: /\n");
  });
});

test.describe("preview: the ribbon and the variants on one host", () => {
  for (const v of variants) {
    test(`${v.key}: chosen by ?domain=&sport= on the preview host, with the ribbon naming the build`, async ({ page }) => {
      const build = await version(page);
      expect(build.preview).toBe(true);
      expect(build.commit).toMatch(/^[0-9a-f]{40}$/);

      await page.goto(pathIn(v, "home"));
      await expect(page).toHaveTitle(new RegExp(v.title));
      const ribbon = page.getByRole("note", { name: getPage(v.key, "preview").label });
      await expect(ribbon).toHaveText(`Preview · ${build.branch} · ${build.commit.slice(0, 7)}`);
      await expect(ribbon).toBeVisible();

      // Links keep the variant on this host, as on loopback.
      const pricing = page.getByRole("contentinfo").getByRole("link", { name: getPage(v.key, "site").footer.pricingLabel });
      await expect(pricing).toHaveAttribute("href", pathIn(v, "pricing"));
      await pricing.click();
      await expect(page).toHaveURL((url) => url.host === new URL(PREVIEW_URL).host && url.pathname === "/pricing");
      // The landing page has no header; the pricing page's names the variant's brand.
      await expect(page.getByTestId("wordmark")).toHaveText(v.wordmark);
      await expect(page.getByRole("note", { name: getPage(v.key, "preview").label })).toBeVisible();
    });
  }
});

test.describe("preview: the outbox viewer", () => {
  test("is the site's 404 for an anonymous visitor", async ({ page }) => {
    const viewer = await page.goto("/dev/outbox");
    expect(viewer?.status()).toBe(404);
    await expect(page.getByTestId("outbox-mail")).toHaveCount(0);
    const json = await page.goto("/dev/outbox.json");
    expect(json?.status()).toBe(404);
    // The request context (no browser cookies) from the test process sees the same.
    const direct = await page.request.get(`${PREVIEW_DIRECT}/dev/outbox.json`, { headers: { Host: new URL(PREVIEW_URL).host } });
    expect(direct.status()).toBe(404);
  });

  test("a parent's mail stays in the outbox for the admin to read; a QA address's goes to the provider", async ({ page }) => {
    const parent = uniqueEmail("preview-parent");
    const qa = uniqueEmail("preview-qa").replace(/@example\.com$/, "@qa.example");
    await requestGuide(page, genius, parent);
    await requestGuide(page, genius, qa);

    // The allow-listed mail is handed over after the response; the parent's never is.
    await expect.poll(async () => (await sent(page)).some((mail) => mail.to.includes(qa))).toBe(true);
    expect((await sent(page)).filter((mail) => mail.to.includes(parent))).toEqual([]);

    await signInAdmin(page);
    const viewer = await page.goto("/dev/outbox");
    expect(viewer?.status()).toBe(200);
    const kept = page.getByTestId("outbox-mail").filter({ hasText: parent });
    await expect(kept).toHaveCount(1);
    await expect(kept).toContainText("Kept in the outbox by the preview mail allow-list");
    await expect(page.getByText("Preview: only mail to the QA allow-list went to the provider")).toBeVisible();
    await expect(page.getByTestId("outbox-mail").filter({ hasText: qa })).not.toContainText("Kept in the outbox");
    expect((await sent(page)).filter((mail) => mail.to.includes(parent))).toEqual([]);
  });
});

test.describe("preview: QA pages", () => {
  test("/debug-domain answers and names the preview rule and the build's commit", async ({ page }) => {
    const build = await version(page);
    const response = await page.goto("/debug-domain?domain=champion&sport=tennis");
    expect(response?.status()).toBe(200);
    expect(noindexOf(response)).toBe(NOINDEX);
    await expect(page.getByText("preview host: query parameters domain and sport")).toBeVisible();
    await expect(page.getByText(build.commit, { exact: true })).toBeVisible();
    await expect(page.getByText(build.builtAt, { exact: true })).toBeVisible();
  });

  test("/qa tells QA to sign in with the password given to them, and names no address", async ({ page }) => {
    expect((await page.goto("/qa"))?.status()).toBe(200);
    const signIn = page.getByRole("region", { name: qa.index.signIn.heading });
    await expect(signIn).toContainText(qa.index.signIn.preview);
    await expect(signIn).not.toContainText(qa.index.signIn.defaultEmail);
    await expect(page.getByRole("link", { name: "/dev/outbox", exact: true })).toBeVisible();
  });
});

// The preview server runs without the card Worker (scripts/lib/e2e-servers.mjs): what a parent's
// friends meet when it is down or out of memory.
test.describe("preview: the card Worker down", () => {
  test("a parent's shared link still opens, and its card's address sends the brand's own 1200×630 picture", async ({ page }) => {
    const code = randomUUID().replace(/-/g, "").slice(0, 8).toUpperCase();
    const seq = 900_000 + Math.floor(Math.random() * 90_000);
    const focus = getPage(genius.key, "options").focus[0].value;
    await queryD1(
      `INSERT INTO leads (id, email, ref_code, confirm_seq, place_score, referral_count, email_verified, created_at, age_bands, focus_areas)
       VALUES ('${randomUUID()}', '${uniqueEmail("card-down")}', '${code}', ${seq}, ${seq}, 0, 1, '${new Date().toISOString()}',
               '["${getPage(genius.key, "options").ageBands[0].value}"]', '["${focus}"]')`,
      "preview",
    );
    const landing = await page.goto(`/?r=${code}`);
    expect(landing?.status()).toBe(200);
    const image = await page.locator('meta[property="og:image"]').getAttribute("content");
    expect(image).toMatch(new RegExp(`/card/${code}/[0-9a-f]{16}\\.png$`));
    // The browser opens the card's address as a link preview would: one redirect, to the brand's picture.
    const picture = await page.goto(image!);
    expect(picture?.status()).toBe(200);
    expect(picture?.headers()["content-type"]).toBe("image/png");
    expect(new URL(picture!.url()).pathname).toBe(getPage(genius.key, "site").shareImage);
    const hop = picture!.request().redirectedFrom();
    expect(hop?.url()).toBe(image);
    expect((await hop!.response())?.status()).toBe(302);
    const png = await picture!.body();
    expect({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) }).toEqual({ width: 1200, height: 630 });
  });
});
