import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { getPage } from "../../content/index";
import { emailHash } from "../../app/mail/suppression.server";
import { signLeadLink } from "../../app/platform/lead-links.server";
import { variantKey } from "../../app/utils/variant";
import { confirmationLink, useDistinctClientIp } from "./auth-helpers";
import {
  E2E_SESSION_SECRET,
  LIVE_URL,
  expect,
  newParent,
  outbox,
  pathIn,
  queryD1,
  restampPosts,
  sqlString,
  test,
  uniqueEmail,
  variants,
} from "./fixtures";

/**
 * What an outside attacker found (ADR 029), as a visitor sees it: the guide's confirm page reads the
 * same for an address whose owner erased their data as for anyone's, and a forwarded wave invite
 * gives whoever signs up with another address an ordinary account. The server code is the same with
 * JavaScript on and off, so each runs once.
 */

const [genius, hockey] = variants;

/** Asks for the guide for `email` in a fresh browser; the confirm page as it reads once the mail has gone (or not). */
async function guideConfirmFor(page: Page, email: string) {
  const copy = getPage(genius.key, "guide");
  await page.goto(pathIn(genius, "guide-form"));
  await page.getByLabel(copy.form.emailLabel).fill(email);
  await page.locator("input[name=ageBand]").nth(0).check();
  await page.locator("input[name=goals]").nth(0).check();
  await page.getByRole("button", { name: copy.form.submit }).click();
  await expect(page).toHaveURL(/\/guide-confirm/);
  const line = page.getByTestId("mail-state");
  // The page reloads itself until the e-mail has left the queue.
  await expect(line).not.toHaveAttribute("data-state", "queued", { timeout: 20_000 });
  const reload = await page.reload();
  return {
    status: reload?.status(),
    title: await page.getByRole("heading", { level: 1 }).textContent(),
    state: await line.getAttribute("data-state"),
    text: await line.textContent(),
    shownTo: await page.getByTestId("sent-to").textContent(),
  };
}

// @js-off: the server's answer is what is under test; without JavaScript the page reloads itself
// while the mail is queued (its meta refresh), as a visitor's would.
test(
  "the guide's confirm page reads the same for an erased address as for anyone's; only the other gets the mail",
  { tag: "@js-off" },
  async ({ browser, jsEnabled }) => {
    const erased = uniqueEmail("attack-erased");
    const anyone = uniqueEmail("attack-anyone");
    await queryD1(
      `INSERT INTO suppressions (email_hash, scope, reason, created_at) VALUES (${sqlString(await emailHash(erased))}, 'all', 'erasure', ${sqlString(new Date().toISOString())})`,
    );
    const pages = [];
    for (const email of [erased, anyone]) {
      const { context, page } = await newParent(browser, jsEnabled);
      try {
        pages.push({ email, ...(await guideConfirmFor(page, email)) });
      } finally {
        await context.close();
      }
    }
    const [forErased, forAnyone] = pages;
    expect(forErased.shownTo).toBe(erased);
    expect(forAnyone).toMatchObject({ status: 200, state: "sent", shownTo: anyone });
    expect({ ...forErased, email: "", shownTo: "" }).toEqual({ ...forAnyone, email: "", shownTo: "" });

    const { context, page } = await newParent(browser, jsEnabled);
    try {
      expect((await outbox(page, anyone)).map((mail) => mail.status)).toEqual(["sent"]);
      expect(await outbox(page, erased)).toEqual([]);
    } finally {
      await context.close();
    }
  },
);

