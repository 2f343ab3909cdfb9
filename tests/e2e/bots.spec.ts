import type { Page } from "@playwright/test";
import { getPage } from "../../content/index";
import {
  LIVE_URL,
  chooseStep1,
  MAIN_URL,
  expect,
  outbox,
  pathIn,
  personStamp,
  queryD1,
  restampPosts,
  sqlString,
  test,
  uniqueEmail,
  variants,
  waitForHydration,
  waitPastStamp,
  type VariantCase,
} from "./fixtures";
import { RETRY_MIN_FILL_MS } from "../../app/platform/bot-guard.server";
import { useDistinctClientIp } from "./auth-helpers";
import { inOneLeadWindow } from "./lead-window";

/**
 * Bots on the public forms (docs/decisions/011-bot-guard.md), JavaScript on and off, every variant:
 * a filled honeypot or a forged stamp gets the answer a person would get, and nothing is written or
 * sent. A form sent faster than the minimum comes back with its answers and a request to press
 * again (a password manager is that fast); a second machine-speed post is refused as a bot (unit
 * tests). The main server turns the minimum off (tests fill forms at machine speed); the live
 * server keeps the production default of 3 s, so the too-fast case runs there.
 */

const HONEYPOT = "input[name=website]";
const guideCopy = (v: VariantCase) => getPage(v.key, "guide").form;

/** Fills the guide form as a person would (the honeypot left alone). */
async function fillGuide(page: Page, v: VariantCase, email: string) {
  await page.getByLabel(guideCopy(v).emailLabel).fill(email);
  await page.locator("input[name=ageBand]").first().check();
  await page.locator("input[name=goals]").first().check();
}

const submitGuide = (page: Page, v: VariantCase) => page.getByRole("button", { name: guideCopy(v).submit }).click();

/** What the bot left behind on a server: lead rows and e-mails to the address. */
async function traces(v: VariantCase, email: string, server: "main" | "live" = "main") {
  const [leads] = await queryD1<{ n: number }>(`SELECT count(*) AS n FROM ${v.table} WHERE email = ${sqlString(email)}`, server);
  const [mails] = await queryD1<{ n: number }>(`SELECT count(*) AS n FROM outbox WHERE recipient = ${sqlString(email)}`, server);
  return { leads: Number(leads.n), mails: Number(mails.n) };
}

// The bot guard is one code path for every form of every variant: each case runs in one variant, a
// different one each (the variants' own copy and tables are checked by the guide and funnel specs).
const [genius, icehockey, tennis] = variants;

