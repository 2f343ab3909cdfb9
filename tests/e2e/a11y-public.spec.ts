import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { getPage } from "../../content/index";
import { expect, MAIN_URL, mailLink, pathIn, personStamp, postPlan, postStep, stepAnswers, test, uniqueEmail, variants } from "./fixtures";

/**
 * axe over every public page of every variant: first with the consent bar showing, then, after
 * accepting, the pages that need a session or a signed link (roadmap, plans, confirm, the guide and
 * tips confirmations, status, my-data). One load per page per variant.
 * @js-on: axe runs inside the page, the server renders the same markup for both projects, and the
 * pages that hydrate are checked as a JavaScript visitor sees them.
 */

type Found = { path: string; violations: string[] };

/** Runs axe on a page: a path on the main server, or a whole link from a mail. */
async function check(page: Page, path: string, found: Found[]) {
  const response = await page.goto(new URL(path, MAIN_URL).href);
  // Without their signed link, /status, /my-data and /unsubscribe answer 400 with a page of their own.
  expect(response?.status(), path).toBeLessThan(500);
  const { violations } = await new AxeBuilder({ page }).analyze();
  found.push({
    path,
    violations: violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`),
  });
}

// Every variant: each has its own copy, brand colours (contrast) and wordmark.
for (const v of variants) {
  test(`axe finds no violations on the public pages: ${v.key}`, { tag: "@js-on" }, async ({ page }) => {
    test.setTimeout(240_000);
    // The entrance animation fades text in; axe measures the settled colours.
    await page.emulateMedia({ reducedMotion: "reduce" });
    const options = getPage(v.key, "options");
    const consent = getPage(v.key, "consent");
    const found: Found[] = [];

    // With the consent bar showing.
    for (const name of [
      "home",
      "form",
      "signup",
      "signup-confirm",
      "guide",
      "guide-form",
      "tips",
      "tips-form",
      "pricing",
      "faq",
      "privacy",
      "terms",
      "unsubscribe",
      "status",
      "my-data",
      "lost-link",
    ]) {
      await check(page, pathIn(v, name), found);
    }
    await expect(page.getByTestId("consent-banner")).toBeVisible();
    await page.getByTestId("consent-banner").getByRole("button", { name: consent.acceptLabel }).click();
    await expect(page.getByTestId("consent-banner")).toHaveCount(0);

    // After accepting: the funnel steps, then the pages behind the session.
    const email = uniqueEmail(`a11y-${v.key}`);
    const answers = stepAnswers(v);
    await postStep(page.request, v, 1, answers[1]);
    await check(page, pathIn(v, "form", { step: "2" }), found);
    await postStep(page.request, v, 2, answers[2]);
    await check(page, pathIn(v, "form", { step: "3" }), found);
    await postStep(page.request, v, 3, { email });
    await check(page, pathIn(v, "roadmap"), found);
    await check(page, pathIn(v, "plans"), found);
    await postPlan(page.request, v);
    await check(page, pathIn(v, "confirm"), found);

    const guideEmail = uniqueEmail(`a11y-guide-${v.key}`);
    for (const kind of ["guide", "tips"]) {
      const response = await page.request.post(MAIN_URL + pathIn(v, `${kind}-form`), {
        form: {
          ...(await personStamp()),
          email: kind === "guide" ? guideEmail : uniqueEmail(`a11y-tips-${v.key}`),
          ageBand: options.leadFormAgeBands[0].value,
          goals: options.leadFormGoals[0].value,
        },
        maxRedirects: 0,
      });
      expect(response.status(), `${kind} form`).toBe(302);
      await check(page, pathIn(v, `${kind}-confirm`), found);
    }

    await check(page, await mailLink(page, email, "status"), found);
    await check(page, await mailLink(page, email, "my-data"), found);
    await check(page, await mailLink(page, guideEmail, "unsubscribe"), found);

    expect(found.filter((entry) => entry.violations.length > 0)).toEqual([]);
  });
}
