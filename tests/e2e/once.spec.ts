import { getPage } from "../../content/index";
import { MAIN_URL, expect, outbox, pathIn, queryD1, sqlString, test, uniqueEmail, variants, personStamp } from "./fixtures";

/**
 * Exactly once, as a parent's browser would cause it: repeated and parallel submits from one
 * browser give one lead, reloads and parallel loads of a confirm page give one e-mail, and the
 * success mark appears once the e-mail is really sent (JavaScript on and off).
 */
for (const v of variants) {
  const options = getPage(v.key, "options");
  const form = getPage(v.key, "form");

  test.describe(`exactly once: ${v.key}`, () => {
    test("a guide form posted twice at once gives one lead and one e-mail; reloads send nothing more", async ({ page }) => {
      const email = uniqueEmail(`once-guide-${v.key}`);
      await page.goto(pathIn(v, "guide-form"));
      const fields = { email, ageBand: options.leadFormAgeBands[0].value, goals: options.leadFormGoals[0].value, ...(await personStamp()) };
      // Two posts with the browser's cookie, as a double click or a retry would send them.
      const url = `${MAIN_URL}${pathIn(v, "guide-form")}`;
      const headers = { Origin: MAIN_URL };
      await Promise.all([
        page.request.post(url, { form: fields, headers, maxRedirects: 0 }),
        page.request.post(url, { form: fields, headers, maxRedirects: 0 }),
      ]);
      await page.goto(pathIn(v, "guide-confirm"));
      await expect(page.getByTestId("sent-to")).toHaveText(email);
      await page.reload();
      await page.reload();
      await expect(page.getByTestId("mail-state")).toHaveAttribute("data-state", "sent");
      expect(await queryD1(`SELECT id FROM ${v.table} WHERE email = ${sqlString(email)}`)).toHaveLength(1);
      expect(await outbox(page, email)).toHaveLength(1);
    });

    test("step 1 posted twice at once from one browser gives one lead", async ({ page }) => {
      // A campaign name of its own marks this browser's leads among the other tests' rows.
      const campaign = uniqueEmail("once-step1").split("@")[0];
      await page.goto(pathIn(v, "home", { utm_campaign: campaign }));
      await page.goto(pathIn(v, "form"));
      const url = `${MAIN_URL}${pathIn(v, "form")}`;
      const fields = {
        step: "1",
        intent: "continue",
        "children[0].ageBand": options.ageBands[0].value,
        "children[0].time": options.time[0].value,
        ...(await personStamp()),
      };
      const answers = await Promise.all([
        page.request.post(url, { form: fields, headers: { Origin: MAIN_URL }, maxRedirects: 0 }),
        page.request.post(url, { form: fields, headers: { Origin: MAIN_URL }, maxRedirects: 0 }),
      ]);
      expect(answers.map((answer) => answer.status())).toEqual([302, 302]);
      expect(await queryD1(`SELECT id FROM ${v.table} WHERE utm_campaign = ${sqlString(campaign)}`)).toHaveLength(1);
    });

    test("the waitlist page sends one e-mail whatever the reloads, and shows the tick once it is sent", async ({ page }) => {
      const email = uniqueEmail(`once-confirm-${v.key}`);
      await page.goto(pathIn(v, "form"));
      await page.locator("select[name='children[0].ageBand']").selectOption(options.ageBands[0].value);
      await page.locator("select[name='children[0].time']").selectOption(options.time[0].value);
      await page.getByRole("button", { name: form.step1.continue, exact: true }).click();
      await expect(page.getByText("Step 2 of 3")).toBeVisible();
      await page.locator(`input[name='focus'][value='${options.focus[0].value}']`).check();
      await page.locator(`input[name='goals'][value='${options.goals[0].value}']`).check();
      await page.locator(`input[name='concern'][value='${options.concerns[0].value}']`).check();
      await page.getByRole("button", { name: form.step2.continue }).click();
      await expect(page.getByText("Step 3 of 3")).toBeVisible();
      await page.getByLabel(form.step3.emailLabel).fill(email);
      await page.getByRole("button", { name: form.step3.submit }).click();
      await expect(page).toHaveURL(/\/roadmap/);
      await page.goto(pathIn(v, "confirm"));
      await Promise.all(Array.from({ length: 5 }, () => page.request.get(`${MAIN_URL}${pathIn(v, "confirm")}`)));
      await page.reload();
      await expect(page.getByTestId("sent-mark")).toBeVisible();
      expect(await outbox(page, email)).toHaveLength(1);
    });
  });
}
