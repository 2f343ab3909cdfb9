import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { getModePage, getPage } from "../../content/index";
import { referralRules } from "../../content/referrals";
import { signLeadLink } from "../../app/platform/lead-links.server";
import { signUpAndConfirm } from "./auth-helpers";
import {
  alternatingModes,
  E2E_SESSION_SECRET,
  confirmThroughButton,
  expect,
  joinWaitlist,
  mailLink,
  outbox,
  pathIn,
  queryD1,
  seedConfirmedLeads,
  sqlString,
  test,
  uniqueEmail,
  variants,
  waitlistLinks,
  type VariantCase,
} from "./fixtures";

/**
 * One story per variant, JavaScript on and off (docs/decisions/027-one-standing.md): a parent joins,
 * confirms, waits while a wave admits others, is admitted and accepts; every status page says the
 * standing the one model gives (data-standing), and never "You're in" before admission. A guide
 * parent is told plainly that confirming puts them on the waitlist, and then waits like any other.
 *
 * On the main server (LAUNCH_MODE=waitlist). Waves are written straight into D1 (the admin's side is
 * admin.spec's and waves.spec's): admission changes no place, so other specs reading places are
 * undisturbed. The two projects run this in parallel, so counts are read from the page and checked
 * against each other, never against a number fixed in advance.
 */

const PARENT_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const DAY_MS = 86_400_000;

/** Admits these leads as a new wave of the variant, the way waves.server writes one. */
async function admit(v: VariantCase, leadIds: string[]) {
  const waveId = randomUUID();
  const now = new Date().toISOString();
  const expires = new Date(Date.now() + referralRules.inviteLinkDays * DAY_MS).toISOString();
  const variant = v.key === "genius" ? "genius" : `champion-${v.key}`;
  await queryD1([
    `INSERT INTO waves (id, lead_table, variant, seq, size_asked, created_at, created_by)
     SELECT ${sqlString(waveId)}, ${sqlString(v.table)}, ${sqlString(variant)}, COALESCE(MAX(seq), 0) + 1, ${leadIds.length},
            ${sqlString(now)}, 'story@example.com' FROM waves WHERE lead_table = ${sqlString(v.table)}`,
    ...leadIds.map(
      (id, i) =>
        `INSERT INTO wave_members (wave_id, lead_table, lead_id, place, invite_sent_at, invite_expires_at)
         VALUES (${sqlString(waveId)}, ${sqlString(v.table)}, ${sqlString(id)}, ${i + 1}, ${sqlString(now)}, ${sqlString(expires)})`,
    ),
  ]);
}

/** What the status page says of the standing, checked against itself: one story, whatever the count. */
async function readStanding(page: Page, v: VariantCase) {
  const copy = getPage(v.key, "waitlist").status;
  const root = page.getByTestId("standing");
  await expect(root).toBeVisible();
  const standing = await root.getAttribute("data-standing");
  const text = (await root.innerText()).replace(/\s+/g, " ");
  expect(text, "no 'first wave' promise on any status page").not.toMatch(/in the first wave/i);
  if (standing === "waiting" || standing === "unconfirmed") {
    expect(text).not.toContain(copy.youreIn);
    expect(text).toContain(copy.rule.other.split("{count}")[0].trim());
    const left = Number(await page.getByTestId("first-wave").getAttribute("data-left"));
    const ahead = (await page.getByTestId("admitted-ahead").count())
      ? Number(await page.getByTestId("admitted-ahead").getAttribute("data-count"))
      : 0;
    // The spots left are the capacity less those admitted: the two numbers on a waiting parent's page agree.
    if (standing === "waiting") expect(left).toBe(Math.max(0, referralRules.firstWaveSpots - ahead));
    return { standing, text, left, ahead };
  }
  // Past the line: no place, no "move up".
  await expect(page.getByTestId("place")).toHaveCount(0);
  expect(text).toContain(standing === "account" ? copy.ruleAccount : copy.ruleAdmitted);
  expect(text).not.toMatch(/moves? you up/i);
  return { standing, text, left: null, ahead: null };
}

