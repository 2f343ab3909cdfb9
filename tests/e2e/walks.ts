import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  type Page,
  type PlaywrightWorkerArgs,
} from "@playwright/test";
import { getPage } from "../../content/index";
import { MAIN_URL, outbox, pathIn, personStamp, queryD1, sqlString, uniqueEmail, type VariantCase } from "./site";

/**
 * The parent's ways through the site, written once for every spec: through the pages where the
 * pages are under test, as the form posts they send where only what follows is (a spec about the
 * status page needs a lead on the waitlist, not the clicks that made it), or straight into D1.
 */

/** The first answer of every question of form steps 1 and 2, as the form pages post them. */
export function stepAnswers(v: VariantCase) {
  const options = getPage(v.key, "options");
  return {
    1: { "children[0].ageBand": options.ageBands[0].value, "children[0].time": options.time[0].value },
    2: { focus: options.focus[0].value, goals: options.goals[0].value, concern: options.concerns[0].value },
  } as const;
}

/** The first plan a parent can join (neither the pro plan nor one in preparation). */
export function bookablePlan(v: VariantCase) {
  return getPage(v.key, "plans").plans.find((plan) => plan.id !== "pro" && plan.status !== "in-preparation")!;
}

// ---- through the pages ----

/** Picks the first answers of step 1 on /form, without sending them. */
export async function chooseStep1(page: Page, v: VariantCase) {
  const answers = stepAnswers(v)[1];
  await page.locator("select[name='children[0].ageBand']").selectOption(answers["children[0].ageBand"]);
  await page.locator("select[name='children[0].time']").selectOption(answers["children[0].time"]);
}

/** Picks the first answers of step 2, without sending them. */
export async function chooseStep2(page: Page, v: VariantCase) {
  for (const [name, value] of Object.entries(stepAnswers(v)[2])) await page.locator(`input[name='${name}'][value='${value}']`).check();
}

/**
 * Opens /form and goes `through` steps with the first answers, as a parent clicks: 1 ends on step 2,
 * 2 on step 3, 3 (the e-mail sent) on the roadmap.
 */
export async function walkForm(page: Page, v: VariantCase, email: string, through: 1 | 2 | 3 = 3) {
  const form = getPage(v.key, "form");
  await page.goto(pathIn(v, "form"));
  await chooseStep1(page, v);
  await page.getByRole("button", { name: form.step1.continue, exact: true }).click();
  await expect(page.getByText("Step 2 of 3")).toBeVisible();
  if (through < 2) return;
  await chooseStep2(page, v);
  await page.getByRole("button", { name: form.step2.continue }).click();
  await expect(page.getByText("Step 3 of 3")).toBeVisible();
  if (through < 3) return;
  await page.getByLabel(form.step3.emailLabel).fill(email);
  await page.getByRole("button", { name: form.step3.submit }).click();
  await expect(page).toHaveURL(/\/roadmap/);
}

/** On /plans, joins the waitlist with the bookable plan (the main server: it leads to /confirm). */
export async function joinWithPlan(page: Page, v: VariantCase) {
  await page.goto(pathIn(v, "plans"));
  await page
    .locator(`[data-plan='${bookablePlan(v).id}']`)
    .getByRole("button", { name: getPage(v.key, "plansPage").plans.joinWaitlist })
    .click();
  await expect(page).toHaveURL((url) => url.pathname === "/confirm");
}

/** Opens the e-mailed verify link and confirms with the button on it (a GET alone confirms nobody). */
export async function confirmThroughButton(page: Page, v: VariantCase, verifyLink: string) {
  const copy = getPage(v.key, "waitlist");
  await page.goto(verifyLink);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.verify.title);
  await page.getByRole("button", { name: copy.verify.button }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/status");
}

/** Another parent: a browser of their own on the main server, JavaScript as the test's project. */
export async function newParent(browser: Browser, jsEnabled: boolean, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ javaScriptEnabled: jsEnabled, baseURL: MAIN_URL, ...options });
  return { context, page: await context.newPage() };
}

/**
 * Lands on a landing page as a browser does: the page (which may come from the edge cache), then its
 * visit image, whose request keeps the page's ?r= and utm_* in the session (ADR 033). The image's
 * address is read from the page, as the edge wrote it for this request.
 */
export async function landOn(
  api: APIRequestContext,
  v: VariantCase,
  params: Record<string, string>,
  page: "home" | "guide" | "tips" = "home",
) {
  const response = await api.get(pathIn(v, page, params));
  expect(response.status()).toBe(200);
  const image = /<img [^>]*data-landed[^>]*>/.exec(await response.text())?.[0] ?? "";
  const src = /src="([^"]+)"/.exec(image)?.[1]?.replaceAll("&amp;", "&");
  expect(src, "the landing page's visit image").toBeTruthy();
  expect((await api.get(src!)).status()).toBe(200);
  return response;
}

// ---- as form posts ----

/** Posts one form step as its page does (a person's stamp included) and expects the redirect onwards. */
export async function postStep(api: APIRequestContext, v: VariantCase, step: 1 | 2 | 3, fields: Record<string, string>, server = MAIN_URL) {
  const response = await api.post(server + pathIn(v, "form", step === 1 ? undefined : { step: String(step) }), {
    form: { ...(await personStamp()), step: String(step), ...fields },
    maxRedirects: 0,
  });
  expect(response.status(), `form step ${step}: ${await response.text().catch(() => "")}`).toBe(302);
}

/** Steps 1-3 with the first answers, as form posts; `api` is `page.request` to share the page's cookies. */
export async function postSteps(api: APIRequestContext, v: VariantCase, email: string, server = MAIN_URL) {
  const answers = stepAnswers(v);
  await postStep(api, v, 1, answers[1], server);
  await postStep(api, v, 2, answers[2], server);
  await postStep(api, v, 3, { email }, server);
}

