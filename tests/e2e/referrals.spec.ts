import type { Browser, Page } from "@playwright/test";
import { getPage } from "../../content/index";
import { referralRules } from "../../content/referrals";
import { counted } from "../../content/plural";
import { createConfirmedAccount, signIn } from "./auth-helpers";
import {
  alternatingModes,
  confirmThroughButton,
  expect,
  joinWaitlist,
  newParent,
  outbox,
  pathIn,
  queryD1,
  seedConfirmedLeads,
  sqlString,
  test,
  uniqueEmail,
  variants,
  waitForHydration,
  waitlistLinks,
  withLineLock,
  type VariantCase,
} from "./fixtures";

/**
 * The referral engine as parents meet it: A joins and confirms through the button page; B joins
 * through A's link; A's count moves only when B confirms, A moves up the documented number of
 * places, sees it on the status page and gets one "moved up" e-mail. A mail scanner's GET confirms
 * nobody. Every variant: places are counted in the variant's own table and the "moved up" mail is
 * in its brand. A test that asserts places holds its variant's line
 * (withLineLock), so the two projects take turns per table while everything else runs alongside.
 */

// Each test puts several parents on the waitlist and confirms them.
test.beforeEach(() => test.slow());

async function statusOf(page: Page, statusLink: string) {
  await page.goto(statusLink);
  const place = await page.getByTestId("place").getAttribute("data-place");
  return {
    place: place ? Number(place) : null,
    credited: Number(await page.getByTestId("credited").textContent()),
    pending: Number(await page.getByTestId("pending").textContent()),
  };
}

/** A confirms; B joins through A's link and confirms; A moves up by the rule and is told once. */
async function referAndConfirm(page: Page, browser: Browser, jsEnabled: boolean, v: VariantCase) {
  const copy = getPage(v.key, "waitlist");
  const a = uniqueEmail(`ref-a-${v.key}`);
  const b = uniqueEmail(`ref-b-${v.key}`);

  await seedConfirmedLeads(v, referralRules.placesPerCredit + 1);
  await joinWaitlist(page, v, a);
  const refLink = await page.locator("#ref-link, input[readonly]").first().inputValue();
  const refCode = new URL(refLink).searchParams.get("r")!;
  expect(refCode).toMatch(/^[A-Z0-9]{8}$/);
  const aLinks = await waitlistLinks(page, a);

  // A mail scanner opens the link: nobody is confirmed.
  for (let i = 0; i < 3; i++) expect((await page.request.get(aLinks.verify)).status()).toBe(200);
  // Without JavaScript the waitlist page refreshes itself while its mail is pending: a refresh that
  // lands during this navigation aborts it, so it is tried until the status page has loaded.
  await expect(() => page.goto(aLinks.status)).toPass();
  await expect(page.getByTestId("place")).toHaveText(copy.status.unconfirmed);

  await confirmThroughButton(page, v, aLinks.verify);
  const before = await statusOf(page, aLinks.status);
  expect(before.place).toBeGreaterThan(referralRules.placesPerCredit);

  const parentB = await newParent(browser, jsEnabled);
  await joinWaitlist(parentB.page, v, b, { r: refCode });
  expect(await statusOf(page, aLinks.status)).toMatchObject({ credited: 0, pending: 1, place: before.place });
  expect(
    (await queryD1<{ referral_count: number }>(`SELECT referral_count FROM ${v.table} WHERE email = ${sqlString(a)}`))[0].referral_count,
  ).toBe(0);

  const bLinks = await waitlistLinks(parentB.page, b);
  await confirmThroughButton(parentB.page, v, bLinks.verify);
  await parentB.context.close();

  const after = await statusOf(page, aLinks.status);
  expect(after).toEqual({ credited: 1, pending: 0, place: before.place! - referralRules.placesPerCredit });
  await expect(page.getByText(counted(copy.status.rule, referralRules.placesPerCredit))).toBeVisible();
  const [row] = await queryD1<{ referral_count: number; email_verified: number }>(
    `SELECT referral_count, email_verified FROM ${v.table} WHERE email = ${sqlString(a)}`,
  );
  expect(row).toEqual({ referral_count: 1, email_verified: 1 });
  // "Moved up" is a reaction to the credit's fact: written after the response, from the queue.
  const movedUp = async () => (await outbox(page, a)).filter((mail) => mail.template === "moved-up");
  await expect.poll(async () => (await movedUp()).length, { timeout: 30_000 }).toBe(1);
  expect((await movedUp())[0].subject).toContain(`place ${after.place}`);
}

// The referral flow posts the same way in every variant: genius walks it with JavaScript on and
// off. Each variant counts places in its own table and mails in its own brand, so the others walk it
// once each, one with JavaScript off and one with it on. The phone width depends on the variant's
// share message, not on the mode: once per variant, the modes alternating.
const flowModes: Record<VariantCase["key"], { tag?: string }> = { genius: {}, icehockey: { tag: "@js-off" }, tennis: { tag: "@js-on" } };