// @js-on: the invite and account checks are the server's; signup.spec.ts covers the form without JavaScript.
test(
  "a forwarded invite gives whoever signs up with another address an ordinary account, not counted",
  { tag: "@js-on" },
  async ({ browser, jsEnabled }) => {
    test.slow();
    // On the live server, in the hockey table, which waves.spec.ts leaves alone: a parent admitted in a wave.
    const v = hockey;
    const parent = { id: randomUUID(), email: uniqueEmail("attack-invited"), refCode: `I${randomUUID().slice(0, 7).toUpperCase()}` };
    const waveId = randomUUID();
    const now = new Date();
    await queryD1(
      [
        `INSERT INTO ${v.table} (id, email, normalized_email, ref_code, step_completed, email_verified, confirmed_at, confirm_seq, place_score)
       SELECT ${sqlString(parent.id)}, ${sqlString(parent.email)}, ${sqlString(parent.email)}, ${sqlString(parent.refCode)}, 3, 1,
              ${sqlString(now.toISOString())}, COALESCE(MAX(confirm_seq), 0) + 1, COALESCE(MAX(confirm_seq), 0) + 1 FROM ${v.table}`,
        `INSERT INTO waves (id, lead_table, variant, seq, size_asked, created_at, created_by)
       SELECT ${sqlString(waveId)}, ${sqlString(v.table)}, ${sqlString(variantKey(v.variant))}, COALESCE(MAX(seq), 0) + 1, 1,
              ${sqlString(now.toISOString())}, 'e2e' FROM waves WHERE lead_table = ${sqlString(v.table)}`,
        `INSERT INTO wave_members (wave_id, lead_table, lead_id, place, invite_sent_at, invite_expires_at)
       VALUES (${sqlString(waveId)}, ${sqlString(v.table)}, ${sqlString(parent.id)}, 1, ${sqlString(now.toISOString())},
               ${sqlString(new Date(now.getTime() + 86_400_000).toISOString())})`,
      ],
      "live",
    );
    const token = await signLeadLink({ SESSION_SECRET: E2E_SESSION_SECRET }, false, {
      purpose: "invite",
      table: v.table,
      leadId: parent.id,
      ttlMs: 86_400_000,
    });
    const waitlist = getPage(v.key, "waitlist");
    const signup = getPage(v.key, "signup");
    const stranger = uniqueEmail("attack-stranger");
    const password = "forwarded-invite-password";

    const { context, page } = await newParent(browser, jsEnabled);
    try {
      await useDistinctClientIp(page);
      await page.goto(`${LIVE_URL}${pathIn(v, "invite", { t: token })}`);
      await page.getByRole("button", { name: waitlist.invite.button }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/signup");
      // The form offers the invited address; the one holding the link types their own.
      await expect(page.getByLabel(signup.fields.email, { exact: true })).toHaveValue(parent.email);
      await page.getByLabel(signup.fields.email, { exact: true }).fill(stranger);
      await page.getByLabel(signup.fields.name, { exact: true }).fill("Someone Else");
      await page.getByLabel(signup.fields.password, { exact: true }).fill(password);
      await page.getByLabel(signup.fields.confirmPassword, { exact: true }).fill(password);
      const stopRestamping = await restampPosts(page, `${LIVE_URL}/signup`, { sentAfterMs: 60_000 });
      await page.getByRole("button", { name: signup.signup.submit, exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/signup-confirm");
      await stopRestamping();

      // Their confirmed account shows a referral link of its own, not the invited parent's.
      await page.goto(await confirmationLink(page, stranger, LIVE_URL));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(signup.confirm.success);
      expect(await page.content()).not.toContain(parent.refCode);
    } finally {
      await context.close();
    }
    expect(await queryD1(`SELECT lead_id FROM accounts WHERE email = ${sqlString(stranger)}`, "live")).toEqual([{ lead_id: null }]);
    expect(await queryD1(`SELECT lead_id FROM users WHERE email = ${sqlString(stranger)}`, "live")).toEqual([{ lead_id: null }]);
    // The launch funnel's "account created" is the member row's: still empty.
    expect(
      await queryD1(
        `SELECT accepted_at IS NOT NULL AS accepted, account_created_at FROM wave_members WHERE lead_id = ${sqlString(parent.id)}`,
        "live",
      ),
    ).toEqual([{ accepted: 1, account_created_at: null }]);
  },
);