/** Chooses a plan on /plans as its form posts it (the bookable one, monthly, unless told) and expects the redirect. */
export async function postPlan(
  api: APIRequestContext,
  v: VariantCase,
  {
    plan = bookablePlan(v).id,
    cycle = "monthly",
    server = MAIN_URL,
  }: { plan?: string; cycle?: "monthly" | "yearly"; server?: string } = {},
) {
  const response = await api.post(server + pathIn(v, "plans"), { form: { plan, cycle }, maxRedirects: 0 });
  expect(response.status(), `plan ${plan}`).toBe(302);
  return response;
}

/**
 * A parent on the waitlist of the main server: lands (with `landing`'s query, e.g. a referral
 * code), sends steps 1-3 and a plan as form posts, and opens /confirm, which sends the waitlist e-mail.
 */
export async function joinWaitlist(page: Page, v: VariantCase, email: string, landing: Record<string, string> = {}) {
  await page.goto(pathIn(v, "home", landing));
  await postSteps(page.request, v, email);
  await postPlan(page.request, v);
  await page.goto(pathIn(v, "confirm"));
  await expect(page.getByTestId("waitlist-prompt")).toContainText(getPage(v.key, "waitlist").prompt.unconfirmed);
}

// ---- mails ----

/**
 * The absolute `/{path}?…` link of the newest sent mail to `email` that has one (of `template` only,
 * when given), once it is sent.
 */
export async function mailLink(
  page: Page,
  email: string,
  path: string,
  { template, server = MAIN_URL }: { template?: string; server?: string } = {},
) {
  const pattern = new RegExp(`href="(${server.replace(/[.]/g, "\\.")}/${path}\\?[^"]+)"`);
  let link = "";
  await expect
    .poll(
      async () => {
        const mail = (await outbox(page, email, server)).find(
          (item) => item.status === "sent" && (!template || item.template === template) && pattern.test(item.html),
        );
        link = mail ? mail.html.match(pattern)![1].replace(/&amp;/g, "&") : "";
        return link;
      },
      { message: `a mail to ${email} with a /${path} link` },
    )
    .not.toBe("");
  return link;
}

/** The signed links of the parent's waitlist e-mail: confirm, status page and "Manage my data". */
export async function waitlistLinks(page: Page, email: string) {
  const link = (path: string) => mailLink(page, email, path, { template: "prelaunch" });
  return { verify: await link("verify-email"), status: await link("status"), manage: await link("my-data") };
}

// ---- straight into D1 ----

export type SeededLead = { id: string; email: string; refCode: string };

/**
 * `count` parents who finished the form and confirmed, each with a referral code, straight into the
 * main server's D1: they stand ahead of everyone who confirms later.
 */
export async function seedConfirmedLeads(v: VariantCase, count = 1): Promise<SeededLead[]> {
  const leads = Array.from({ length: count }, () => ({
    id: crypto.randomUUID(),
    email: uniqueEmail(`confirmed-${v.key}`),
    refCode: `R${Math.random().toString(36).slice(2, 9).toUpperCase().padEnd(7, "X")}`,
  }));
  await queryD1(
    leads.map(
      (lead) =>
        `INSERT INTO ${v.table} (id, email, normalized_email, ref_code, step_completed, email_verified, confirmed_at, confirm_seq, place_score)
         SELECT ${sqlString(lead.id)}, ${sqlString(lead.email)}, ${sqlString(lead.email)}, ${sqlString(lead.refCode)}, 3, 1,
                ${sqlString(new Date().toISOString())}, COALESCE(MAX(confirm_seq), 0) + 1, COALESCE(MAX(confirm_seq), 0) + 1 FROM ${v.table}`,
    ),
  );
  return leads;
}

// ---- a friend, as form posts ----

/** A visitor of their own (cookie jar and client address) on the main server, for posts with no page. */
export function visitorApi(
  playwright: PlaywrightWorkerArgs["playwright"],
  ip = randomClientIp(),
  { userAgent }: { userAgent?: string } = {},
) {
  return playwright.request.newContext({ baseURL: MAIN_URL, extraHTTPHeaders: { "CF-Connecting-IP": ip }, userAgent });
}

function randomClientIp() {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  return `10.${octet()}.${octet()}.${octet()}`;
}

/** A friend lands through the referral link and joins as form posts (the waitlist e-mail goes out). */
export async function friendJoins(api: APIRequestContext, v: VariantCase, email: string, refCode: string) {
  await landOn(api, v, { r: refCode });
  await joinsByPosts(api, v, email);
}

/**
 * A visitor who has landed (or opened a club link) finishes steps 1-3 and a plan as form posts and
 * opens /confirm, which sends the waitlist e-mail.
 */
export async function joinsByPosts(api: APIRequestContext, v: VariantCase, email: string) {
  await postSteps(api, v, email);
  await postPlan(api, v);
  expect((await api.get(pathIn(v, "confirm"))).status()).toBe(200);
}

/** The friend confirms through the mailed link's button, as its form posts it. */
export async function friendConfirms(api: APIRequestContext, page: Page, email: string) {
  await confirmsByPost(api, page, email);
}

/** Confirms through the button of the newest mailed verify link (of `template`), as its form posts it. */
export async function confirmsByPost(api: APIRequestContext, page: Page, email: string, template = "prelaunch") {
  const verify = await mailLink(page, email, "verify-email", { template });
  const response = await api.post(verify, { form: { t: new URL(verify).searchParams.get("t")!, intent: "confirm" }, maxRedirects: 0 });
  expect(response.status(), `the confirm button of ${email}`).toBe(303);
}
