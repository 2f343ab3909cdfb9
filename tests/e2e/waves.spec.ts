import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { getPage } from "../../content/index";
import { counted } from "../../content/plural";
import { referralRules } from "../../content/referrals";
import { maskEmails } from "../../app/waves/mask";
import { signLeadLink } from "../../app/platform/lead-links.server";
import { useDistinctClientIp } from "./auth-helpers";
import {
  bothModesIn,
  E2E_SESSION_SECRET,
  LIVE_URL,
  expect,
  waitPastStamp,
  withLineLock,
  mailLink,
  newParent,
  outbox,
  pathIn,
  queryD1,
  sqlString,
  test,
  uniqueEmail,
  variants,
  type VariantCase,
} from "./fixtures";

/**
 * Admitting a wave (docs/decisions/025-waves-and-invites.md, 028-admin-confirmations.md), JavaScript
 * on and off, in two variants: five confirmed parents at the front of the line, the admin types 2,
 * checks the cut-off (count, places, the masked first and last parents) and admits them; the two
 * best places get an invite (and only they), the five status pages say "You're in" or the place with
 * the parents admitted ahead. Then the form suggests the first-wave spots left, the admin types 3 and
 * wave two is exactly those 3. Accepting an invite twice makes one account and then says "already
 * accepted", and the admin's wave figures (and the launch funnel) match.
 *
 * On the live server (its own D1): the five are put at the very front of the line, which moves every
 * other parent back five places; the main server's specs read places (referrals.spec.ts) and must
 * not see that happen between two reads. The live server has the bot guard's defaults, so the
 * sign-up waits out the minimum fill time as a person would.
 */
const SERVER = LIVE_URL;
const on = (path: string) => SERVER + path;
/** The live server's minimum time to fill a public form (FORM_MIN_FILL_MS default), plus a margin. */
const MIN_FILL_MS = 3_300;

const admin = getPage("genius", "admin");
const text = admin.waves;
const waitlist = getPage("genius", "waitlist");
const PASSWORD = "waves-admin-e2e-password";
const PARENT_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const [genius, , tennis] = variants;

test.beforeEach(() => test.slow());

type Parent = { id: string; email: string };

/** Five confirmed parents ahead of everyone in the variant's line (lower place scores than any), best first. */
async function seedFrontOfLine(v: VariantCase, tag: string): Promise<Parent[]> {
  const [row] = await queryD1<{ low: number | null }>(`SELECT MIN(place_score) AS low FROM ${v.table}`, "live");
  const base = Math.min(0, Number(row?.low ?? 0)) - 100;
  const parents = Array.from({ length: 5 }, (_, i) => ({ id: randomUUID(), email: uniqueEmail(`wave-${tag}-${i + 1}`) }));
  await queryD1(
    parents.map(
      (p, i) =>
        `INSERT INTO ${v.table} (id, email, normalized_email, ref_code, step_completed, email_verified, confirmed_at, confirm_seq, place_score)
         SELECT ${sqlString(p.id)}, ${sqlString(p.email)}, ${sqlString(p.email)}, ${sqlString(`W${randomUUID().slice(0, 7).toUpperCase()}`)}, 3, 1,
                ${sqlString(new Date().toISOString())}, COALESCE(MAX(confirm_seq), 0) + 1, ${base + i} FROM ${v.table}`,
    ),
    "live",
  );
  return parents;
}

/** axe's violations on the page as it is (JavaScript on only: axe runs inside the page). */
async function axeViolations(page: Page, jsEnabled: boolean): Promise<string[]> {
  if (!jsEnabled) return [];
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
}

/**
 * How the review lists the parents at the places first to last: the first and last three of a longer
 * wave, each with its masked address ("wa***1@example.com"), masked so that no two read alike.
 */
function maskedAt(parents: Parent[], [firstPlace, lastPlace]: [number, number]): Map<number, string> {
  const all = Array.from({ length: lastPlace - firstPlace + 1 }, (_, i) => firstPlace + i);
  const shown = all.length <= 6 ? all : [...all.slice(0, 3), ...all.slice(-3)];
  const masks = maskEmails(shown.map((place) => parents[place - 1].email));
  return new Map(shown.map((place, i) => [place, masks[i]]));
}

/** The size field holds the first-wave spots left (100 minus those admitted so far) and the hint says it is a suggestion. */
async function expectSuggestion(page: Page, admitted: number) {
  const left = Math.max(0, referralRules.firstWaveSpots - admitted);
  await expect(page.getByLabel(text.sizeLabel)).toHaveValue(left > 0 ? String(left) : "");
  if (left > 0) await expect(page.getByTestId("size-suggested")).toHaveText(counted(text.suggested, left));
}

/**
 * Types `n`, shows the cut-off and admits through it: the review names the wave, the count, the place
 * range and the first and last parents (masked); its one button admits exactly them. Returns the wave's number.
 */
