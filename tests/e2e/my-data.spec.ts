import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { getPage } from "../../content/index";
import { emailHash } from "../../app/mail/suppression.server";
import { createConfirmedAccount, signIn } from "./auth-helpers";
import { MAIN_URL, expect, outbox, pathIn, queryD1, sqlString, test, uniqueEmail, variants, type VariantCase } from "./fixtures";

/**
 * "Manage my data", in every variant with JavaScript on and off: a parent
 * referred by another joins through the funnel, confirms, opens "Manage my data" from their e-mail,
 * downloads their data and erases it after one confirmation. Afterwards none of their rows are
 * left, their mails have no bodies, the address is on the suppression list, a new send to them is
 * skipped, and their referrer keeps the credit. An admin runs the same export and erasure.
 */

test.describe.configure({ timeout: 180_000 });

/** A confirmed parent with a referral code, straight into D1: the referrer. */
async function seedReferrer(v: VariantCase) {
  const id = crypto.randomUUID();
  const email = uniqueEmail(`referrer-${v.key}`);
  const refCode = `R${Math.random().toString(36).slice(2, 9).toUpperCase().padEnd(7, "X")}`;
  await queryD1(
    `INSERT INTO ${v.table} (id, email, normalized_email, ref_code, step_completed, email_verified, confirmed_at, confirm_seq, place_score)
     SELECT ${sqlString(id)}, ${sqlString(email)}, ${sqlString(email)}, ${sqlString(refCode)}, 3, 1, ${sqlString(new Date().toISOString())},
            COALESCE(MAX(confirm_seq), 0) + 1, COALESCE(MAX(confirm_seq), 0) + 1 FROM ${v.table}`,
  );
  return { id, email, refCode };
}

/** The funnel through the browser (works with JavaScript off), ending on /confirm. */
async function joinWaitlist(page: Page, v: VariantCase, email: string, refCode: string) {
  const options = getPage(v.key, "options");
  const form = getPage(v.key, "form");
  await page.goto(pathIn(v, "home", { r: refCode }));
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
  await page.goto(pathIn(v, "plans"));
  const plan = getPage(v.key, "plans").plans.find((item) => item.status !== "in-preparation" && item.id !== "pro")!;
  await page
    .locator(`[data-plan='${plan.id}']`)
    .getByRole("button", { name: getPage(v.key, "plansPage").plans.joinWaitlist })
    .click();
  await expect(page).toHaveURL((url) => url.pathname === "/confirm");
}

/** The signed links of the parent's waitlist e-mail, once it was sent. */
async function waitlistLinks(page: Page, email: string) {
  let html = "";
  await expect
    .poll(async () => {
      const mail = (await outbox(page, email)).find((item) => item.template === "prelaunch");
      html = mail?.status === "sent" ? mail.html : "";
      return html;
    })
    .toContain("/verify-email?");
  const link = (path: string) =>
    html.match(new RegExp(`href="(${MAIN_URL.replace(/[.]/g, "\\.")}/${path}\\?[^"]+)"`))![1].replace(/&amp;/g, "&");
  return { verify: link("verify-email"), status: link("status"), manage: link("my-data") };
}

const countRows = async (email: string) => {
  const tables = ["leads", "leads_icehockey", "leads_tennis", "users", "accounts"];
  const rows = await queryD1<{ n: number }>(tables.map((t) => `SELECT COUNT(*) AS n FROM ${t} WHERE lower(email) = ${sqlString(email)}`));
  return rows.reduce((sum, row) => sum + Number(row.n), 0);
};

type Download = {
  email: string;
  leads: { table: string; row: { id: string; email: string; referred_by: string | null } }[];
  referrals: { as_referred: { status: string }[]; as_referrer: unknown[] };
  emails_sent: { template: string; html: string; subject: string }[];
};

