import type { Locator, Page } from "@playwright/test";
import { getPage } from "../../content/index";
import { absoluteLinkTo } from "../../app/utils/links";
import { confirmationLink, useDistinctClientIp } from "./auth-helpers";
import {
  alternatingModes,
  LIVE_URL,
  MAIN_URL,
  bookablePlan,
  expect,
  outbox,
  pathIn,
  postSteps,
  queryD1,
  restampPosts,
  sqlString,
  test,
  uniqueEmail,
  variants,
  waitForHydration,
  type VariantCase,
} from "./fixtures";

/**
 * The plan step (SPEC 2.7, 4.1, 4.6). The live server runs the default LAUNCH_MODE: a plan leads to
 * /signup, and the account's referral link shows on /signup-confirm and in the welcome e-mail; the
 * in-preparation top tier of the sport editions reads 'Join Waitlist' and leads to /confirm. The main
 * server runs LAUNCH_MODE=waitlist: every plan reads 'Join Waitlist' and no trial is promised.
 */

const PASSWORD = "correct-horse-42";

/** Steps 1-3 of the funnel as form posts on `server`, sharing the page's cookies; the page ends on /plans. */
async function reachPlans(page: Page, server: string, v: VariantCase, email: string) {
  await postSteps(page.request, v, email, server);
  await page.goto(`${server}${pathIn(v, "plans")}`);
}

async function choose(page: Page, planId: string, label: string, jsEnabled: boolean) {
  if (jsEnabled) await waitForHydration(page);
  const button = page.locator(`article[data-plan="${planId}"]`).getByRole("button");
  await expect(button).toHaveText(label);
  await button.click();
}

