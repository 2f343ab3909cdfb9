import type { Browser, Page } from "@playwright/test";
import { getPage } from "../../content/index";
import { createConfirmedAccount, signIn } from "./auth-helpers";
import {
  bothModesIn,
  confirmThroughButton,
  expect,
  joinWaitlist,
  newParent,
  pathIn,
  queryD1,
  sqlString,
  test,
  uniqueEmail,
  variants,
  waitlistLinks,
  withLineLock,
  type VariantCase,
} from "./fixtures";

/**
 * One-tap sharing (issue 34): the status page offers WhatsApp, Facebook, X, e-mail and SMS links
 * with the brand's prefilled message, each tagging the parent's link with its channel (`&c=wa`);
 * they are plain links, so they work with JavaScript on and off. A friend who arrives through the
 * WhatsApp link and confirms shows under WhatsApp in the admin console's count by channel.
 */

test.beforeEach(() => test.slow());

/** The referral link inside a channel's share URL: the decoded message ends in it (or it is the `u`/`url` parameter). */
function sharedLink(href: string): URL {
  const target = new URL(href.replace(/^sms:\?&/, "sms:?"));
  const value = target.searchParams.get("text") ?? target.searchParams.get("body") ?? "";
  const link = target.searchParams.get("u") ?? target.searchParams.get("url") ?? value.split(/\s+/).at(-1)!;
  return new URL(link);
}

async function shareLinksOn(page: Page) {
  const box = page.getByTestId("one-tap-share").first();
  await expect(box).toBeVisible();
  const hrefOf = async (channel: string) => (await box.locator(`a[data-channel='${channel}']`).getAttribute("href"))!;
  return { box, hrefOf };
}

async function shareAndCredit(page: Page, browser: Browser, jsEnabled: boolean, v: VariantCase) {
  const share = getPage(v.key, "confirm").vip.oneTap;
  const adminCopy = getPage(v.key, "admin").referrals.channels;
  const a = uniqueEmail(`share-a-${v.key}`);
  const b = uniqueEmail(`share-b-${v.key}`);
  await joinWaitlist(page, v, a);
  const aLinks = await waitlistLinks(page, a);
  await confirmThroughButton(page, v, aLinks.verify);
  await page.goto(aLinks.status);
  const refCode = new URL(await page.locator("#ref-link").inputValue()).searchParams.get("r")!;

  const { box, hrefOf } = await shareLinksOn(page);
  // Each channel has its accessible name and its own tag; the messages are the brand's.
  for (const [channel, start] of [
    ["wa", "https://wa.me/?text="],
    ["fb", "https://www.facebook.com/sharer/sharer.php?u="],
    ["x", "https://x.com/intent/post?text="],
    ["email", "mailto:?subject="],
    ["sms", "sms:?&body="],
  ] as const) {
    await expect(box.getByRole("link", { name: share.channels[channel], exact: true })).toBeVisible();
    const href = await hrefOf(channel);
    expect(href.startsWith(start), `${channel}: ${href}`).toBe(true);
    const link = sharedLink(href);
    expect(link.searchParams.get("r")).toBe(refCode);
    expect(link.searchParams.get("c")).toBe(channel);
  }
  // The message is the brand's, with the tagged link where {link} is.
  const wa = new URL(await hrefOf("wa")).searchParams.get("text")!;
  expect(wa).toBe(share.message.replace("{link}", sharedLink(await hrefOf("wa")).toString()));
  expect(new URL(await hrefOf("email")).searchParams.get("subject")).toBe(share.subject);
  // The copied message is tagged as copied.
  await expect(page.getByTestId("share-message")).toContainText("c=copy");

  // B arrives through the WhatsApp link and confirms.
  const waLink = sharedLink(await hrefOf("wa"));
  const parentB = await newParent(browser, jsEnabled);
  await joinWaitlist(parentB.page, v, b, { r: waLink.searchParams.get("r")!, c: waLink.searchParams.get("c")! });
  await confirmThroughButton(parentB.page, v, (await waitlistLinks(parentB.page, b)).verify);
  await parentB.context.close();
  const [row] = await queryD1<{ channel: string | null; status: string }>(
    `SELECT r.channel, r.status FROM referrals r JOIN ${v.table} l ON l.id = r.referred_id WHERE l.email = ${sqlString(b)}`,
  );
  expect(row).toEqual({ channel: "wa", status: "credited" });

  // The console counts it under WhatsApp.
  const tag = `${v.key}-${jsEnabled ? "js" : "nojs"}-${Date.now()}`;
  const adminEmail = `share-admin-${tag}@example.com`;
  await createConfirmedAccount(adminEmail, "share-admin-password", "admin");
  await signIn(page, v, adminEmail, "share-admin-password");
  await page.goto(pathIn(v, "admin/referrals"));
  const waRow = page.locator(`[data-testid^='referral-channels-'] tr[data-channel='wa']`);
  await expect(waRow.locator("th")).toHaveText(adminCopy.labels.wa);
  expect(Number(await waRow.locator("td").textContent())).toBeGreaterThanOrEqual(1);
}

for (const v of [variants[0], variants[2]]) {
  test.describe(`share links: ${v.key}`, bothModesIn(v, variants[0]), () => {
    test("the status page shows one-tap share links with the prefilled message and c= tag; a friend through c=wa counts under WhatsApp", async ({
      page,
      browser,
      jsEnabled,
    }) => {
      // A credit moves the line, which the place-asserting specs count: take turns with them.
      await withLineLock("main", v, () => shareAndCredit(page, browser, jsEnabled, v));
    });
  });
}