for (const v of variants) {
  test(`${v.key}: a parent downloads and erases their data from "Manage my data"`, async ({ page }) => {
    const copy = getPage(v.key, "myData");
    const referrer = await seedReferrer(v);
    const parent = uniqueEmail(`my-data-${v.key}`);
    await joinWaitlist(page, v, parent, referrer.refCode);
    const links = await waitlistLinks(page, parent);
    await page.goto(links.verify);
    await page.getByRole("button", { name: getPage(v.key, "waitlist").verify.button }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/status");
    const [{ referral_count: creditBefore }] = await queryD1<{ referral_count: number }>(
      `SELECT referral_count FROM ${v.table} WHERE id = ${sqlString(referrer.id)}`,
    );
    expect(creditBefore).toBe(1);
    const [{ id: leadId }] = await queryD1<{ id: string }>(`SELECT id FROM ${v.table} WHERE email = ${sqlString(parent)}`);

    // The status page links to "Manage my data"; the parent opens it from their e-mail.
    await expect(page.getByTestId("manage-my-data")).toHaveAttribute("href", /\/my-data\?(.*&)?t=/);
    await page.goto(links.manage);
    await expect(page).toHaveURL((url) => url.pathname === "/my-data" && url.searchParams.has("t"));
    const manageUrl = page.url();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.title);
    await expect(page.getByTestId("held-waitlists")).toHaveText(v.title);
    await expect(page.getByTestId("held-referred")).toHaveText(copy.yes);
    await expect(page.getByTestId("held-account")).toHaveText(copy.no);

    // The download: their lead, their referral and their mails, no other parent's address.
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: copy.downloadButton }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const text = await readFile((await download.path())!, "utf8");
    const data = JSON.parse(text) as Download;
    expect(data.email).toBe(parent);
    expect(data.leads).toEqual([expect.objectContaining({ table: v.table, row: expect.objectContaining({ id: leadId, email: parent }) })]);
    expect(data.referrals.as_referred).toEqual([expect.objectContaining({ status: "credited" })]);
    expect(data.emails_sent.find((mail) => mail.template === "prelaunch")?.html).toContain("/verify-email?");
    expect(text).not.toContain(referrer.email);
    // The code of the link they followed is part of their own row; the ledger shows no other parent.
    expect(text.split(referrer.refCode)).toHaveLength(2);
    expect(data.leads[0].row.referred_by).toBe(referrer.refCode);

    // Erase, after one confirmation.
    await page.getByRole("link", { name: copy.eraseButton }).click();
    await expect(page.getByTestId("erase-warning")).toContainText("cannot be undone");
    await page.getByRole("button", { name: copy.confirmButton }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/my-data" && url.searchParams.get("done") === "1");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.doneTitle);

    // Nothing of theirs is left; their mails are status rows without bodies; the referrer keeps the credit.
    expect(await countRows(parent)).toBe(0);
    expect(await queryD1(`SELECT id FROM outbox WHERE lower(recipient) = ${sqlString(parent)}`)).toEqual([]);
    const [mail] = await queryD1<Record<string, string | null>>(
      `SELECT recipient, subject, html, text, render_input, status FROM outbox WHERE dedupe_key = ${sqlString(`prelaunch:${v.table}:${leadId}`)}`,
    );
    expect(mail).toEqual({
      recipient: `erased:${await emailHash(parent)}`,
      subject: "",
      html: "",
      text: "",
      render_input: null,
      status: "sent",
    });
    const [{ referral_count: creditAfter }] = await queryD1<{ referral_count: number }>(
      `SELECT referral_count FROM ${v.table} WHERE id = ${sqlString(referrer.id)}`,
    );
    expect(creditAfter).toBe(creditBefore);
    expect(await queryD1(`SELECT reason FROM suppressions WHERE email_hash = ${sqlString(await emailHash(parent))}`)).toEqual([
      { reason: "erasure" },
    ]);

    // The old links lead nowhere, and no new mail to them is created.
    const again = await page.goto(manageUrl);
    expect(again?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.goneTitle);
    const resend = await page.request.post(links.verify, { form: { t: new URL(links.verify).searchParams.get("t")!, intent: "resend" } });
    expect(resend.status()).toBe(400);
    expect(await outbox(page, parent)).toEqual([]);
    // A mail another service asks us to send them is skipped, and the outbox keeps neither address nor body.
    const send = await page.request.post(`${MAIN_URL}/api/send-email`, {
      headers: { Authorization: "Bearer e2e-email-token" },
      data: { from: "no-reply@aiparenting.example", to: parent, subject: "News", html: "<p>News</p>" },
    });
    expect(send.status()).toBe(422);
    expect(
      await queryD1(`SELECT status, subject, html FROM outbox WHERE recipient = ${sqlString(`suppressed:${await emailHash(parent)}`)}`),
    ).toEqual([{ status: "skipped", subject: "", html: "" }]);
    expect(await outbox(page, parent)).toEqual([]);
  });
}

test("an admin exports and erases a parent's data for a parent who wrote in", async ({ page }, testInfo) => {
  const v = variants[testInfo.project.name === "js-on" ? 0 : 1];
  const copy = getPage(v.key, "myData").admin;
  const parent = uniqueEmail(`admin-erase-${v.key}`);
  const leadId = crypto.randomUUID();
  await queryD1([
    `INSERT INTO ${v.table} (id, email, normalized_email, step_completed) VALUES (${sqlString(leadId)}, ${sqlString(parent)}, ${sqlString(parent)}, 3)`,
    `INSERT INTO outbox (id, dedupe_key, template, variant, recipient, subject, html, text, status, created_at, updated_at)
     VALUES (${sqlString(crypto.randomUUID())}, ${sqlString(`e2e:${leadId}`)}, 'prelaunch', ${sqlString(v.key)}, ${sqlString(parent)}, 'Hello', '<p>Hi</p>', 'Hi', 'sent',
             ${sqlString(new Date().toISOString())}, ${sqlString(new Date().toISOString())})`,
  ]);
  const admin = uniqueEmail("my-data-admin");
  await createConfirmedAccount(admin, "my-data-admin-password", "admin");
  await signIn(page, v, admin, "my-data-admin-password");
  await page.goto(pathIn(v, "admin/leads", { q: parent }));
  await page.getByRole("link", { name: `${copy.rowLink} ${parent}` }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/admin/leads/${leadId}/data`);

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: copy.exportButton }).click();
  const data = JSON.parse(await readFile((await (await downloading).path())!, "utf8")) as Download;
  expect(data.leads.map((lead) => lead.row.id)).toEqual([leadId]);
  expect(data.emails_sent).toHaveLength(1);

  await page.getByRole("button", { name: copy.eraseButton }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/admin/leads");
  await expect(page.getByRole("status")).toContainText(copy.erased);
  expect(await countRows(parent)).toBe(0);
  expect(await queryD1(`SELECT html FROM outbox WHERE dedupe_key = ${sqlString(`e2e:${leadId}`)}`)).toEqual([{ html: "" }]);
  expect(
    (await queryD1<{ n: number }>(`SELECT COUNT(*) AS n FROM erasure_log WHERE source = 'admin' AND tables LIKE '%${v.table}%'`))[0].n,
  ).toBeGreaterThan(0);
});
