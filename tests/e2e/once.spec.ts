import {
  MAIN_URL,
  expect,
  outbox,
  pathIn,
  personStamp,
  postSteps,
  queryD1,
  sqlString,
  stepAnswers,
  test,
  uniqueEmail,
  variants,
} from "./fixtures";
import { getPage } from "../../content/index";

/**
 * Exactly once, as a parent's browser would cause it: repeated and parallel submits from one
 * browser give one lead, reloads and parallel loads of a confirm page give one e-mail, and the
 * success mark appears once the e-mail is really sent (JavaScript on and off).
 */

// Exactly once is the same code in every variant (the table name aside, whose rows funnel.spec
// checks per variant): each case runs in one variant, a different one each.
const [genius, icehockey, tennis] = variants;

test("a guide form posted twice at once gives one lead and one e-mail; reloads send nothing more", async ({ page }) => {
  const v = tennis;
  const options = getPage(v.key, "options");
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
  const v = icehockey;
  // A campaign name of its own marks this browser's leads among the other tests' rows.
  const campaign = uniqueEmail("once-step1").split("@")[0];
  await page.goto(pathIn(v, "home", { utm_campaign: campaign }));
  await page.goto(pathIn(v, "form"));
  const url = `${MAIN_URL}${pathIn(v, "form")}`;
  const fields = { step: "1", intent: "continue", ...stepAnswers(v)[1], ...(await personStamp()) };
  const answers = await Promise.all([
    page.request.post(url, { form: fields, headers: { Origin: MAIN_URL }, maxRedirects: 0 }),
    page.request.post(url, { form: fields, headers: { Origin: MAIN_URL }, maxRedirects: 0 }),
  ]);
  expect(answers.map((answer) => answer.status())).toEqual([302, 302]);
  expect(await queryD1(`SELECT id FROM ${v.table} WHERE utm_campaign = ${sqlString(campaign)}`)).toHaveLength(1);
});

test("the waitlist page sends one e-mail whatever the reloads, and shows the tick once it is sent", async ({ page }) => {
  const v = genius;
  const email = uniqueEmail(`once-confirm-${v.key}`);
  await postSteps(page.request, v, email);
  await page.goto(pathIn(v, "confirm"));
  await Promise.all(Array.from({ length: 5 }, () => page.request.get(`${MAIN_URL}${pathIn(v, "confirm")}`)));
  await page.reload();
  await expect(page.getByTestId("sent-mark")).toBeVisible();
  expect(await outbox(page, email)).toHaveLength(1);
});