async function admitThroughReview(page: Page, parents: Parent[], n: number, [firstPlace, lastPlace]: [number, number]) {
  await page.getByLabel(text.sizeLabel).fill(String(n));
  await page.getByRole("button", { name: text.preview }).click();
  const review = page.getByTestId("wave-review");
  await expect(review).toBeVisible();
  const seq = Number(await review.getAttribute("data-seq"));
  await expect(review.getByTestId("cut-off")).toHaveText(counted(text.cutOff, n, { seq, first: firstPlace, last: lastPlace }));
  const masked = maskedAt(parents, [firstPlace, lastPlace]);
  for (const place of [firstPlace, lastPlace])
    await expect(
      review.getByText(text.reviewItem.replace("{place}", String(place)).replace("{email}", masked.get(place) ?? "")),
    ).toBeVisible();
  // The size field is gone while the review is shown: nothing can disagree with the button.
  await expect(page.getByLabel(text.sizeLabel)).toHaveCount(0);
  await review.getByRole("button", { name: counted(text.admit, n) }).click();
  await expect(page.getByRole("status").filter({ hasText: counted(text.admitted, n, { seq }) })).toBeVisible();
  return seq;
}

const statusPath = async (v: VariantCase, leadId: string) =>
  on(
    pathIn(v, "status", {
      t: await signLeadLink({ SESSION_SECRET: E2E_SESSION_SECRET }, false, {
        purpose: "status",
        table: v.table,
        leadId,
        ttlMs: 86_400_000,
      }),
    }),
  );

