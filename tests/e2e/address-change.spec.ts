import { getPage } from "../../content/index";
import {
  confirmThroughButton,
  expect,
  joinWithPlan,
  mailLink,
  outbox,
  pathIn,
  queryD1,
  seedConfirmedLeads,
  sqlString,
  test,
  uniqueEmail,
  variants,
  walkForm,
  type VariantCase,
} from "./fixtures";

/**
 * A place and a credit belong to an address its owner confirmed (ADR 040), as an attacker with a
 * browser and a cookie jar tries it: step 3 sent again with another address, before the confirm page
 * or with a cookie saved from before it, never moves a lead to that address. Each test runs with
 * JavaScript on and off.
 */

const [genius, hockey] = variants;

type LeadRow = { id: string; email: string; email_verified: number; confirm_seq: number | null; referral_count: number };
const rowsWith = (v: VariantCase, email: string) =>
  queryD1<LeadRow>(`SELECT id, email, email_verified, confirm_seq, referral_count FROM ${v.table} WHERE email = ${sqlString(email)}`);

/** Step 3 again (the parent's back button, or a replayed cookie): the roadmap follows. */
async function sendStep3Again(page: import("@playwright/test").Page, v: VariantCase, email: string) {
  const form = getPage(v.key, "form");
  await page.goto(pathIn(v, "form", { step: "3" }));
  await page.getByLabel(form.step3.emailLabel).fill(email);
  await page.getByRole("button", { name: form.step3.submit }).click();
  await expect(page).toHaveURL(/\/roadmap/);
}

test("step 3 sent again with an inbox confirmed elsewhere earns the referrer nothing", async ({ page }) => {
  test.slow();
  const v = genius;
  const [referrer, owned] = await seedConfirmedLeads(v, 2);
  const throwaway = uniqueEmail("swap-throwaway");

  await page.goto(pathIn(v, "home", { r: referrer.refCode }));
  await walkForm(page, v, throwaway);
  await sendStep3Again(page, v, owned.email);
  await joinWithPlan(page, v);
  // The confirm page mails the address the visitor gave last, with a link for that address only.
  await confirmThroughButton(page, v, await mailLink(page, owned.email, "verify-email", { template: "prelaunch" }));

  expect((await rowsWith(v, referrer.email))[0].referral_count).toBe(0);
  const credited = await queryD1<{ n: number }>(
    `SELECT COUNT(*) AS n FROM referrals WHERE referrer_id = ${sqlString(referrer.id)} AND status = 'credited'`,
  );
  expect(credited[0].n).toBe(0);
  // The first address kept its own lead, unconfirmed.
  expect(await rowsWith(v, throwaway)).toMatchObject([{ email: throwaway, confirm_seq: null }]);
});

test("a cookie replayed from before the confirm page cannot confirm a stranger's address", async ({ browser, jsEnabled }) => {
  test.slow();
  const v = hockey;
  const attacker = uniqueEmail("swap-attacker");
  const stranger = uniqueEmail("swap-stranger");
  const context = await browser.newContext({ javaScriptEnabled: jsEnabled });
  const page = await context.newPage();
  await walkForm(page, v, attacker);
  const beforeConfirm = await context.storageState();
  await joinWithPlan(page, v);
  const ownLink = await mailLink(page, attacker, "verify-email", { template: "prelaunch" });

  // The saved cookie, replayed in another browser: step 3 with the stranger's address.
  const replay = await browser.newContext({ javaScriptEnabled: jsEnabled, storageState: beforeConfirm });
  const replayed = await replay.newPage();
  await sendStep3Again(replayed, v, stranger);
  await confirmThroughButton(replayed, v, ownLink);

  // The link confirmed the address it was mailed to; the stranger's stays unconfirmed and unmailed.
  expect(await rowsWith(v, attacker)).toMatchObject([{ email: attacker, email_verified: 1 }]);
  const strangers = await rowsWith(v, stranger);
  expect(strangers).toHaveLength(1);
  for (const row of strangers) expect(row).toMatchObject({ email_verified: 0, confirm_seq: null });
  expect(await outbox(page, stranger)).toEqual([]);
  await replay.close();
  await context.close();
});
