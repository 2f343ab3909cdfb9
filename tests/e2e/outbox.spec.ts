import { getPage } from "../../content/index";
import { qa } from "../../content/qa";
import { expect, joinWaitlist, queryD1, sqlString, test, uniqueEmail, variants } from "./fixtures";

/**
 * /dev/outbox as QA walks a mail by hand: find it by recipient, page past the newest 100, read the
 * text version and follow its links in the page itself (a sandboxed frame follows none).
 */
const copy = qa.outbox;
const [genius] = variants;

test("search by recipient finds the mails, and a second page holds those past the newest 100", async ({ page }) => {
  // 101 mails straight into D1, dated long ago so they crowd no other test's mail off the first page.
  const tag = uniqueEmail("paging").replace(/@.*$/, "");
  const rows = Array.from({ length: 101 }, (_, i) => {
    const n = String(i).padStart(3, "0");
    const at = new Date(Date.UTC(2001, 0, 1) + i * 1000).toISOString();
    return `(${sqlString(`${tag}-${n}`)}, ${sqlString(`e2e:${tag}:${n}`)}, 'api', 'genius', ${sqlString(`${tag}-${n}@example.com`)},
      ${sqlString(`Seeded mail ${n}`)}, ${sqlString(`<p>Seeded <b>mail</b> ${n}</p>`)}, '', 'sent', 1, ${sqlString(at)}, ${sqlString(at)})`;
  });
  await queryD1(
    `INSERT INTO outbox (id, dedupe_key, template, variant, recipient, subject, html, text, status, attempts, created_at, updated_at)
     VALUES ${rows.join(",\n")}`,
  );

  await page.goto("/dev/outbox");
  await page.getByLabel(copy.search.label).fill(tag);
  await page.getByRole("button", { name: copy.search.submit }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/dev/outbox" && url.searchParams.get("to") === tag);
  const mails = page.getByTestId("outbox-mail");
  await expect(mails).toHaveCount(100);
  await expect(mails.first()).toContainText(`${tag}-100@example.com`);
  await expect(page.getByRole("link", { name: copy.newer })).toHaveCount(0);

  await page.getByRole("link", { name: copy.older }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get("to") === tag && url.searchParams.get("page") === "2");
  await expect(mails).toHaveCount(1);
  await expect(mails).toContainText(`${tag}-000@example.com`);
  // The row has no text part: the page derives one from the HTML.
  await expect(mails.getByTestId("mail-text")).toHaveText("Seeded mail 000");
  await expect(page.getByRole("link", { name: copy.older })).toHaveCount(0);
  await page.getByRole("link", { name: copy.newer }).click();
  await expect(mails).toHaveCount(100);
});

test("a waitlist mail's links are ordinary links: Confirm my e-mail opens the confirm page, on a phone", async ({ page }) => {
  const email = uniqueEmail("outbox-walk");
  await joinWaitlist(page, genius, email);
  const { doubleOptIn, legalFooter } = getPage(genius.key, "emails");
  const optIn = doubleOptIn!;

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/dev/outbox?to=${encodeURIComponent(email)}`);
  const mail = page.getByTestId("outbox-mail").filter({ has: page.getByRole("link", { name: optIn.buttonText, exact: true }) });
  await expect(mail).toHaveCount(1);
  await expect(mail.getByTestId("mail-text")).toContainText("/verify-email?t=");
  const links = mail.getByRole("list", { name: copy.links });
  for (const label of [optIn.statusButtonText, legalFooter!.manageData]) {
    await expect(links.getByRole("link", { name: label, exact: true })).toBeVisible();
  }
  // Nothing wider than the phone: no sideways scrolling of the whole page.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const confirm = links.getByRole("link", { name: optIn.buttonText, exact: true });
  await expect(confirm).toHaveAttribute("href", /\/verify-email\?t=/);
  await confirm.click();
  await expect(page).toHaveURL((url) => url.pathname === "/verify-email" && url.searchParams.has("t"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(getPage(genius.key, "waitlist").verify.title);
});