for (const v of [genius, tennis]) {
  test(
    `${v.key}: admitting the top 2 of 5 invites them once; status pages, single-use invite and figures`,
    bothModesIn(v, genius),
    async ({ page, browser, jsEnabled, asAdmin }, testInfo) => {
      const tag = `${v.key}-${testInfo.project.name}`;
      await asAdmin(page.context(), "live");
      const signup = getPage(v.key, "signup");

      const { parents, seq } = await withLineLock("live", v, async () => {
        const parents = await seedFrontOfLine(v, tag);
        const [before] = await queryD1<{ n: number }>(
          `SELECT COUNT(*) AS n FROM wave_members WHERE lead_table = ${sqlString(v.table)}`,
          "live",
        );

        // The form suggests the first-wave spots left; the admin types 2 and checks the cut-off first.
        await page.goto(on(pathIn(v, "admin/waves")));
        await expect(page.getByRole("heading", { name: text.title, level: 1 })).toBeVisible();
        await expect(
          page.getByRole("navigation", { name: admin.console.navLabel }).getByRole("link", { name: admin.console.waves }),
        ).toHaveAttribute("aria-current", "page");
        await expectSuggestion(page, Number(before.n));
        const seq1 = await admitThroughReview(page, parents, 2, [1, 2]);
        const [wave] = await queryD1<{ seq: number }>(
          `SELECT w.seq FROM waves w JOIN wave_members m ON m.wave_id = w.id WHERE m.lead_id = ${sqlString(parents[0].id)}`,
          "live",
        );
        expect(Number(wave?.seq), "a wave with the first parent").toBe(seq1);

        // Status pages of all five, while no other test's parents can come ahead of them.
        const { context, page: parentPage } = await newParent(browser, jsEnabled, { userAgent: PARENT_UA });
        try {
          for (const [i, parent] of parents.entries()) {
            await parentPage.goto(await statusPath(v, parent.id));
            if (i < 2) {
              await expect(parentPage.getByRole("heading", { name: waitlist.status.youreIn })).toBeVisible();
              await expect(parentPage.getByTestId("invite-date")).toContainText(waitlist.status.invitedOn.split("{date}")[0].trim());
              await expect(parentPage.getByRole("button", { name: waitlist.status.resendInvite })).toBeVisible();
              await expect(parentPage.getByTestId("place")).toHaveCount(0);
              expect(await axeViolations(parentPage, jsEnabled), "status page: You're in").toEqual([]);
            } else {
              await expect(parentPage.getByRole("heading", { name: waitlist.status.youreIn })).toHaveCount(0);
              await expect(parentPage.getByTestId("place")).toHaveAttribute("data-place", String(i + 1));
              await expect(parentPage.getByTestId("admitted-ahead")).toHaveAttribute("data-count", String(Number(before.n) + 2));
            }
          }
        } finally {
          await context.close();
        }
        // Wave one invited the two best places only.
        for (const parent of parents.slice(2))
          expect((await outbox(page, parent.email, SERVER)).filter((m) => m.template === "invite")).toEqual([]);

        // Back on the page: the input shows the new suggestion (not the 2 typed before), and says so.
        await page.goto(on(pathIn(v, "admin/waves")));
        await expectSuggestion(page, Number(before.n) + 2);
        // Typing 3: the cut-off, the button and the wave are exactly 3 (places 3 to 5).
        const seq2 = await admitThroughReview(page, parents, 3, [3, 5]);
        expect(seq2).toBe(seq1 + 1);
        const row = page.locator(`tr[data-wave-seq="${seq2}"]`);
        await expect(row.getByTestId("wave-asked")).toHaveText("3");
        await expect(row.getByTestId("wave-admitted")).toHaveText("3");
        await expect(row.getByTestId("wave-last-place")).toHaveText("5");
        return { parents, seq: seq1 };
      });

      // Each parent got one invite: the two best from wave one, the other three from wave two.
      const [first] = parents;
      for (const parent of parents) {
        await expect
          .poll(async () => (await outbox(page, parent.email, SERVER)).filter((mail) => mail.template === "invite").length, {
            timeout: 30_000,
          })
          .toBe(1);
      }

      // The first parent accepts the invite and creates the account it leads to.
      const invite = await mailLink(page, first.email, "invite", { template: "invite", server: SERVER });
      const { context, page: parentPage } = await newParent(browser, jsEnabled, { userAgent: PARENT_UA });
      try {
        await useDistinctClientIp(parentPage);
        await parentPage.goto(invite);
        await expect(parentPage.getByRole("heading", { name: waitlist.invite.title, level: 1 })).toBeVisible();
        expect(await axeViolations(parentPage, jsEnabled), "invite page").toEqual([]);
        await parentPage.getByRole("button", { name: waitlist.invite.button }).click();
        await expect(parentPage).toHaveURL((url) => url.pathname === "/signup");
        await expect(parentPage.getByLabel(signup.fields.email, { exact: true })).toHaveValue(first.email);
        await parentPage.getByLabel(signup.fields.name, { exact: true }).fill("Wave Parent");
        await parentPage.getByLabel(signup.fields.password, { exact: true }).fill(PASSWORD);
        await parentPage.getByLabel(signup.fields.confirmPassword, { exact: true }).fill(PASSWORD);
        await waitPastStamp(parentPage, MIN_FILL_MS);
        await parentPage.getByRole("button", { name: signup.signup.submit, exact: true }).click();
        await expect(parentPage).toHaveURL((url) => url.pathname === "/signup-confirm");

        // Accepting again: "already accepted", and no second account.
        await parentPage.goto(invite);
        await expect(parentPage.getByRole("heading", { name: waitlist.invite.acceptedTitle, level: 1 })).toBeVisible();
        await expect(parentPage.getByRole("button", { name: waitlist.invite.button })).toHaveCount(0);
        const again = await parentPage.request.post(invite, {
          form: { t: new URL(invite).searchParams.get("t") ?? "", intent: "accept" },
          maxRedirects: 0,
        });
        expect(again.status()).toBe(303);
        expect(again.headers().location).toContain("/invite?");
        expect(await queryD1(`SELECT id FROM accounts WHERE email = ${sqlString(first.email)}`, "live")).toHaveLength(1);
        const [member] = await queryD1<{ account_created_at: string | null }>(
          `SELECT account_created_at FROM wave_members WHERE lead_id = ${sqlString(first.id)}`,
          "live",
        );
        expect(member.account_created_at).not.toBeNull();

        // The accepted parent's status page says so.
        await parentPage.goto(await statusPath(v, first.id));
        await expect(parentPage.getByTestId("invite-date")).toContainText(waitlist.status.acceptedOn.split("{date}")[0].trim());
      } finally {
        await context.close();
      }

      // The admin's figures for the wave: 2 admitted and invited, 1 accepted, 1 not yet, last place 2.
      await page.goto(on(pathIn(v, "admin/waves")));
      const row = page.locator(`tr[data-wave-seq="${seq}"]`);
      await expect(row.getByTestId("wave-admitted")).toHaveText("2");
      await expect(row.getByTestId("wave-invited")).toHaveText("2");
      await expect(row.getByTestId("wave-accepted")).toHaveText("1");
      await expect(row.getByTestId("wave-waiting")).toHaveText("1");
      await expect(row.getByTestId("wave-last-place")).toHaveText("2");

      // The launch funnel: admitted → opened → accepted → account, counts only.
      await page.goto(on(pathIn(v, "admin/analytics")));
      const funnel = page.getByTestId("launch-funnel").locator(`tr[data-wave-seq="${seq}"]`);
      await expect(funnel.getByTestId("launch-admitted")).toHaveText("2");
      await expect(funnel.getByTestId("launch-opened")).toHaveText("1");
      await expect(funnel.getByTestId("launch-accepted")).toHaveText("1");
      await expect(funnel.getByTestId("launch-accounts")).toHaveText("1");
    },
  );
}
