import type { PlaywrightWorkerArgs } from "@playwright/test";
import { getPage } from "../../content/index";
import { counted } from "../../content/plural";
import { placesPerCreditOf } from "../../content/referrals";
import {
  bothModesIn,
  MAIN_URL,
  confirmThroughButton,
  expect,
  friendConfirms,
  friendJoins,
  joinWaitlist,
  pathIn,
  personStamp,
  queryD1,
  seedConfirmedLeads,
  sqlString,
  stepAnswers,
  test,
  uniqueEmail,
  variants,
  waitlistLinks,
  withLineLock,
  type VariantCase,
} from "./fixtures";
import { inOneLeadWindow } from "./lead-window";

/**
 * A line that is fair and hard to game (issue 34, docs/decisions/036-holds-and-fairness.md): ten
 * friends at one catch-all domain are held, move nothing, the status page says "10 friends pending
 * review", and an admin's approval (bulk, asked once) turns them into credits that move the place.
 * A school's safelisted address lets ten distinct parents in past the per-IP limit. Genius and
 * hockey, JavaScript on and off.
 */

test.beforeEach(() => test.slow());

const CASES = variants.filter((v) => v.key === "genius" || v.key === "icehockey");
const octet = () => Math.floor(Math.random() * 250) + 1;
const variantKeyOf = (v: VariantCase) => (v.key === "genius" ? "genius" : `champion-${v.key}`);

/** A visitor of their own (cookie jar and client address) on the main server. */
function visitor(playwright: PlaywrightWorkerArgs["playwright"], ip: string) {
  return playwright.request.newContext({ baseURL: MAIN_URL, extraHTTPHeaders: { "CF-Connecting-IP": ip } });
}

