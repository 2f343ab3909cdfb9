import { readFile } from "node:fs/promises";
import { getPage } from "../../content/index";
import { emailHash } from "../../app/mail/suppression.server";
import { createConfirmedAccount, signIn } from "./auth-helpers";
import {
  bothModesIn,
  MAIN_URL,
  confirmThroughButton,
  expect,
  joinWaitlist,
  outbox,
  pathIn,
  queryD1,
  seedConfirmedLeads,
  sqlString,
  test,
  uniqueEmail,
  variants,
  waitlistLinks,
  withLineLock,
} from "./fixtures";

/**
 * "Manage my data", in every variant with JavaScript on and off: a parent
 * referred by another joins the waitlist, confirms, opens "Manage my data" from their e-mail,
 * downloads their data and erases it after one confirmation. Afterwards none of their rows are
 * left, their mails have no bodies, the address is on the suppression list, a new send to them is
 * skipped, and their referrer keeps the credit. An admin runs the same export and erasure.
 */

test.describe.configure({ timeout: 180_000 });

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

// Every variant: the page names the variant's own site, and the lead it exports and erases is in the variant's table.
for (const v of variants) {
  test(`${v.key}: a parent downloads and erases their data from "Manage my data"`, bothModesIn(v, variants[0]), async ({ page }) => {
    const copy = getPage(v.key, "myData");
    const [referrer] = await seedConfirmedLeads(v);
    const parent = uniqueEmail(`my-data-${v.key}`);
    // The credit moves the line, which the place-asserting specs count: take turns with them.
    const links = await withLineLock("main", v, async () => {
      await joinWaitlist(page, v, parent, { r: referrer.refCode });
      const sent = await waitlistLinks(page, parent);
      await confirmThroughButton(page, v, sent.verify);
      return sent;
    });
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
      `SELECT recipient, subject, html, text, render_input, status FROM outbox WHERE template = 'prelaunch' AND recipient = ${sqlString(`erased:${await emailHash(parent)}`)}`,
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
