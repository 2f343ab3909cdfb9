import type { Page, PlaywrightWorkerArgs } from "@playwright/test";
import { getPage } from "../../content/index";
import { FUNNEL_STEPS } from "../../app/analytics/events";
import {
  bothModesIn,
  confirmThroughButton,
  expect,
  joinWithPlan,
  landOn,
  mailLink,
  newParent,
  pathIn,
  postStep,
  queryD1,
  sqlString,
  stepAnswers,
  test,
  uniqueEmail,
  variants,
  visitorApi,
  waitForHydration,
  waitlistLinks,
  walkForm,
  type VariantCase,
} from "./fixtures";

/**
 * First-party funnel analytics as an admin reads them: five parents land from one campaign, fewer
 * and fewer go on through the form, one picks a plan and confirms their e-mail; the dashboard
 * filtered by that campaign shows exactly that funnel, and another campaign shows nothing. Events
 * are written after the response, so the dashboard is polled. The e2e database is shared by specs
 * running in parallel: every number here is filtered by this test's own campaign.
 */

// Known bots are not counted, and headless Chromium names itself "HeadlessChrome": parents here
// use an ordinary browser's user agent.
const PARENT_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const copy = getPage("genius", "admin").analytics;

test.describe.configure({ timeout: 240_000 });

/** Lands from the campaign and goes `steps` steps through the form (3 and more end on the roadmap). */
async function walk(page: Page, v: VariantCase, campaign: string, steps: number, email: string) {
  // The view is counted by the page's visit image: the walk goes on once its answer is in, as a
  // parent's browser would have fetched it (the page's load event alone let one view go uncounted).
  const landed = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith("/landed"));
  await page.goto(pathIn(v, "home", { utm_source: "e2e", utm_medium: "test", utm_campaign: campaign }));
  expect((await landed).status()).toBe(200);
  if (steps > 0) await walkForm(page, v, email, Math.min(steps, 3) as 1 | 2 | 3);
}

/** Lands from the campaign and sends `steps` form steps as posts, as a browser's page view and forms would (3 ends on the roadmap). */
async function walkByRequests(
  playwright: PlaywrightWorkerArgs["playwright"],
  v: VariantCase,
  campaign: string,
  steps: number,
  email: string,
) {
  const api = await visitorApi(playwright, undefined, { userAgent: PARENT_UA });
  try {
    await landOn(api, v, { utm_source: "e2e", utm_medium: "test", utm_campaign: campaign });
    const answers = stepAnswers(v);
    if (steps >= 1) await postStep(api, v, 1, answers[1]);
    if (steps >= 2) await postStep(api, v, 2, answers[2]);
    if (steps < 3) return;
    await postStep(api, v, 3, { email });
    expect((await api.get(pathIn(v, "roadmap"))).status()).toBe(200);
  } finally {
    await api.dispose();
  }
}

/** The funnel counts the dashboard shows for a campaign, submitted through its own filter form. */
async function funnelFor(page: Page, v: VariantCase, campaign: string, all = false) {
  await page.goto(pathIn(v, "admin/analytics", all ? { variants: "all" } : {}));
  await page.getByLabel(copy.filters.campaign).fill(campaign);
  await page.getByRole("button", { name: copy.filters.apply }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get("campaign") === campaign);
  const funnel = page.getByTestId("funnel");
  return Object.fromEntries(
    await Promise.all(
      FUNNEL_STEPS.map(async (step) => [
        step,
        Number(await funnel.locator(`tr[data-step='${step}'] [data-testid='funnel-count']`).textContent()),
      ]),
    ),
  ) as Record<(typeof FUNNEL_STEPS)[number], number>;
}

/** The counts of the guide's own funnel on the dashboard as shown. */
async function guideFunnel(page: Page) {
  const counts = await page.locator("[data-testid='lead-magnet-funnel'][data-kind='guide'] [data-testid='funnel-count']").allTextContents();
  return counts.map(Number);
}