for (const v of variants) {
  const mode = alternatingModes(v);
  test(
    `${v.key}: joins, confirms, waits while others get in, is admitted and accepts, one standing on every page`,
    mode(),
    async ({ page }) => {
      test.slow();
      const copy = getPage(v.key, "waitlist");
      const email = uniqueEmail(`story-${v.key}`);
      await page.setExtraHTTPHeaders({ "user-agent": PARENT_UA });
      await joinWaitlist(page, v, email);
      const links = await waitlistLinks(page, email);

      // Before the button: unconfirmed, no place, never "in".
      await page.goto(links.status);
      expect((await readStanding(page, v)).standing).toBe("unconfirmed");
      await expect(page.getByTestId("place")).toHaveText(copy.status.unconfirmed);

      // The button confirms and says so, once: waiting with a place.
      await confirmThroughButton(page, v, links.verify);
      await expect(page.getByTestId("confirmed-notice")).toHaveText(copy.status.confirmedNotice);
      const waiting = await readStanding(page, v);
      expect(waiting.standing).toBe("waiting");
      const place = Number(await page.getByTestId("place").getAttribute("data-place"));
      expect(place).toBeGreaterThan(0);
      await page.goto(links.status);
      await expect(page.getByTestId("confirmed-notice")).toHaveCount(0);

      // A wave admits two others: still waiting, at the same place, with more admitted and fewer spots.
      const others = await seedConfirmedLeads(v, 2);
      await admit(
        v,
        others.map((o) => o.id),
      );
      await page.reload();
      const after = await readStanding(page, v);
      expect(after.standing).toBe("waiting");
      expect(after.ahead).toBeGreaterThanOrEqual((waiting.ahead ?? 0) + 2);
      await expect(page.getByTestId("place")).toHaveAttribute("data-place", String(place));

      // Admitted: "You're in" with the invite, and nothing about moving up.
      const [lead] = await queryD1<{ id: string }>(`SELECT id FROM ${v.table} WHERE email = ${sqlString(email)}`);
      await admit(v, [lead.id]);
      await page.reload();
      const admitted = await readStanding(page, v);
      expect(admitted.standing).toBe("admitted-open");
      await expect(page.getByRole("heading", { name: copy.status.youreIn })).toBeVisible();
      await expect(page.getByTestId("invite-date")).toContainText(copy.status.invitedOn.split("{date}")[0].trim());

      // The invite, accepted: on to the sign-up, and the status page says it was accepted.
      const token = await signLeadLink({ SESSION_SECRET: E2E_SESSION_SECRET }, false, {
        purpose: "invite",
        table: v.table,
        leadId: lead.id,
        ttlMs: referralRules.inviteLinkDays * DAY_MS,
      });
      await page.goto(pathIn(v, "invite", { t: token }));
      await page.getByRole("button", { name: copy.invite.button }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/signup");
      await page.goto(links.status);
      expect((await readStanding(page, v)).standing).toBe("admitted-accepted");
      await expect(page.getByTestId("invite-date")).toContainText(copy.status.acceptedOn.split("{date}")[0].trim());

      // The account, made: /signup-confirm, the status page and the welcome mail say the same standing.
      await signUpAndConfirm(page, v, { email, password: "Story-pass-1234", name: "Story Parent" });
      const prompt = page.getByTestId("waitlist-prompt");
      await expect(prompt).toContainText(copy.prompt.account);
      await expect(prompt).not.toContainText(copy.prompt.confirmed);
      await prompt.getByRole("link", { name: copy.prompt.accountStatusLink }).click();
      const account = await readStanding(page, v);
      expect(account.standing).toBe("account");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.status.titleAccount);
      expect(account.text).toContain(copy.prompt.account);
      expect(account.text).not.toContain(copy.status.youreIn);
      const [welcome] = (await outbox(page, email)).filter((mail) => mail.template === "welcome");
      expect(welcome.text.replace(/\s+/g, " ")).toContain(copy.prompt.account);
      // The subject is SPEC's ("You're in! Welcome to {brand}"); the mail itself names no admission.
      expect(welcome.text).not.toMatch(/you're in/i);
    },
  );

  test(`${v.key}: a guide parent is told confirming puts them on the waitlist, and then waits with a place`, mode(), async ({ page }) => {
    const guide = getModePage(v.key, "waitlist", "guide");
    const waitlist = getPage(v.key, "waitlist");
    const email = uniqueEmail(`story-guide-${v.key}`);
    await page.goto(pathIn(v, "guide-form"));
    await expect(page.getByText(guide.form.privacyNote)).toBeVisible();
    await page.getByLabel(guide.form.emailLabel).fill(email);
    await page.locator("input[name=ageBand]").first().check();
    await page.locator("input[name=goals]").first().check();
    await page.getByRole("button", { name: guide.form.submit }).click();
    await expect(page).toHaveURL(/\/guide-confirm/);
    await expect(page.getByTestId("waitlist-prompt")).toContainText(waitlist.prompt.unconfirmed);

    const verify = await mailLink(page, email, "verify-email", { template: "guide" });
    await confirmThroughButton(page, v, verify);
    expect((await readStanding(page, v)).standing).toBe("waiting");
  });

  test(
    `${v.key}: a waiting parent whose funnel ended on the waitlist creates an account and reads the account prompt`,
    mode(),
    async ({ page }) => {
      const copy = getPage(v.key, "waitlist");
      const email = uniqueEmail(`story-account-${v.key}`);
      await page.setExtraHTTPHeaders({ "user-agent": PARENT_UA });
      await joinWaitlist(page, v, email);
      const links = await waitlistLinks(page, email);
      await confirmThroughButton(page, v, links.verify);
      expect((await readStanding(page, v)).standing).toBe("waiting");

      // The same browser, the same address: the account is for this parent's lead, and the page says so.
      await signUpAndConfirm(page, v, { email, password: "Story-pass-1234", name: "Waiting Parent" });
      const prompt = page.getByTestId("waitlist-prompt");
      await expect(prompt).toContainText(copy.prompt.account);
      await prompt.getByRole("link", { name: copy.prompt.accountStatusLink }).click();
      expect((await readStanding(page, v)).standing).toBe("account");
    },
  );
}
