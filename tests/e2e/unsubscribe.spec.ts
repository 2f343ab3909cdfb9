import { getPage } from "#content/index";
import { emailHash } from "../../app/mail/suppression.server";
import { signUnsubscribeToken } from "../../app/mail/unsubscribe.server";
import { E2E_SESSION_SECRET, MAIN_URL, expect, outbox, pathIn, queryD1, sqlString, test, uniqueEmail, variants } from "./fixtures";
import { elements, formOf, getHtml, mainOf, textOf } from "./http";

/** Signed as the e2e servers sign the links in their mails. */
const tokenFor = (email: string) => signUnsubscribeToken({ SESSION_SECRET: E2E_SESSION_SECRET }, false, email, "marketing");

async function suppressionsOf(email: string) {
  return queryD1<{ scope: string; reason: string }>(
    `SELECT scope, reason FROM suppressions WHERE email_hash = ${sqlString(await emailHash(email))}`,
  );
}

// Every variant names its own site on the page: read from its HTML, and its form posted, in all three.
// The page ships no JavaScript (a plain form): the button is pressed in a browser in one variant,
// with JavaScript on and off. The refusal of a bad link is one code path, checked in one.
for (const v of variants) {
  const copy = getPage(v.key, "unsubscribe");

  test.describe(`/unsubscribe without a browser (${v.key})`, { tag: "@http" }, () => {
    test("the link shows a button; its form's post unsubscribes the address from marketing mail", async ({ request }) => {
      const email = uniqueEmail(`unsub-${v.key}`);
      const link = pathIn(v, "unsubscribe", { t: await tokenFor(email) });
      const { status, html } = await getHtml(request, link);
      expect(status).toBe(200);
      expect(elements(html, "h1").map((h1) => h1.text)).toEqual([copy.title]);
      expect(copy.title).toContain(v.title);
      expect(textOf(mainOf(html))).toContain(email);
      expect(elements(html, "button").map((button) => button.text)).toContain(copy.button);
      // Opening the link (a mail scanner does) writes nothing.
      expect(await suppressionsOf(email)).toEqual([]);

      const form = formOf(mainOf(html), link);
      const done = await request.post(form.action, {
        data: form.fields.toString(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      const doneHtml = await done.text();
      expect(elements(doneHtml, "h1").map((h1) => h1.text)).toEqual([copy.doneTitle]);
      expect(textOf(mainOf(doneHtml))).toContain(copy.doneText.replace("{email}", email));
      expect(await suppressionsOf(email)).toEqual([{ scope: "marketing", reason: "unsubscribe" }]);
    });

    if (v.key === "genius")
      test("an invalid link is a 400 page that says so and writes nothing", async ({ request }) => {
        const email = uniqueEmail(`unsub-bad-${v.key}`);
        const token = (await tokenFor(email)).slice(0, -4) + "AAAA";
        const { status, html } = await getHtml(request, pathIn(v, "unsubscribe", { t: token }));
        expect(status).toBe(400);
        expect(elements(html, "h1").map((h1) => h1.text)).toEqual([copy.invalidTitle]);
        expect(elements(html, "button").map((button) => button.text)).not.toContain(copy.button);
        expect(await suppressionsOf(email)).toEqual([]);
      });
  });
}

for (const v of variants.filter((found) => found.key === "genius")) {
  const copy = getPage(v.key, "unsubscribe");

  test.describe(`/unsubscribe (${v.key})`, () => {
    test("the link shows a button; pressing it unsubscribes the address from marketing mail", async ({ page }) => {
      const email = uniqueEmail(`unsub-${v.key}`);
      const response = await page.goto(pathIn(v, "unsubscribe", { t: await tokenFor(email) }));
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.title);
      expect(copy.title).toContain(v.title);
      await expect(page.getByText(email)).toBeVisible();
      // Opening the link (a mail scanner does) writes nothing.
      expect(await suppressionsOf(email)).toEqual([]);

      // The page ships no JavaScript (a plain form), so JS on and off post the same form.
      await page.getByRole("button", { name: copy.button }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.doneTitle);
      await expect(page.getByText(copy.doneText.replace("{email}", email))).toBeVisible();
      expect(await suppressionsOf(email)).toEqual([{ scope: "marketing", reason: "unsubscribe" }]);
    });
  });
}

test("the RFC 8058 one-click POST answers 200 without cookies or a CSRF token, even from another origin", async ({ playwright }) => {
  const api = await playwright.request.newContext();
  const email = uniqueEmail("one-click");
  const response = await api.post(`${MAIN_URL}${pathIn(variants[1], "unsubscribe", { t: await tokenFor(email) })}`, {
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.example.net" },
    data: "List-Unsubscribe=One-Click",
  });
  expect(response.status()).toBe(200);
  expect(await suppressionsOf(email)).toEqual([{ scope: "marketing", reason: "unsubscribe" }]);
  const forged = await api.post(`${MAIN_URL}/unsubscribe?t=forged.token`, {
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: "List-Unsubscribe=One-Click",
  });
  expect(forged.status()).toBe(400);
  await api.dispose();
});

/** Fills and posts the free guide form (a marketing mail follows); ends on /guide-confirm. */
async function requestGuide(page: import("@playwright/test").Page, v: (typeof variants)[number], email: string) {
  const copy = getPage(v.key, "guide");
  await page.goto(pathIn(v, "guide-form"));
  await page.getByLabel(copy.form.emailLabel).fill(email);
  await page.locator("input[name=ageBand]").nth(1).check();
  await page.locator("input[name=goals]").nth(0).check();
  await page.getByRole("button", { name: copy.form.submit }).click();
  await expect(page).toHaveURL(/\/guide-confirm/);
}

test("the guide mail's footer links unsubscribe the parent; the guide they ask for again still comes (ADR 029)", async ({
  page,
  context,
}) => {
  const v = variants[2];
  const email = uniqueEmail("unsub-flow");
  await requestGuide(page, v, email);
  await expect.poll(async () => (await outbox(page, email))[0]?.status, { timeout: 20_000 }).toBe("sent");
  const [mail] = await outbox(page, email);
  expect(mail.text.trimStart().startsWith(v.wordmark)).toBe(true);
  const html = mail.html.replace(/&amp;/g, "&");
  expect(html).toMatch(/href="http:\/\/127\.0\.0\.1:\d+\/my-data\?domain=champion&sport=tennis&t=[^"]+"/);
  const unsubscribe = /href="(http:\/\/127\.0\.0\.1:\d+\/unsubscribe\?[^"]+)"/.exec(html)?.[1];
  expect(unsubscribe).toBeTruthy();

  await page.goto(unsubscribe!);
  await page.getByRole("button", { name: getPage(v.key, "unsubscribe").button }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(getPage(v.key, "unsubscribe").doneTitle);

  // Later (past the one-mail-per-window limit: the first mail is made older), a new visitor session
  // asks for the guide again with the same address: their own request, so it is sent; the
  // unsubscribe stays, for the follow-ups and notices.
  await queryD1(
    `UPDATE outbox SET created_at = ${sqlString(new Date(Date.now() - 3_600_000).toISOString())} WHERE recipient = ${sqlString(email)}`,
  );
  await context.clearCookies();
  await requestGuide(page, v, email);
  await expect.poll(async () => (await outbox(page, email)).map((m) => m.status), { timeout: 20_000 }).toEqual(["sent", "sent"]);
  expect(await suppressionsOf(email)).toEqual([{ scope: "marketing", reason: "unsubscribe" }]);
});