for (const v of variants) {
  const mode = alternatingModes(v);
  test.describe(`referrals: ${v.key}`, () => {
    test(
      "A's referral counts only when B confirms through the button page; A moves up and is told once",
      flowModes[v.key],
      async ({ page, browser, jsEnabled }) => {
        await withLineLock("main", v, () => referAndConfirm(page, browser, jsEnabled, v));
      },
    );

    test(
      "the status page fits a 390 px phone: the share message's long link wraps, nothing scrolls sideways",
      mode(),
      async ({ page, jsEnabled }) => {
        const email = uniqueEmail(`status-width-${v.key}`);
        await page.setViewportSize({ width: 390, height: 844 });
        await joinWaitlist(page, v, email);
        await page.goto((await waitlistLinks(page, email)).status);
        await expect(page.getByTestId("share-message")).toBeVisible();
        if (jsEnabled) await waitForHydration(page);
        const width = await page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          client: document.documentElement.clientWidth,
        }));
        expect(width.client).toBe(390);
        expect(width.scroll).toBeLessThanOrEqual(width.client);
      },
    );
  });
}

test.describe("referrals the ledger does not credit", () => {
  test("self-referral, a Gmail-dot duplicate and a disposable domain are not credited; the admin sees why and can revoke and restore", async ({
    page,
    browser,
    jsEnabled,
  }, testInfo) => {
    // One variant per project: the ledger's rules are the same in every variant.
    const v = jsEnabled ? variants[0] : variants[1];
    const admin = getPage(v.key, "admin").referrals;
    const tag = `${testInfo.project.name}-${Date.now()}`;
    const a = `ann.${tag}@gmail.com`;
    await joinWaitlist(page, v, a);
    const refCode = new URL(await page.locator("#ref-link").inputValue()).searchParams.get("r")!;
    const joinWith = async (email: string) => {
      const parent = await newParent(browser, jsEnabled);
      await joinWaitlist(parent.page, v, email, { r: refCode });
      await confirmThroughButton(parent.page, v, (await waitlistLinks(parent.page, email)).verify);
      await parent.context.close();
    };
    const self = `ann.${tag}+again@gmail.com`;
    const twin = `twin${tag}@gmail.com`;
    const twinDots = `t.w.i.n${tag}@gmail.com`;
    const throwaway = `parent-${tag}@mailinator.com`;
    const friend = uniqueEmail("friend");
    // The twin is on the list before anyone refers the dotted form of the same inbox.
    const first = await newParent(browser, jsEnabled);
    await joinWaitlist(first.page, v, twin);
    await first.context.close();
    // One waitlist mail per inbox in ten minutes (ADR 041): the same inbox's second join comes after its first mail's window.
    const afterWindowOf = (earlier: string) =>
      queryD1(
        `UPDATE outbox SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '-11 minutes') WHERE template = 'prelaunch' AND recipient = ${sqlString(earlier)}`,
      );
    await afterWindowOf(a);
    await afterWindowOf(twin);
    for (const email of [self, twinDots, throwaway, friend]) await joinWith(email);
    const [row] = await queryD1<{ referral_count: number }>(`SELECT referral_count FROM ${v.table} WHERE email = ${sqlString(a)}`);
    expect(row.referral_count).toBe(1);

    await createConfirmedAccount(`admin-${tag}@example.com`.toLowerCase(), "referrals-admin-password", "admin");
    await signIn(page, v, `admin-${tag}@example.com`.toLowerCase(), "referrals-admin-password");
    await page.goto(pathIn(v, "admin/referrals"));
    const rowOf = (email: string) => page.locator(`tr[data-referred='${email.toLowerCase()}']`);
    await expect(rowOf(self).getByTestId("referral-reason")).toHaveText(admin.reasons["self-referral"]);
    await expect(rowOf(twinDots).getByTestId("referral-reason")).toHaveText(admin.reasons["duplicate-email"]);
    await expect(rowOf(throwaway).getByTestId("referral-reason")).toHaveText(admin.reasons["disposable-domain"]);
    await expect(rowOf(friend).getByTestId("referral-status")).toHaveText(admin.statuses.credited);

    await rowOf(friend).getByRole("button", { name: admin.revoke }).click();
    await expect(page.getByRole("status")).toHaveText(admin.revoked);
    await expect(rowOf(friend).getByTestId("referral-reason")).toHaveText(admin.reasons.revoked);
    expect(
      (await queryD1<{ referral_count: number }>(`SELECT referral_count FROM ${v.table} WHERE email = ${sqlString(a)}`))[0].referral_count,
    ).toBe(0);
    await rowOf(friend).getByRole("button", { name: admin.restore }).click();
    await expect(rowOf(friend).getByTestId("referral-status")).toHaveText(admin.statuses.credited);
    expect(
      (await queryD1<{ referral_count: number }>(`SELECT referral_count FROM ${v.table} WHERE email = ${sqlString(a)}`))[0].referral_count,
    ).toBe(1);

    // The lead's own page shows its code, who referred it and the flags.
    const [throwawayLead] = await queryD1<{ id: string }>(`SELECT id FROM ${v.table} WHERE email = ${sqlString(throwaway)}`);
    await page.goto(pathIn(v, `admin/leads/${throwawayLead.id}/edit`));
    await expect(page.getByTestId("referral-panel")).toContainText(refCode);
    await expect(page.getByTestId("risk-flags")).toHaveText(admin.flags["disposable-domain"]);
  });
});
