import { createHash, randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { getPage } from "../../content/index";
import { counted } from "../../content/plural";
import { createConfirmedAccount, signInByPost } from "./auth-helpers";
import {
  bothModesIn,
  expect,
  LIVE_URL,
  outbox,
  pathIn,
  queryD1,
  sqlString,
  test,
  uniqueEmail,
  variants,
  withLineLock,
  type VariantCase,
} from "./fixtures";

/**
 * /admin/launch (ADR 026): an admin announces the launch to one variant whose waitlist has 3
 * confirmed parents, 1 who unsubscribed, 1 whose address bounced and 1 who never confirmed. The
 * page shows that breakdown, previews the mail as a real recipient gets it, sends a test to the
 * admin alone, then sends after one confirmation that names the audience's count, the variant and
 * the date and how many are waiting, admitted or account holders (a send posted without it writes
 * nothing): exactly 3 mails leave, one to each confirmed parent, each in its own standing (a place only
 * for the one still in line); the confirmation posted twice and a second send add none. JavaScript on and off, in two
 * variants (docs/decisions/028-admin-confirmations.md).
 *
 * A campaign reaches every confirmed parent of its variant, so it runs on the `live` server, where
 * no other spec confirms a parent (they would get an announcement and count it), and the specs of
 * the two projects take turns per variant (a lock file): each starts from a waitlist of its own.
 */

const copy = getPage("genius", "admin");
const text = copy.launch;
const PASSWORD = "launch-admin-e2e-password";
const CASES = [variants[0], variants[2]]; // genius and tennis

const SERVER = "live" as const;
const live = (path: string) => `${LIVE_URL}${path}`;

const suppressionHash = (email: string) => createHash("sha256").update(`suppression:${email.trim().toLowerCase()}`).digest("hex");

type Waitlist = { confirmed: string[]; unsubscribed: string; bounced: string; unconfirmed: string };

/** The variant's waitlist on the live server: only these parents have a place (earlier runs' are removed). */
async function seedWaitlist(v: VariantCase, tag: string): Promise<Waitlist> {
  const list: Waitlist = {
    confirmed: [1, 2, 3].map((i) => uniqueEmail(`${tag}-ok${i}`)),
    unsubscribed: uniqueEmail(`${tag}-unsub`),
    bounced: uniqueEmail(`${tag}-bounce`),
    unconfirmed: uniqueEmail(`${tag}-unconfirmed`),
  };
  const now = new Date().toISOString();
  const confirmedRow = (email: string) =>
    `INSERT INTO ${v.table} (id, email, normalized_email, step_completed, email_verified, confirmed_at, confirm_seq, place_score)
     SELECT ${sqlString(randomUUID())}, ${sqlString(email)}, ${sqlString(email)}, 3, 1, ${sqlString(now)},
            COALESCE(MAX(confirm_seq), 0) + 1, COALESCE(MAX(confirm_seq), 0) + 1 FROM ${v.table}`;
  await queryD1(
    [
      // Only this spec confirms parents on the live server: the last run's leave the line.
      `DELETE FROM ${v.table} WHERE confirm_seq IS NOT NULL`,
      ...[...list.confirmed, list.unsubscribed, list.bounced].map(confirmedRow),
      `INSERT INTO ${v.table} (id, email, normalized_email, step_completed, created_at)
       VALUES (${sqlString(randomUUID())}, ${sqlString(list.unconfirmed)}, ${sqlString(list.unconfirmed)}, 3, ${sqlString(now)})`,
      `INSERT INTO suppressions (email_hash, scope, reason, created_at) VALUES
         (${sqlString(suppressionHash(list.unsubscribed))}, 'marketing', 'unsubscribe', ${sqlString(now)}),
         (${sqlString(suppressionHash(list.bounced))}, 'all', 'bounce', ${sqlString(now)})`,
    ],
    SERVER,
  );
  // The second confirmed parent was admitted by a wave, the third has an account: each reads their own standing.
  const idOf = async (email: string) =>
    (await queryD1<{ id: string }>(`SELECT id FROM ${v.table} WHERE email = ${sqlString(email)}`, SERVER))[0].id;
  const [admitted, account] = [await idOf(list.confirmed[1]), await idOf(list.confirmed[2])];
  const waveId = randomUUID();
  const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString();
  await queryD1(
    [
      `DELETE FROM wave_members WHERE lead_table = ${sqlString(v.table)}`,
      `DELETE FROM waves WHERE lead_table = ${sqlString(v.table)}`,
      `INSERT INTO waves (id, lead_table, variant, seq, size_asked, created_at, created_by)
       VALUES (${sqlString(waveId)}, ${sqlString(v.table)}, ${sqlString(v.key === "genius" ? "genius" : `champion-${v.key}`)}, 1, 1, ${sqlString(now)}, 'launch@example.com')`,
      `INSERT INTO wave_members (wave_id, lead_table, lead_id, place, invite_sent_at, invite_expires_at)
       VALUES (${sqlString(waveId)}, ${sqlString(v.table)}, ${sqlString(admitted)}, 2, ${sqlString(now)}, ${sqlString(inAWeek)})`,
      `INSERT INTO users (id, email, name, lead_id) VALUES (${sqlString(randomUUID())}, NULL, 'Launch Parent', ${sqlString(account)})`,
    ],
    SERVER,
  );
  return list;
}

const announcementsTo = async (page: Page, email: string) =>
  (await outbox(page, email, LIVE_URL)).filter((mail) => mail.template === "announcement");

const campaignRows = (campaignId: string) =>
  queryD1<{ recipient: string; status: string }>(
    `SELECT recipient, status FROM outbox WHERE dedupe_key LIKE ${sqlString(`campaign:${campaignId}:%`)} ORDER BY recipient`,
    SERVER,
  );

test.beforeEach(() => test.slow());

for (const v of CASES) {
  test(
    `${v.key}: an admin announces the launch; exactly 3 mails leave, a test reaches the admin only`,
    bothModesIn(v, CASES[0]),
    async ({ page, jsEnabled }, testInfo) => {
      await withLineLock(SERVER, v, async () => {
        const tag = `launch-${v.key}-${testInfo.project.name}`;
        // Each test its own announcement: the same one to the same variant is one campaign, whoever sends it.
        const message = `Early access opens soon. Thank you for waiting with us! (${tag} ${randomUUID().slice(0, 8)})`;
        const list = await seedWaitlist(v, tag);
        const admin = uniqueEmail(`${tag}-admin`);
        await createConfirmedAccount(admin, PASSWORD, "admin", SERVER);
        // Its own admin: the assertions count the campaigns and test mails this admin made.
        await signInByPost(page.context(), admin, PASSWORD, SERVER);

        // The page is in the console's nav; the breakdown names who is left out.
        await page.goto(live(pathIn(v, "admin/launch")));
        await expect(page.getByRole("heading", { level: 1, name: text.title })).toBeVisible();
        await expect(
          page.getByRole("navigation", { name: copy.console.navLabel }).getByRole("link", { name: copy.console.launch }),
        ).toHaveAttribute("aria-current", "page");
        const summary = await page.getByTestId("audience-summary").textContent();
        // Other specs leave unconfirmed leads on this server: at least ours is among them.
        const match = /^3 will receive it; 1 unsubscribed, 1 bounced, (\d+) unconfirmed not included$/.exec(summary ?? "");
        expect(match, summary ?? "").not.toBeNull();
        expect(Number(match![1])).toBeGreaterThanOrEqual(1);
        const standings = text.audience.standings.replace("{waiting}", "1").replace("{admitted}", "1").replace("{accounts}", "1");
        await expect(page.getByTestId("audience-standings")).toHaveText(standings);

        // Bad input: a clear message, a 400, nothing written.
        await page.getByLabel(text.compose.date).fill("2026-05-04");
        await page.getByLabel(text.compose.message).fill(message);
        await page.getByLabel(text.compose.ctaLabel).fill("See the plans");
        await page.getByLabel(text.compose.ctaUrl).fill("javascript:alert(1)");
        await page.getByRole("button", { name: text.buttons.send }).click();
        await expect(page.getByRole("alert").filter({ hasText: text.errors.summary })).toBeVisible();
        await expect(page.getByText(text.errors.ctaUrl)).toBeVisible();
        expect(await queryD1(`SELECT id FROM campaigns WHERE created_by = ${sqlString(admin)}`, SERVER)).toEqual([]);

        // Preview: as the first confirmed parent gets it, at phone and desktop width.
        await page.getByLabel(text.compose.ctaUrl).fill("/pricing");
        await page.getByRole("button", { name: text.buttons.preview }).click();
        await expect(page.getByTestId("preview-recipient")).toHaveText(text.preview.recipient.replace("{email}", list.confirmed[0]));
        await expect(page.getByTestId("preview-subject")).toContainText("4 May 2026");
        for (const frame of ["preview-phone", "preview-desktop"]) {
          const body = page.frameLocator(`[data-testid="${frame}"]`).locator("body");
          await expect(body).toContainText(message);
          await expect(body).toContainText("You're number 1 in line.");
        }
        // Polled: on a busy machine the frames can be measured before the stylesheet has sized them (an
        // unstyled iframe is 304 px wide).
        const widthOf = async (id: string) => (await page.getByTestId(id).boundingBox())?.width ?? 0;
        await expect.poll(() => widthOf("preview-desktop")).toBeGreaterThan(500);
        await expect.poll(() => widthOf("preview-phone")).toBeLessThan(400);

        // A test goes to the admin only, and is no campaign.
        await page.getByRole("button", { name: text.buttons.test }).click();
        await expect(page.getByRole("status").filter({ hasText: text.toasts.testSent.replace("{email}", admin) })).toBeVisible();
        await expect.poll(async () => (await announcementsTo(page, admin)).length, { timeout: 30_000 }).toBe(1);
        for (const parent of list.confirmed) expect(await announcementsTo(page, parent)).toEqual([]);
        expect(await queryD1(`SELECT id FROM campaigns WHERE created_by = ${sqlString(admin)}`, SERVER)).toEqual([]);

        // Send now: first one confirmation with the count, the variant and the date; nothing is sent before it.
        await expect(page.getByLabel(text.compose.message)).toHaveValue(message);
        const key = await page.locator('input[name="key"]').inputValue();
        const fields = { key, when: "now", date: "2026-05-04", message, ctaLabel: "See the plans", ctaUrl: "/pricing" };
        const post = (form: Record<string, string>) =>
          page.request.post(live(pathIn(v, "admin/launch")), { form, headers: { Origin: LIVE_URL }, maxRedirects: 0 });
        // The send posted without its confirmation answers the confirmation and writes nothing.
        const unconfirmed = await post({ ...fields, intent: "send" });
        expect(unconfirmed.status()).toBe(200);
        expect(await unconfirmed.text()).toContain(counted(text.confirm.send, 3));
        await page.getByRole("button", { name: text.buttons.send }).click();
        const confirm = page.getByTestId("send-confirm");
        await expect(confirm.getByRole("heading", { name: text.confirm.heading })).toBeVisible();
        await expect(confirm).toContainText(counted(text.confirm.audienceOne, 3, { variant: copy.console.variants[v.key] }));
        await expect(confirm.getByTestId("confirm-standings")).toHaveText(
          text.confirm.standings.replace("{waiting}", "1").replace("{admitted}", "1").replace("{accounts}", "1"),
        );
        await expect(confirm).toContainText(text.confirm.date.replace("{date}", "4 May 2026"));
        await expect(confirm).toContainText(text.confirm.now);
        expect(await queryD1(`SELECT id FROM campaigns WHERE created_by = ${sqlString(admin)}`, SERVER)).toEqual([]);
        await confirm.getByRole("button", { name: counted(text.confirm.send, 3) }).click();
        await expect(page.getByRole("status").filter({ hasText: counted(text.toasts.started, 3) })).toBeVisible();
        await expect(page).toHaveURL((url) => url.searchParams.has("campaign"));
        const campaignId = new URL(page.url()).searchParams.get("campaign") ?? "";
        expect(campaignId).not.toBe("");
        await expect(page.getByTestId("progress-audience")).toHaveText("3");
        if (jsEnabled) {
          // It refreshes itself.
          await expect(page.getByTestId("campaign-report")).toBeVisible({ timeout: 45_000 });
        } else {
          await expect
            .poll(
              async () => {
                await page.reload();
                return page.getByTestId("campaign-report").count();
              },
              { timeout: 45_000, intervals: [1_000] },
            )
            .toBe(1);
        }
        await expect(page.getByTestId("progress-sent")).toHaveText("3");
        await expect(page.getByTestId("progress-queued")).toHaveText("0");
        await expect(page.getByTestId("campaign-report")).toHaveText(
          text.progress.report.replace("{sent}", "3").replace("{failed}", "0").replace("{skipped}", "0").replace("{audience}", "3"),
        );

        // Exactly 3 mails left, one to each confirmed parent; none to the others; the admin still has only the test.
        expect((await campaignRows(campaignId)).map((row) => row.recipient)).toEqual([...list.confirmed].sort());
        for (const parent of list.confirmed) {
          const mails = await announcementsTo(page, parent);
          expect(mails.map((mail) => mail.status)).toEqual(["sent"]);
          expect(mails[0].html).toContain(message);
        }
        // Each in their own standing: a place only for the parent still in line; no "move up" past the line.
        expect((await announcementsTo(page, list.confirmed[0]))[0].text).toMatch(/You're number \d+ in line/);
        for (const pastTheLine of [list.confirmed[1], list.confirmed[2]]) {
          expect((await announcementsTo(page, pastTheLine))[0].text).not.toMatch(/You're number|move you up/);
        }
        for (const other of [list.unsubscribed, list.bounced, list.unconfirmed]) expect(await announcementsTo(page, other)).toEqual([]);
        expect(await announcementsTo(page, admin)).toHaveLength(1);

        // The confirmation posted twice more (same form key) and a second send (a new form, the same announcement) add none.
        for (const resubmit of await Promise.all([0, 1].map(() => post({ ...fields, intent: "send", confirm: "yes" })))) {
          expect(resubmit.status()).toBe(303);
          expect(new URL(resubmit.headers()["location"], LIVE_URL).searchParams.get("campaign")).toBe(campaignId);
        }
        await page.goto(live(pathIn(v, "admin/launch")));
        await page.getByLabel(text.compose.date).fill("2026-05-04");
        await page.getByLabel(text.compose.message).fill(message);
        await page.getByLabel(text.compose.ctaLabel).fill("See the plans");
        await page.getByLabel(text.compose.ctaUrl).fill("/pricing");
        await page.getByRole("button", { name: text.buttons.send }).click();
        await page
          .getByTestId("send-confirm")
          .getByRole("button", { name: counted(text.confirm.send, 3) })
          .click();
        await expect(page.getByRole("status").filter({ hasText: text.toasts.already })).toBeVisible();
        await expect(page).toHaveURL((url) => url.searchParams.get("campaign") === campaignId);
        expect(await queryD1(`SELECT id FROM campaigns WHERE created_by = ${sqlString(admin)}`, SERVER)).toHaveLength(1);
        // The campaign has written its rows and stays written: nothing more is on its way.
        await expect
          .poll(
            async () =>
              (await queryD1<{ status: string }>(`SELECT status FROM campaigns WHERE id = ${sqlString(campaignId)}`, SERVER))[0]?.status,
          )
          .toBe("written");
        expect(await campaignRows(campaignId)).toHaveLength(3);
        for (const parent of list.confirmed) expect(await announcementsTo(page, parent)).toHaveLength(1);

        // The ledger: who sent what, when, to how many.
        const ledgerRow = page.locator(`[data-testid="campaign-ledger"] tr[data-campaign-id="${campaignId}"]`);
        await expect(ledgerRow).toContainText(admin);
        await expect(ledgerRow).toContainText("2026-05-04");
        await expect(ledgerRow).toContainText(text.progress.statuses.done);
      });
    },
  );
}