/** How light a button's background is, 0 (black) to 1 (white), from its computed colour (rgb or oklch). */
async function lightness(button: Locator): Promise<number> {
  const colour = await button.evaluate((element) => getComputedStyle(element).backgroundColor);
  const oklch = /^oklch\(([\d.]+)(%?)/.exec(colour);
  if (oklch) return Number(oklch[1]) / (oklch[2] ? 100 : 1);
  const [r, g, b] = (colour.match(/[\d.]+/g) ?? []).map(Number);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

const leadOf = async (v: VariantCase, email: string, server: "main" | "live") =>
  (
    await queryD1<{ plan_chosen: string | null; ref_code: string | null }>(
      `SELECT plan_chosen, ref_code FROM ${v.table} WHERE email = ${sqlString(email)}`,
      server,
    )
  )[0];

// Every variant: each has its own plans, names and prices, and only the sport editions have a top tier in preparation.
for (const v of variants) {
  const plans = getPage(v.key, "plans").plans;
  const copy = getPage(v.key, "plansPage").plans;
  const bookable = bookablePlan(v);
  const inPreparation = plans.find((plan) => plan.status === "in-preparation");

  test.describe(`plan step: ${v.key}`, () => {
    const mode = alternatingModes(v);
    test(
      "by default a plan leads to /signup; /signup-confirm and the welcome e-mail give the referral link",
      mode(),
      async ({ page, jsEnabled }) => {
        await useDistinctClientIp(page);
        const email = uniqueEmail(`plan-${v.key}`);
        await reachPlans(page, LIVE_URL, v, email);
        await expect(page.getByText(copy.subtitle)).toBeVisible();
        await choose(page, bookable.id, copy.choose, jsEnabled);
        await expect(page).toHaveURL((url) => url.pathname === "/signup");
        expect((await leadOf(v, email, "live")).plan_chosen).toBe(bookable.id);

        const signup = getPage(v.key, "signup");
        // Ann takes her time over the form, as the live server's minimum fill time expects of a person.
        await restampPosts(page, `${LIVE_URL}${pathIn(v, "signup")}`, { sentAfterMs: 60_000 });
        await expect(page.getByTestId("chosen-plan")).toContainText(bookable.name);
        await expect(page.getByLabel(signup.fields.email, { exact: true })).toHaveValue(email);
        await page.getByLabel(signup.fields.name, { exact: true }).fill("Ann Lee");
        await page.getByLabel(signup.fields.password, { exact: true }).fill(PASSWORD);
        await page.getByLabel(signup.fields.confirmPassword, { exact: true }).fill(PASSWORD);
        await page.getByRole("button", { name: signup.signup.submit, exact: true }).click();
        await expect(page).toHaveURL((url) => url.pathname === "/signup-confirm");

        await page.goto(await confirmationLink(page, email, LIVE_URL));
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(signup.confirm.success);

        const { ref_code } = await leadOf(v, email, "live");
        expect(ref_code).toMatch(/^[A-Z2-7]{8}$/);
        const refLink = absoluteLinkTo(LIVE_URL, v.variant, "home", { r: ref_code! });
        const share = getPage(v.key, "confirm");
        await expect(page.getByLabel(share.private.linkLabel)).toHaveValue(refLink);
        // The message a parent copies tags its channel (c=copy), as each one-tap link tags its own.
        await expect(page.getByTestId("share-message")).toHaveText(share.vip.shareMessage.replace("{link}", `${refLink}&c=copy`));
        const copyLink = page.getByRole("button", { name: share.private.copyButton });
        if (jsEnabled) {
          await waitForHydration(page);
          await expect(copyLink).toBeVisible();
        } else {
          await expect(copyLink).toHaveCount(0);
        }

        await expect
          .poll(async () => (await outbox(page, email, LIVE_URL)).find((mail) => mail.template === "welcome")?.text ?? "")
          .toContain(refLink);
      },
    );

    if (inPreparation) {
      test("the in-preparation top tier reads 'Join Waitlist' and puts the parent on the waitlist", mode(), async ({ page, jsEnabled }) => {
        const email = uniqueEmail(`prep-${v.key}`);
        await reachPlans(page, LIVE_URL, v, email);
        await expect(page.locator(`article[data-plan="${bookable.id}"]`).getByRole("button")).toHaveText(copy.choose);
        await choose(page, inPreparation.id, "Join Waitlist", jsEnabled);
        await expect(page).toHaveURL((url) => url.pathname === "/confirm");
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(getPage(v.key, "confirm").title);
        expect((await leadOf(v, email, "live")).plan_chosen).toBe(inPreparation.id);
        await expect
          .poll(async () => (await outbox(page, email, LIVE_URL)).find((mail) => mail.template === "prelaunch")?.subject)
          .toBe(`Welcome to ${inPreparation.name} - Your Referral Link is Ready!`);
      });
    } else {
      test("no plan reads 'Join Waitlist' by default", mode(), async ({ page }) => {
        await reachPlans(page, LIVE_URL, v, uniqueEmail(`noprep-${v.key}`));
        await expect(page.getByRole("button", { name: "Join Waitlist" })).toHaveCount(0);
      });
    }

    if (plans.some((plan) => plan.id === "pro"))
      test("the 'Coming soon' tier looks disabled: a pale button and no 'nothing to pay' note under it", mode(), async ({ page }) => {
        await reachPlans(page, LIVE_URL, v, uniqueEmail(`soon-${v.key}`));
        const soon = page.locator('article[data-plan="pro"]');
        const button = soon.getByRole("button");
        await expect(button).toHaveText(copy.comingSoon);
        await expect(button).toBeDisabled();
        await expect(soon).not.toContainText(getPage(v.key, "plansPage").card.noCreditCard);
        // A bookable plan's button is a solid, dark or brand-coloured one; the disabled one is pale.
        expect(await lightness(button)).toBeGreaterThan(0.8);
        expect(await lightness(page.locator(`article[data-plan="${bookable.id}"]`).getByRole("button"))).toBeLessThan(0.8);
      });

    test(
      "in waitlist mode every plan reads 'Join Waitlist', no trial is promised, and the choice leads to /confirm",
      mode(),
      async ({ page, jsEnabled }) => {
        const email = uniqueEmail(`waitlist-${v.key}`);
        await reachPlans(page, MAIN_URL, v, email);
        const main = page.locator("main");
        await expect(main.getByText(copy.waitlistSubtitle)).toBeVisible();
        await expect(main).not.toContainText(/try free|free trial|7-day/i);
        for (const plan of plans) {
          const button = page.locator(`article[data-plan="${plan.id}"]`).getByRole("button");
          await expect(button).toHaveText(plan.id === "pro" ? copy.comingSoon : "Join Waitlist");
        }
        await choose(page, bookable.id, "Join Waitlist", jsEnabled);
        await expect(page).toHaveURL((url) => url.pathname === "/confirm");
        expect((await leadOf(v, email, "main")).plan_chosen).toBe(bookable.id);
      },
    );
  });
}