for (const v of CASES) {
  test.describe(`holds: ${v.key}`, bothModesIn(v, CASES[0]), () => {
    test("a catch-all cluster of 10 confirmed referrals is held, moves nothing, says so, and an admin approves it into credits", async ({
      page,
      playwright,
      browser,
      jsEnabled,
      asAdmin,
    }, testInfo) => {
      const status = getPage(v.key, "waitlist").status;
      const holds = getPage(v.key, "admin").referrals.holds;
      const step = placesPerCreditOf(variantKeyOf(v));
      const tag = `${testInfo.project.name}-${Date.now()}`;
      const domain = `club-${tag}.example`.toLowerCase();
      const referrer = uniqueEmail(`holds-ref-${v.key}`);
      await withLineLock("main", v, async () => {
        // Enough parents ahead for ten credits to move the referrer.
        await seedConfirmedLeads(v, 10 * step + 2);
        await joinWaitlist(page, v, referrer);
        const refCode = new URL(await page.locator("#ref-link, input[readonly]").first().inputValue()).searchParams.get("r")!;
        const links = await waitlistLinks(page, referrer);
        await confirmThroughButton(page, v, links.verify);
        const placeBefore = Number(await page.getByTestId("place").getAttribute("data-place"));

        // Ten friends at one domain, each from an address of their own (not an IP burst): all sign up, then all confirm.
        const friends = Array.from({ length: 10 }, (_, i) => `kid${i}@${domain}`);
        const apis = [];
        for (const email of friends) {
          const api = await visitor(playwright, `10.${octet()}.${octet()}.${octet()}`);
          await friendJoins(api, v, email, refCode);
          apis.push(api);
        }
        for (const [i, email] of friends.entries()) {
          await friendConfirms(apis[i], page, email);
          await apis[i].dispose();
        }
        const ledger = await queryD1<{ status: string; hold_reasons: string }>(
          `SELECT r.status, r.hold_reasons FROM referrals r JOIN ${v.table} l ON l.id = r.referred_id WHERE l.email LIKE ${sqlString(`%@${domain}`)}`,
        );
        expect(ledger.map((row) => row.status)).toEqual(Array(10).fill("held"));
        expect(ledger.every((row) => row.hold_reasons.split(",").includes("catch-all"))).toBe(true);

        // The referrer: still at the same place, told in words.
        await page.goto(links.status);
        await expect(page.getByTestId("place")).toHaveAttribute("data-place", String(placeBefore));
        await expect(page.getByTestId("credited")).toHaveText("0");
        await expect(page.getByTestId("held")).toContainText("10 friends pending review");
        await expect(page.getByTestId("held")).toContainText(status.held.other.replace("{count}", "10"));
        await expect(page.getByTestId("ahead-behind")).toHaveAttribute("data-ahead", String(placeBefore - 1));

        // The admin: the queue shows why; ten ticked, one question, then the credits.
        const admin = await browser.newContext({ javaScriptEnabled: jsEnabled, baseURL: MAIN_URL });
        const adminPage = await admin.newPage();
        await asAdmin(admin);
        await adminPage.goto(pathIn(v, "admin/referrals/review"));
        for (const email of friends) {
          const row = adminPage.locator(`tr[data-referred='${email}']`);
          await expect(row.getByTestId("hold-reasons")).toContainText(holds.reasons["catch-all"]);
          await row.getByRole("checkbox").check();
        }
        await adminPage.getByRole("button", { name: holds.approve, exact: true }).click();
        await expect(adminPage.getByTestId("holds-confirm")).toContainText(counted(holds.confirmApprove, 10));
        expect(
          (
            await queryD1<{ n: number }>(
              `SELECT COUNT(*) AS n FROM referrals WHERE status = 'held' AND referrer_id = (SELECT id FROM ${v.table} WHERE email = ${sqlString(referrer)})`,
            )
          )[0].n,
        ).toBe(10);
        await adminPage.getByTestId("holds-confirm").getByRole("button", { name: holds.confirm }).click();
        await expect(adminPage.getByRole("status").filter({ hasText: counted(holds.approved, 10) })).toBeVisible();
        await expect(adminPage.locator(`tr[data-referred='${friends[0]}']`)).toHaveCount(0);
        await admin.close();

        await page.goto(links.status);
        await expect(page.getByTestId("credited")).toHaveText("10");
        await expect(page.getByTestId("held")).toHaveCount(0);
        await expect(page.getByTestId("place")).toHaveAttribute("data-place", String(placeBefore - 10 * step));
      });
    });

    test("a safelisted school address lets 10 distinct parents in past the per-IP limit, with an audit entry", async ({
      page,
      playwright,
      asAdmin,
    }, testInfo) => {
      const text = getPage(v.key, "admin").referrals.safelist;
      const tag = `${testInfo.project.name}-${Date.now()}`;
      // Step 1 of the form makes a new lead: the per-IP limit (20 new leads per ten minutes on the e2e server) counts it.
      const startLead = async (ip: string) => {
        const api = await visitor(playwright, ip);
        const response = await api.post(MAIN_URL + pathIn(v, "form"), {
          form: { ...(await personStamp()), step: "1", ...stepAnswers(v)[1] },
          maxRedirects: 0,
        });
        await api.dispose();
        return response.status();
      };
      const { school, ip, before } = await inOneLeadWindow(async () => {
        const run = { school: `10.${octet()}.${octet()}`, ip: "", before: [] as number[] };
        run.ip = `${run.school}.${octet()}`;
        for (let i = 0; i < 21; i++) run.before.push(await startLead(run.ip));
        return run;
      });
      expect(before.at(-1)).toBe(429);

      await asAdmin(page.context());
      await page.goto(pathIn(v, "admin/safelist"));
      // The whole internet is refused, and nothing is listed.
      await page.getByLabel(text.cidr).fill("0.0.0.0/0");
      await page.getByRole("button", { name: text.add }).click();
      await expect(page.getByRole("alert")).toHaveText(text.tooBroad);
      await expect(page.locator("tr[data-cidr='0.0.0.0/0']")).toHaveCount(0);
      // A school's /24: first how many addresses it covers, then Save.
      await page.getByLabel(text.cidr).fill(`${school}.0/24`);
      await page.getByLabel(text.note).fill(`School ${tag}`);
      await page.getByRole("button", { name: text.add }).click();
      await expect(page.getByTestId("safelist-confirm")).toContainText(text.addresses.other.replace("{count}", "256"));
      await expect(page.getByTestId("safelist").locator(`tr[data-cidr='${school}.0/24']`)).toHaveCount(0);
      await page.getByTestId("safelist-confirm").getByRole("button", { name: text.save }).click();
      await expect(page.getByTestId("safelist").locator(`tr[data-cidr='${school}.0/24']`)).toBeVisible();
      await expect(page.getByTestId("admin-audit")).toContainText(`safelist.add · ${school}.0/24`);

      // Ten parents of the school, each with an address of their own, onto the list through the tips form.
      const options = getPage(v.key, "options");
      const parents = Array.from({ length: 10 }, (_, i) => `parent${i}-${tag}@school.example`.toLowerCase());
      for (const email of parents) {
        const api = await visitor(playwright, ip);
        const response = await api.post(MAIN_URL + pathIn(v, "tips-form"), {
          form: { email, ageBand: options.leadFormAgeBands[0].value, goals: options.leadFormGoals[0].value, ...(await personStamp()) },
          maxRedirects: 0,
        });
        expect(response.status(), `the tips form for ${email}`).toBe(302);
        await api.dispose();
      }
      const rows = await queryD1<{ email: string }>(
        `SELECT email FROM ${v.table} WHERE email LIKE ${sqlString(`%-${tag.toLowerCase()}@school.example`)}`,
      );
      expect(rows.map((row) => row.email).sort()).toEqual([...parents].sort());
    });
  });
}