// One variant per domain: events take their variant from the domain and sport as every page reads
// them, and the sport editions share that path; the dashboard's copy is the same for all.
for (const v of variants.filter((item) => item.key !== "icehockey")) {
  test(
    `analytics: ${v.key}: the dashboard shows a campaign's funnel, counted once per parent`,
    bothModesIn(v, variants[0]),
    async ({ page, browser, playwright, jsEnabled, asAdmin }) => {
      const campaign = `e2e-${v.key}-${jsEnabled ? "on" : "off"}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      const confirming = uniqueEmail(`funnel-${v.key}`);
      // Five parents land; 4, 3 and 2 of them finish steps 1, 2 and 3; one picks a plan and confirms.
      // The first walks the pages in the browser; the others, whose views and steps count the same, send them as requests.
      const { context, page: visitor } = await newParent(browser, jsEnabled, { userAgent: PARENT_UA });
      await walk(visitor, v, campaign, 4, confirming);
      // A reload of a step does not count the parent twice.
      await visitor.goto(pathIn(v, "roadmap"));
      await joinWithPlan(visitor, v);
      await confirmThroughButton(visitor, v, (await waitlistLinks(visitor, confirming)).verify);
      await context.close();
      for (let i = 1; i < 5; i++) await walkByRequests(playwright, v, campaign, 4 - i, uniqueEmail(`funnel-${v.key}`));
      // A sixth parent from the campaign asks for the free guide and confirms: the guide's own funnel,
      // never the main funnel's confirmations.
      const guide = getPage(v.key, "guide");
      const reader = await newParent(browser, jsEnabled, { userAgent: PARENT_UA });
      const readerEmail = uniqueEmail(`funnel-guide-${v.key}`);
      await reader.page.goto(pathIn(v, "guide", { utm_source: "e2e", utm_medium: "test", utm_campaign: campaign }));
      await reader.page.goto(pathIn(v, "guide-form"));
      await reader.page.getByLabel(guide.form.emailLabel).fill(readerEmail);
      await reader.page.locator("input[name=ageBand]").first().check();
      await reader.page.locator("input[name=goals]").first().check();
      if (jsEnabled) await waitForHydration(reader.page);
      await reader.page.getByRole("button", { name: guide.form.submit }).click();
      await expect(reader.page).toHaveURL(/\/guide-confirm/);
      await confirmThroughButton(reader.page, v, await mailLink(reader.page, readerEmail, "verify-email", { template: "guide" }));
      await reader.context.close();

      await asAdmin(page.context());
      const expected = {
        landing_view: 5,
        form_step1_done: 4,
        form_step2_done: 3,
        form_step3_done: 2,
        roadmap_view: 2,
        plan_chosen: 1,
        email_confirmed: 1,
        referral_credited: 0,
      };
      // The views are written after each response; a loaded machine may take longer than the default wait.
      await expect.poll(() => funnelFor(page, v, campaign), { timeout: 60_000 }).toEqual(expected);
      // The guide's funnel: landing page, form sent, e-mail confirmed.
      await expect
        .poll(async () => (await funnelFor(page, v, campaign)) && (await guideFunnel(page)), { timeout: 20_000 })
        .toEqual([1, 1, 1]);
      await expect(page.getByTestId("funnel")).toContainText("80%");
      await expect(page.getByTestId("funnel-chart").locator("svg[role='img'] title")).toHaveText(copy.funnel.heading);
      // The same campaign across all three sites: it ran on this one only.
      expect(await funnelFor(page, v, campaign, true)).toEqual(expected);
      // Another campaign: nothing.
      expect(Object.values(await funnelFor(page, v, `${campaign}-other`))).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);

      // Form posts were sent by fetch with JavaScript and as documents without it: the browser's with the
      // test's JavaScript, the three requests' as documents.
      const flags = await queryD1<{ js: string; n: number }>(
        `SELECT js, COUNT(*) AS n FROM analytics_events WHERE utm_campaign = ${sqlString(campaign)} AND name = 'form_step1_done' GROUP BY js ORDER BY js`,
      );
      expect(flags.map((row) => [row.js, Number(row.n)])).toEqual(
        jsEnabled
          ? [
              ["off", 3],
              ["on", 1],
            ]
          : [["off", 4]],
      );
    },
  );
}

test("analytics: a bad date range is a 400 with a message, and the page needs an admin", async ({ page, asAdmin }) => {
  const genius = variants[0];
  const anonymous = await page.goto(pathIn(genius, "admin/analytics"));
  expect(anonymous?.status()).toBe(401);
  await asAdmin(page.context());
  const bad = await page.goto(pathIn(genius, "admin/analytics", { from: "2025-09-10", to: "2025-09-01" }));
  expect(bad?.status()).toBe(400);
  await expect(page.getByRole("alert")).toHaveText(copy.filters.errors.order);
  const garbled = await page.goto(pathIn(genius, "admin/analytics", { from: "not-a-day" }));
  expect(garbled?.status()).toBe(400);
  await expect(page.getByRole("alert")).toHaveText(copy.filters.errors.date);
});
