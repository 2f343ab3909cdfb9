import AxeBuilder from "@axe-core/playwright";
import { counted } from "../../content/plural";
import type { Browser, Page, PlaywrightWorkerArgs } from "@playwright/test";
import { getPage } from "../../content/index";
import {
  bothModesIn,
  confirmThroughButton,
  expect,
  friendConfirms,
  friendJoins,
  visitorApi,
  type AsAdmin,
  joinWaitlist,
  newParent,
  outbox,
  pathIn,
  queryD1,
  sqlString,
  test,
  uniqueEmail,
  variants,
  withLineLock,
  waitlistLinks,
  type VariantCase,
} from "./fixtures";

/**
 * Milestone rewards (issue 34, docs/decisions/035-rewards-and-revocation.md), JS on and off, genius
 * and tennis: an admin sets a ladder (a download at 1 friend, a code at 2) and uploads codes; a
 * parent's two friends confirm; the parent gets one mail per reward and the status page's ladder
 * follows. An admin revokes: the undelivered code is withdrawn (back in the pool), the downloaded
 * file is kept and flagged; a restore brings the code back, without a second mail.
 *
 * The ladder is per variant and both projects run at once: each test's steps carry its own tag, the
 * assertions look at those steps only, and the steps are switched off at the end.
 */

test.beforeEach(() => test.slow());

const GUIDE: Record<string, string> = { genius: "/downloads/ai-parenting-guide.pdf", tennis: "/downloads/tennis-guide.pdf" };