test.describe("bots", () => {
  test("a filled honeypot on the guide form goes where a person would and writes and sends nothing", async ({ page }) => {
    const v = genius;
    const email = uniqueEmail(`bot-honeypot-${v.key}`);
    await page.goto(pathIn(v, "guide-form"));
    // The honeypot is out of sight and out of the tab order: only a script fills it.
    await expect(page.locator(HONEYPOT)).toHaveAttribute("tabindex", "-1");
    await expect(page.locator(HONEYPOT)).not.toBeInViewport();
    await fillGuide(page, v, email);
    await page.locator(HONEYPOT).fill("https://spam.example", { force: true });
    await submitGuide(page, v);
    // Sent to the confirm page like a person; it finds no lead and shows the form again (no error page).
    await expect(page).toHaveURL(/\/guide-form(\?|$)/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(guideCopy(v).title);
    expect(await traces(v, email)).toEqual({ leads: 0, mails: 0 });
    expect(await outbox(page, email)).toHaveLength(0);
  });

  test("a filled honeypot on funnel step 1 writes no lead", async ({ page }) => {
    const v = icehockey;
    const campaign = uniqueEmail(`bot-step1-${v.key}`).split("@")[0];
    await page.goto(pathIn(v, "home", { utm_campaign: campaign }));
    await page.goto(pathIn(v, "form"));
    await chooseStep1(page, v);
    await page.locator(HONEYPOT).fill("bot", { force: true });
    await page.getByRole("button", { name: getPage(v.key, "form").step1.continue, exact: true }).click();
    // Step 2 needs a lead: the bot is back on step 1.
    await expect(page.getByText("Step 1 of 3")).toBeVisible();
    expect(await queryD1(`SELECT id FROM ${v.table} WHERE utm_campaign = ${sqlString(campaign)}`)).toHaveLength(0);
  });

  test("a password manager that fills the guide form at once (live server, 3 s): asked to press again, every answer kept, then the guide", async ({
    page,
    jsEnabled,
  }) => {
    // Its own address: the live server's per-IP lead limit is not what this test is about.
    await useDistinctClientIp(page);
    for (const v of [genius, icehockey]) {
      const copy = guideCopy(v);
      const formUrl = `${LIVE_URL}${pathIn(v, "guide-form")}`;
      const email = uniqueEmail(`autofill-${v.key}`);
      // The first press counts as made the moment the form was shown, however slow the browser is.
      const stopSendingAtOnce = await restampPosts(page, formUrl, { sentAfterMs: 0 });
      await page.goto(formUrl);
      if (jsEnabled) await waitForHydration(page);
      const ageBand = page.locator("input[name=ageBand]").nth(1);
      const goals = page.locator("input[name=goals]");
      await page.getByLabel(copy.emailLabel).fill(email);
      await ageBand.check();
      await goals.nth(0).check();
      await goals.nth(2).check();
      await Promise.all([page.waitForResponse((response) => response.request().method() === "POST"), submitGuide(page, v)]);
      await stopSendingAtOnce();

      await expect(page.getByRole("alert")).toHaveText(getPage(v.key, "botGuard").tooFast);
      await expect(page.getByLabel(copy.emailLabel)).toHaveValue(email);
      await expect(ageBand).toBeChecked();
      await expect(goals.nth(0)).toBeChecked();
      await expect(goals.nth(1)).not.toBeChecked();
      await expect(goals.nth(2)).toBeChecked();
      expect(await traces(v, email, "live")).toEqual({ leads: 0, mails: 0 });

      // The parent reads the message and presses again: the re-shown form's own stamp is the clock.
      await waitPastStamp(page, RETRY_MIN_FILL_MS);
      await submitGuide(page, v);
      await expect(page).toHaveURL(/\/guide-confirm/);
      await expect(page.getByTestId("sent-to")).toHaveText(email);
      await expect.poll(async () => (await outbox(page, email, LIVE_URL)).length).toBe(1);
      expect((await traces(v, email, "live")).leads).toBe(1);
    }
  });
});

test.describe("bots: crafted posts", { tag: "@http" }, () => {
  const v = tennis;
  const options = getPage(v.key, "options");
  const tipsFields = (email: string) => ({
    email,
    ageBand: options.leadFormAgeBands[0].value,
    goals: options.leadFormGoals[0].value,
  });

  test("a missing stamp asks to send again (422) and a forged one is treated as a bot; neither writes", async ({ request }) => {
    const email = uniqueEmail("bot-stamp");
    const url = `${MAIN_URL}${pathIn(v, "tips-form")}`;
    const missing = await request.post(url, { form: tipsFields(email), maxRedirects: 0 });
    expect(missing.status()).toBe(422);
    expect(await missing.text()).toContain(getPage(v.key, "botGuard").staleForm);
    const { form_stamp: real } = await personStamp();
    const forged = `${real.slice(0, -4)}0000`;
    const bot = await request.post(url, { form: { ...tipsFields(email), form_stamp: forged }, maxRedirects: 0 });
    expect(bot.status()).toBe(302);
    expect(bot.headers()["location"]).toBe(pathIn(v, "tips-confirm"));
    expect(await traces(v, email)).toEqual({ leads: 0, mails: 0 });
  });

  test("a filled honeypot on sign-up goes to the check-your-e-mail page and creates no account or e-mail", async ({ request }) => {
    const email = uniqueEmail("bot-signup");
    const password = "correct-horse-42";
    const response = await request.post(`${MAIN_URL}${pathIn(v, "signup")}`, {
      form: { mode: "signup", email, name: "Bot", password, confirmPassword: password, website: "x", ...(await personStamp()) },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe(pathIn(v, "signup-confirm"));
    expect(await queryD1(`SELECT id FROM accounts WHERE email = ${sqlString(email)}`)).toHaveLength(0);
    expect((await traces(v, email)).mails).toBe(0);
  });

  test("one IP gets 20 new leads in ten minutes (past 5 flagged ip-burst), then a 429 with the message", async ({ playwright }) => {
    const { tag, statuses, refusal } = await inOneLeadWindow(async () => {
      const ip = `10.77.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`;
      const run = { tag: uniqueEmail("ip-burst").split("@")[0], statuses: [] as number[], refusal: "" };
      for (let i = 1; i <= 21; i++) {
        // A new cookie jar each time: 21 different parents behind one address.
        const parent = await playwright.request.newContext({ baseURL: LIVE_URL, extraHTTPHeaders: { "CF-Connecting-IP": ip } });
        const response = await parent.post(pathIn(v, "tips-form"), {
          form: { ...tipsFields(`${run.tag}-${i}@example.com`), ...(await personStamp()) },
          maxRedirects: 0,
        });
        run.statuses.push(response.status());
        if (response.status() === 429) run.refusal = await response.text();
        await parent.dispose();
      }
      return run;
    });
    expect(statuses).toEqual([...Array(20).fill(302), 429]);
    expect(refusal).toContain("a lot of sign-ups from your network");
    const rows = await queryD1<{ email: string; risk_flags: string }>(
      `SELECT email, risk_flags FROM ${v.table} WHERE email LIKE ${sqlString(`${tag}-%`)}`,
      "live",
    );
    expect(rows).toHaveLength(20);
    const flagged = rows
      .filter((row) => JSON.parse(row.risk_flags).includes("ip-burst"))
      .map((row) => Number(row.email.split("-").at(-1)!.split("@")[0]));
    expect(flagged.sort((a, b) => a - b)).toEqual(Array.from({ length: 15 }, (_, i) => i + 6));
  });
});
