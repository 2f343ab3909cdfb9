import { randomUUID } from "node:crypto";
import { getPage } from "../../content/index";
import { expect, pathIn, queryD1, sqlString, test, uniqueEmail, variants } from "./fixtures";

/**
 * Every admin form keeps what the admin typed when the server refuses it or when the admin steps
 * back from its confirmation ("Not yet"), with JavaScript on and off: the launch announcement, a
 * webhook endpoint with its ticked events, and a safelist range with its note.
 */

const v = variants[0];
const copy = getPage(v.key, "admin");

test.describe("admin forms keep their input", () => {
  test("launch: a refused draft and 'Not yet: keep editing' keep the date, the label and the link", async ({ page, asAdmin }, testInfo) => {
    const text = copy.launch;
    // The confirmation needs an audience: one confirmed parent of the variant.
    const parent = uniqueEmail(`forms-keep-parent-${testInfo.project.name}`);
    await queryD1(
      `INSERT INTO ${v.table} (id, email, normalized_email, step_completed, email_verified, confirmed_at, confirm_seq, place_score)
       SELECT ${sqlString(randomUUID())}, ${sqlString(parent)}, ${sqlString(parent)}, 3, 1, ${sqlString(new Date().toISOString())},
              COALESCE(MAX(confirm_seq), 0) + 1, COALESCE(MAX(confirm_seq), 0) + 1 FROM ${v.table}`,
    );
    await asAdmin(page.context());
    await page.goto(pathIn(v, "admin/launch"));
    const fill = {
      [text.compose.date]: "2026-05-04",
      [text.compose.message]: "Early access opens soon.",
      [text.compose.ctaLabel]: "See the plans",
    };
    for (const [label, value] of Object.entries(fill)) await page.getByLabel(label).fill(value);
    await page.getByLabel(text.compose.ctaUrl).fill("javascript:alert(1)");
    await page.getByRole("button", { name: text.buttons.send }).click();
    await expect(page.getByText(text.errors.ctaUrl)).toBeVisible();
    for (const [label, value] of Object.entries(fill)) await expect(page.getByLabel(label)).toHaveValue(value);
    await expect(page.getByLabel(text.compose.ctaUrl)).toHaveValue("javascript:alert(1)");

    await page.getByLabel(text.compose.ctaUrl).fill("/pricing");
    await page.getByRole("button", { name: text.buttons.send }).click();
    await expect(page.getByTestId("send-confirm")).toBeVisible();
    await page.getByTestId("send-confirm").getByRole("link", { name: text.confirm.back }).click();
    for (const [label, value] of Object.entries(fill)) await expect(page.getByLabel(label)).toHaveValue(value);
    await expect(page.getByLabel(text.compose.ctaUrl)).toHaveValue("/pricing");
  });

  test("webhooks: a refused URL keeps the URL and the ticked events", async ({ page, asAdmin }) => {
    const text = copy.webhooks;
    await asAdmin(page.context());
    await page.goto(pathIn(v, "admin/webhooks"));
    await page.getByLabel(text.url).fill("https://10.0.0.1/hook");
    await page.getByLabel("lead.confirmed", { exact: true }).check();
    await page.getByRole("button", { name: text.add }).click();
    await expect(page.getByRole("alert")).toHaveText(text.refused["private-address"]);
    await expect(page.getByLabel(text.url)).toHaveValue("https://10.0.0.1/hook");
    await expect(page.getByLabel("lead.confirmed", { exact: true })).toBeChecked();
  });

  test("safelist: a refused range and the confirmation keep the range and the note", async ({ page, asAdmin }, testInfo) => {
    const text = copy.referrals.safelist;
    const note = `School ${testInfo.project.name} ${randomUUID().slice(0, 8)}`;
    await asAdmin(page.context());
    await page.goto(pathIn(v, "admin/safelist"));
    await page.getByLabel(text.cidr).fill("0.0.0.0/0");
    await page.getByLabel(text.note).fill(note);
    await page.getByRole("button", { name: text.add }).click();
    await expect(page.getByRole("alert")).toHaveText(text.tooBroad);
    await expect(page.getByLabel(text.cidr)).toHaveValue("0.0.0.0/0");
    await expect(page.getByLabel(text.note)).toHaveValue(note);

    // Before Save the form below still holds both, to edit them instead.
    await page.getByLabel(text.cidr).fill("198.51.100.0/24");
    await page.getByRole("button", { name: text.add }).click();
    await expect(page.getByTestId("safelist-confirm")).toBeVisible();
    await expect(page.getByLabel(text.cidr)).toHaveValue("198.51.100.0/24");
    await expect(page.getByLabel(text.note)).toHaveValue(note);
  });
});