/** Axe on the page as it is (with JavaScript on: the same markup, checked once). */
async function expectAccessible(page: Page, jsEnabled: boolean) {
  if (!jsEnabled) return;
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(" ")}`)).toEqual([]);
}

async function addStep(page: Page, v: VariantCase, step: { threshold: number; kind: string; title: string; file?: string }) {
  const copy = getPage(v.key, "rewards").admin;
  const form = page.locator("[data-testid='reward-step-form'][data-kind='']");
  await form.getByLabel(copy.ladder.threshold).fill(String(step.threshold));
  await form.getByLabel(copy.ladder.kind).selectOption(step.kind);
  await form.getByLabel(copy.ladder.stepTitle).fill(step.title);
  await form.getByLabel(copy.ladder.description).fill(`What ${step.title} gives.`);
  if (step.file) await form.getByLabel(copy.ladder.file).fill(step.file);
  await form.getByRole("button", { name: copy.ladder.add }).click();
  await expect(page.locator(`[data-testid='reward-step-form'] input[name='title'][value='${step.title}']`)).toHaveCount(1);
  // The add form is empty again: a second press would not add the same step twice.
  await expect(form.getByLabel(copy.ladder.stepTitle)).toHaveValue("");
  await expect(form.getByLabel(copy.ladder.threshold)).toHaveValue("");
}

/** A friend joins through the referral link and confirms, as the forms post it, from an address of their own. */
async function friendJoinsAndConfirms(
  playwright: PlaywrightWorkerArgs["playwright"],
  page: Page,
  v: VariantCase,
  email: string,
  refCode: string,
) {
  const api = await visitorApi(playwright);
  await friendJoins(api, v, email, refCode);
  await friendConfirms(api, page, email);
  await api.dispose();
}

async function rewardsFlow(
  page: Page,
  browser: Browser,
  jsEnabled: boolean,
  v: VariantCase,
  tag: string,
  asAdmin: AsAdmin,
  playwright: PlaywrightWorkerArgs["playwright"],
) {
  const copy = getPage(v.key, "rewards");
  const referralsCopy = getPage(v.key, "admin").referrals;
  const downloadTitle = `Starter pack ${tag}`;
  const codeTitle = `Ten off ${tag}`;

  // The admin sets the ladder and fills the code step's pool.
  const admin = await newParent(browser, jsEnabled);
  await asAdmin(admin.context);
  await admin.page.goto(pathIn(v, "admin/rewards"));
  await addStep(admin.page, v, { threshold: 1, kind: "download", title: downloadTitle, file: GUIDE[v.key] });
  await addStep(admin.page, v, { threshold: 2, kind: "code", title: codeTitle });
  const pool = admin.page.getByTestId("code-pool").filter({ hasText: codeTitle });
  await pool.getByLabel(copy.admin.codes.upload).fill(`CODE-${tag}-1\nCODE-${tag}-2\n`);
  await pool.getByRole("button", { name: copy.admin.codes.uploadButton }).click();
  await expect(pool.getByTestId("codes-left")).toHaveText(counted(copy.admin.codes.remaining, 2));
  await expect(pool.getByTestId("codes-low")).toBeVisible();

  // A parent joins and confirms; two friends (different domains) join through the link and confirm.
  const a = uniqueEmail(`rewards-a-${v.key}`);
  await joinWaitlist(page, v, a);
  const links = await waitlistLinks(page, a);
  await confirmThroughButton(page, v, links.verify);
  const refCode = new URL(await page.locator("#ref-link").inputValue()).searchParams.get("r")!;
  const stepOf = (title: string) => page.getByTestId("reward-step").filter({ hasText: title });
  await expect(stepOf(downloadTitle)).toHaveAttribute("data-unlocked", "false");
  const friends = [`rw-one-${tag}@first-school.example`, `rw-two-${tag}@second-club.example`];
  await friendJoinsAndConfirms(playwright, page, v, friends[0], refCode);
  // The reward is a reaction to the credit's fact, settled from the queue just after the response.
  await expect(async () => {
    await page.goto(links.status);
    await expect(stepOf(downloadTitle)).toHaveAttribute("data-unlocked", "true", { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId("reward-next")).toContainText(copy.status.next.one.split("{title}")[0]);
  await friendJoinsAndConfirms(playwright, page, v, friends[1], refCode);

  // One mail per reward, in the outbox (the second once its reaction has run).
  const rewardMails = async () => (await outbox(page, a)).filter((mail) => mail.template === "reward");
  await expect.poll(async () => (await rewardMails()).length, { timeout: 30_000 }).toBe(2);
  const mails = await rewardMails();
  for (const title of [downloadTitle, codeTitle]) {
    expect(mails.filter((mail) => mail.subject.includes(title))).toHaveLength(1);
  }
  // The status page: both unlocked, the download served, the code behind "Show my code".
  await page.goto(links.status);
  await expect(page.getByTestId("reward-progress")).toBeVisible();
  await expect(stepOf(codeTitle)).toHaveAttribute("data-unlocked", "true");
  await expect(stepOf(codeTitle).getByRole("button", { name: copy.status.revealCode })).toBeVisible();
  await expectAccessible(page, jsEnabled);
  const href = (await stepOf(downloadTitle).getByTestId("reward-download").getAttribute("href"))!;
  const file = await page.request.get(href);
  expect(file.status()).toBe(200);
  expect((await file.body()).subarray(0, 4).toString("latin1")).toBe("%PDF");

  // The admin revokes the second friend's credit: the code (not shown yet) is withdrawn, back in the pool.
  await admin.page.goto(pathIn(v, "admin/referrals"));
  const rowOf = (email: string) => admin.page.locator(`tr[data-referred='${email}']`);
  await rowOf(friends[1]).getByRole("button", { name: referralsCopy.revoke }).click();
  await expect(rowOf(friends[1]).getByTestId("referral-reason")).toHaveText(referralsCopy.reasons.revoked);
  await admin.page.goto(pathIn(v, "admin/rewards"));
  const ledgerRow = (title: string) => admin.page.locator(`tr[data-testid='ledger-row'][data-email='${a}'][data-title='${title}']`);
  await expect(ledgerRow(codeTitle).getByTestId("ledger-state")).toHaveText(copy.admin.ledger.withdrawn);
  await expectAccessible(admin.page, jsEnabled);
  await expect(pool.getByTestId("codes-left")).toHaveText(counted(copy.admin.codes.remaining, 2));
  await page.goto(links.status);
  await expect(stepOf(codeTitle)).toHaveAttribute("data-unlocked", "false");

  // Below the first step too: the downloaded file is kept, and flagged for the team.
  await admin.page.goto(pathIn(v, "admin/referrals"));
  await rowOf(friends[0]).getByRole("button", { name: referralsCopy.revoke }).click();
  await expect(rowOf(friends[0]).getByTestId("referral-reason")).toHaveText(referralsCopy.reasons.revoked);
  await admin.page.goto(pathIn(v, "admin/rewards"));
  await expect(ledgerRow(downloadTitle).getByTestId("ledger-state")).toHaveText(copy.admin.ledger.flagged);
  await page.goto(links.status);
  await expect(stepOf(downloadTitle)).toHaveAttribute("data-unlocked", "true");

  // Restored: the code is the parent's again (no second mail), shown when they ask for it.
  await admin.page.goto(pathIn(v, "admin/referrals"));
  for (const friend of friends) {
    await rowOf(friend).getByRole("button", { name: referralsCopy.restore }).click();
    await expect(rowOf(friend).getByTestId("referral-status")).toHaveText(referralsCopy.statuses.credited);
  }
  await page.goto(links.status);
  await stepOf(codeTitle).getByRole("button", { name: copy.status.revealCode }).click();
  await expect(stepOf(codeTitle).getByTestId("reward-code")).toHaveText(`CODE-${tag}-1`);
  expect((await outbox(page, a)).filter((mail) => mail.template === "reward" && mail.subject.includes(tag))).toHaveLength(2);
  await admin.page.goto(pathIn(v, "admin/rewards"));
  await expect(ledgerRow(codeTitle).getByTestId("ledger-state")).toHaveText(copy.admin.ledger.delivered);
  await admin.context.close();
}

for (const v of [variants[0], variants[2]]) {
  test.describe(`milestone rewards: ${v.key}`, bothModesIn(v, variants[0]), () => {
    test("a parent unlocks a download and a code (one mail each, the ladder follows); a revoked credit withdraws or flags per ADR 035", async ({
      page,
      browser,
      jsEnabled,
      asAdmin,
      playwright,
    }, testInfo) => {
      const tag = `${v.key}-${testInfo.project.name}-${Date.now()}`;
      try {
        // Credits move the line, which the place-asserting specs count: take turns with them.
        await withLineLock("main", v, () => rewardsFlow(page, browser, jsEnabled, v, tag, asAdmin, playwright));
      } finally {
        // The ladder is the variant's: this test's steps leave it for the other specs.
        await queryD1(`UPDATE reward_steps SET enabled = 0 WHERE title LIKE ${sqlString(`%${tag}`)}`);
      }
    });
  });
}
