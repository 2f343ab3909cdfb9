import { randomUUID } from "node:crypto";
import { getPage } from "../../content/index";
import { expect, pathIn, queryD1, sqlString, test, uniqueEmail, variants } from "./fixtures";

/**
 * /admin/audit: an admin change (giving up a dead mail on /admin/mail) shows up on the audit page
 * with the admin who made it, and the page's kind filter (a GET form) keeps only that kind.
 * JavaScript on and off.
 */

const copy = getPage("genius", "admin");
const text = copy.audit;
const [genius] = variants;

test.beforeEach(() => test.slow());

test("an admin's change is on /admin/audit with the admin, filtered by its kind", async ({ page, asAdmin }, testInfo) => {
  const project = testInfo.project.name;
  const id = randomUUID();
  const at = new Date().toISOString();
  await queryD1(
    `INSERT INTO outbox (id, dedupe_key, template, variant, recipient, subject, html, text, status, attempts, last_error, created_at, updated_at)
     VALUES (${sqlString(id)}, ${sqlString(`e2e-audit:${id}`)}, 'prelaunch', 'genius', ${sqlString(uniqueEmail(`audit-${project}`))},
             'Your place on the waitlist', '<p>Hello</p>', 'Hello', 'dead', 5, 'Attempts used up', ${sqlString(at)}, ${sqlString(at)})`,
  );
  const admin = await asAdmin(page.context());

  await page.goto(pathIn(genius, "admin/mail"));
  await page.locator(`tr[data-mail-id="${id}"]`).getByRole("button", { name: copy.mail.giveUp, exact: true }).click();
  await expect(page.locator(`tr[data-mail-id="${id}"]`)).toHaveCount(0);

  await page.getByRole("navigation", { name: copy.console.navLabel }).getByRole("link", { name: copy.console.audit }).click();
  await expect(page.getByRole("heading", { name: text.title })).toBeVisible();
  await page.getByLabel(text.filterLabel).selectOption({ label: text.kinds.mail });
  await page.getByRole("button", { name: text.filter, exact: true }).click();
  await expect(page).toHaveURL(/[?&]kind=mail\b/);
  const table = page.getByTestId("admin-audit-log");
  const mine = table.locator("tbody tr").filter({ hasText: id });
  await expect(mine).toHaveCount(1);
  await expect(mine).toHaveAttribute("data-action", "mail.give-up");
  await expect(mine).toContainText(admin);
  await expect(mine).toContainText(text.actions["mail.give-up"]);
  // Only mail changes are listed.
  for (const action of await table.locator("tbody tr").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-action")))) {
    expect(action).toMatch(/^mail\./);
  }
});
