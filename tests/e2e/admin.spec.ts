import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { getPage } from "../../content/index";
import { createConfirmedAccount, signIn as signInThroughUi, signInByPost } from "./auth-helpers";
import { bothModesIn, expect, MAIN_URL, pathIn, queryD1, sqlString, test, uniqueEmail, variants, type VariantCase } from "./fixtures";

/**
 * Admin lead management (SPEC 2.14, 6, 8): the guard on the page and on direct POSTs, and an
 * admin viewing, filtering, editing, deleting and exporting the leads of the variant's own table,
 * with JavaScript on and off.
 *
 * The admin's account is written through the server's own D1 (`/__e2e/d1`), not `npm run admin:grant`:
 * that script is a second process on the server's SQLite file, and while it held the file's lock the
 * server's own writes failed with SQLITE_BUSY (an analytics event written after its response was
 * lost that way, now and then, in analytics.spec). The script is tested on a database no server
 * uses, in tests/unit/auth-local.test.ts.
 */

const copy = getPage("genius", "admin");
const PASSWORD = "admin-e2e-password";
const genius = variants.find((v) => v.key === "genius")!;
const tennis = variants.find((v) => v.key === "tennis")!;

type Seed = { id: string; email: string; lead_source: string; step_completed: number; plan_chosen?: string };

/** Inserts leads (table -> rows) in one call; created_at spaced a second apart, the first newest. */
async function seedLeads(tables: Record<string, Seed[]>) {
  const base = Date.now();
  const statements = Object.entries(tables).map(([table, leads]) => {
    const values = leads.map(
      (lead, i) =>
        `(${sqlString(lead.id)}, ${sqlString(lead.email)}, ${sqlString(lead.lead_source)}, ${lead.step_completed},
          ${lead.plan_chosen ? sqlString(lead.plan_chosen) : "NULL"}, '["1-2y","3-4y"]',
          ${sqlString(new Date(base - i * 1000).toISOString())})`,
    );
    return `INSERT INTO ${table} (id, email, lead_source, step_completed, plan_chosen, age_bands, created_at) VALUES ${values.join(", ")}`;
  });
  await queryD1(statements);
}

async function leadRow(table: string, id: string) {
  const rows = await queryD1<{ email: string; step_completed: number; plan_chosen: string | null; copied_ref_link: number }>(
    `SELECT email, step_completed, plan_chosen, copied_ref_link FROM ${table} WHERE id = ${sqlString(id)}`,
  );
  return rows[0] ?? null;
}

/** POSTs to every admin action as the current visitor: each must refuse with `status` and change nothing. */
async function expectActionsRefused(page: Page, v: VariantCase, lead: Seed, status: number, message: string) {
  const posts = [
    [pathIn(v, "admin/leads"), { intent: "delete", id: lead.id }],
    [
      pathIn(v, "admin/leads"),
      { intent: "update", id: lead.id, email: "hacked@example.com", step_completed: "3", lead_source: "main_funnel" },
    ],
    [pathIn(v, `admin/leads/${lead.id}/edit`), { email: "hacked@example.com", step_completed: "3", lead_source: "main_funnel" }],
    [pathIn(v, `admin/leads/${lead.id}/delete`), {}],
  ] as const;
  for (const [path, form] of posts) {
    const response = await page.request.post(MAIN_URL + path, { form: { ...form }, headers: { Origin: MAIN_URL }, maxRedirects: 0 });
    expect(response.status(), path).toBe(status);
    expect(await response.text(), path).toContain(message.replace(/'/g, "&#x27;").slice(0, 20));
  }
  const csv = await page.request.get(MAIN_URL + pathIn(v, "admin/leads.csv"));
  expect(csv.status()).toBe(status);
  expect(await csv.text()).toBe(message);
  expect(await leadRow(v.table, lead.id)).toMatchObject({ email: lead.email, step_completed: lead.step_completed });
}

function tagged(tag: string, n: number) {
  return `${tag}-${n}@example.com`;
}

/** One lead per variant table for a guard test. */
async function seedGuardLeads(tag: string): Promise<Record<string, Seed>> {
  const leads: Record<string, Seed> = {};
  for (const v of [genius, tennis]) {
    leads[v.key] = { id: randomUUID(), email: tagged(tag, 1), lead_source: "main_funnel", step_completed: 1 };
  }
  await seedLeads({ [genius.table]: [leads.genius], [tennis.table]: [leads.tennis] });
  return leads;
}

// Each test drives whole admin sessions with several D1 reads/writes through wrangler: allow 3x the time.
test.beforeEach(() => test.slow());

test.describe("admin guard", () => {
  test("anonymous visitors get 401 with a sign-in link, on the page and on every action", async ({ page }) => {
    const leads = await seedGuardLeads(`anon${randomUUID().slice(0, 8)}`);
    for (const v of [genius, tennis]) {
      const response = await page.goto(pathIn(v, "admin/leads"));
      expect(response?.status()).toBe(401);
      expect(response?.headers()["x-robots-tag"]).toContain("noindex");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.access.notLoggedIn);
      await expect(page.getByRole("link", { name: copy.access.signInLabel })).toHaveAttribute(
        "href",
        pathIn(v, "signup", { mode: "signin" }),
      );
      await expect(page.getByText(leads[v.key].email)).toHaveCount(0);
      await expectActionsRefused(page, v, leads[v.key], 401, copy.access.notLoggedIn);
      // Every admin page shows the refusal, not just the list.
      for (const path of [`admin/leads/${leads[v.key].id}/edit`, `admin/leads/${leads[v.key].id}/delete`]) {
        const single = await page.goto(pathIn(v, path));
        expect(single?.status(), path).toBe(401);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.access.notLoggedIn);
        await expect(page.getByText(leads[v.key].email)).toHaveCount(0);
      }
    }
  });

  test("signed-in users without the admin role get 403, on the page and on every action", async ({ page }) => {
    const leads = await seedGuardLeads(`user${randomUUID().slice(0, 8)}`);
    const email = uniqueEmail("plain-user");
    await createConfirmedAccount(email, PASSWORD);
    // The refusal is under test, not the sign-in (the admin test below signs in through the page).
    await signInByPost(page.context(), email, PASSWORD);
    for (const v of [genius, tennis]) {
      const response = await page.goto(pathIn(v, "admin/leads"));
      expect(response?.status()).toBe(403);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.access.accessDenied);
      await expect(page.getByRole("link", { name: copy.access.homeLabel })).toHaveAttribute("href", pathIn(v, "home"));
      await expect(page.getByText(leads[v.key].email)).toHaveCount(0);
      await expectActionsRefused(page, v, leads[v.key], 403, copy.access.accessDenied);
      const edit = await page.goto(pathIn(v, `admin/leads/${leads[v.key].id}/edit`));
      expect(edit?.status()).toBe(403);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.access.accessDenied);
    }
  });
});

for (const v of [genius, tennis]) {
  const other = v === genius ? tennis : genius;
  const plan = getPage(v.key, "plans").plans[1];

  test.describe(`admin: ${v.key}`, bothModesIn(v, genius), () => {
    test("an admin sees the variant's leads, filters, edits, deletes and exports CSV", async ({ page, browser, jsEnabled }) => {
      // One whole admin session: sign-in, the list, filters, CSV, edit and delete, each checked in D1.
      const tag = `adm${randomUUID().slice(0, 8)}`;
      const seeds: Seed[] = [
        { id: randomUUID(), email: tagged(tag, 1), lead_source: "main_funnel", step_completed: 3, plan_chosen: plan.id },
        { id: randomUUID(), email: tagged(tag, 2), lead_source: "guide_download", step_completed: 1 },
        { id: randomUUID(), email: tagged(tag, 3), lead_source: "tips_download", step_completed: 2 },
        { id: randomUUID(), email: `=${tag}-4@example.com`, lead_source: "guide_download", step_completed: 1 },
      ];
      const elsewhere: Seed = { id: randomUUID(), email: tagged(tag, 9), lead_source: "main_funnel", step_completed: 1 };
      await seedLeads({ [v.table]: seeds, [other.table]: [elsewhere] });

      const email = uniqueEmail("admin");
      await createConfirmedAccount(email, PASSWORD, "admin");
      await signInThroughUi(page, v, email, PASSWORD);

      // The list, searched by this test's tag: the variant's own table only, newest first.
      const response = await page.goto(pathIn(v, "admin/leads", { q: tag }));
      expect(response?.status()).toBe(200);
      expect(response?.headers()["x-robots-tag"]).toContain("noindex");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.title);
      await expect(page.getByTestId("stat-total")).toContainText(copy.stats.total);
      const rows = page.locator("tbody tr");
      await expect(rows).toHaveCount(4);
      await expect(rows.first()).toContainText(tagged(tag, 1));
      await expect(rows.first()).toContainText(copy.leadSources.main_funnel);
      await expect(page.getByText(tagged(tag, 9))).toHaveCount(0);

      // Filter by lead source (the filter form keeps the variant and the search).
      await page.getByLabel(copy.filters.source).selectOption("guide_download");
      await page.getByRole("button", { name: copy.filters.apply }).click();
      await expect(page).toHaveURL((url) => url.searchParams.get("source") === "guide_download");
      await expect(rows).toHaveCount(2);
      for (const row of await rows.all()) await expect(row).toContainText(copy.leadSources.guide_download);

      // CSV of the current filter: the same two leads, formula-like values neutralised.
      const csvHref = await page.getByRole("link", { name: copy.filters.exportCsv }).getAttribute("href");
      expect(csvHref).toContain("source=guide_download");
      const csv = await page.request.get(MAIN_URL + csvHref!);
      expect(csv.headers()["content-type"]).toContain("text/csv");
      expect(csv.headers()["content-disposition"]).toContain(`${v.table}-`);
      const lines = (await csv.text())
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n");
      expect(lines[0].split(",")).toEqual(expect.arrayContaining([copy.table.columns.email, copy.table.columns.created_at]));
      const emails = lines.slice(1).map((line) => line.split(",")[0]);
      expect(emails.sort()).toEqual([`'=${tag}-4@example.com`, tagged(tag, 2)].sort());

      // Filter by step.
      await page.goto(pathIn(v, "admin/leads", { q: tag, step: "2" }));
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(tagged(tag, 3));

      // Edit: in a <dialog> with JavaScript, on its own page without.
      await page.goto(pathIn(v, "admin/leads", { q: tag }));
      const target = seeds[1];
      const editRow = page.locator(`tr[data-lead-id="${target.id}"]`);
      await editRow.getByRole("link", { name: new RegExp(`^${copy.table.edit}`) }).click();
      if (jsEnabled) await expect(page.getByRole("dialog")).toBeVisible();
      else await expect(page).toHaveURL((url) => url.pathname === `/admin/leads/${target.id}/edit`);
      const form = jsEnabled ? page.getByRole("dialog") : page.locator("main");
      await form.getByLabel(copy.edit.fields.email, { exact: true }).fill("not-an-email");
      // Bypass the browser's own type=email check to reach the server's validation.
      await form
        .locator("form")
        .filter({ has: page.getByRole("button", { name: copy.edit.save }) })
        .evaluate((el) => el.setAttribute("novalidate", ""));
      await form.getByRole("button", { name: copy.edit.save }).click();
      await expect(form.getByText(copy.edit.errors.email)).toBeVisible();
      expect((await leadRow(v.table, target.id))?.email).toBe(target.email);

      await form.getByLabel(copy.edit.fields.email, { exact: true }).fill(tagged(tag, 5));
      await form.getByLabel(copy.edit.fields.step_completed, { exact: true }).selectOption("3");
      await form.getByLabel(copy.edit.fields.plan_chosen, { exact: true }).selectOption(plan.id);
      await form.getByLabel(copy.edit.fields.copied_ref_link, { exact: true }).check();
      await form.getByRole("button", { name: copy.edit.save }).click();
      await expect(page.getByRole("status")).toContainText(copy.messages.updated);
      await expect(page).toHaveURL((url) => url.pathname === "/admin/leads" && url.searchParams.get("q") === tag);
      await expect(page.locator(`tr[data-lead-id="${target.id}"]`)).toContainText(tagged(tag, 5));
      expect(await leadRow(v.table, target.id)).toEqual({
        email: tagged(tag, 5),
        step_completed: 3,
        plan_chosen: plan.id,
        copied_ref_link: 1,
      });

      // The toast can be dismissed.
      await page.getByRole("status").getByRole("link", { name: copy.toasts.dismiss }).click();
      await expect(page.getByRole("status")).not.toContainText(copy.messages.updated);

      // Delete after confirmation: window.confirm with JavaScript, a confirmation page without.
      const doomed = seeds[2];
      const deleteLink = page.locator(`tr[data-lead-id="${doomed.id}"]`).getByRole("link", { name: new RegExp(`^${copy.table.delete}`) });
      if (jsEnabled) {
        page.once("dialog", async (dialog) => {
          expect(dialog.message()).toBe(copy.messages.confirmDelete);
          await dialog.dismiss();
        });
        await deleteLink.click();
        expect(await leadRow(v.table, doomed.id)).not.toBeNull();
        page.once("dialog", (dialog) => dialog.accept());
        await deleteLink.click();
      } else {
        await deleteLink.click();
        await expect(page.getByText(copy.messages.confirmDelete)).toBeVisible();
        await page.getByRole("button", { name: copy.remove.confirm }).click();
      }
      await expect(page.getByRole("status")).toContainText(copy.messages.deleted);
      await expect(page.locator(`tr[data-lead-id="${doomed.id}"]`)).toHaveCount(0);
      expect(await leadRow(v.table, doomed.id)).toBeNull();
      expect(await leadRow(other.table, elsewhere.id)).not.toBeNull();

      // The deleted lead's own page says it is gone, with the way back to the list.
      const gone = await page.goto(pathIn(v, `admin/leads/${doomed.id}/edit`, { back: `q=${tag}` }));
      expect(gone?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.edit.title);
      await expect(page.getByRole("alert")).toHaveText(copy.messages.notFound);
      await page.getByRole("link", { name: copy.title }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/admin/leads" && url.searchParams.get("q") === tag);
      await expect(rows).toHaveCount(3);

      // Signing out (here from another tab) ends the admin session: the next admin request shows the refusal.
      const captured = await page.context().cookies();
      // As the sign-out button posts it: an empty form body.
      const signedOut = await page.request.post(MAIN_URL + pathIn(v, "signout"), {
        data: "",
        headers: { Origin: MAIN_URL, "Content-Type": "application/x-www-form-urlencoded" },
        maxRedirects: 0,
      });
      expect(signedOut.status()).toBe(302);
      await page.getByRole("button", { name: copy.filters.apply }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.access.notLoggedIn);
      await expect(page.getByRole("link", { name: copy.access.signInLabel })).toHaveAttribute(
        "href",
        pathIn(v, "signup", { mode: "signin" }),
      );
      await expect(page.getByText(tagged(tag, 1))).toHaveCount(0);

      // A copy of the admin's cookie taken before the sign-out opens nothing.
      const replay = await browser.newContext({ javaScriptEnabled: jsEnabled });
      try {
        await replay.addCookies(captured);
        const thief = await replay.newPage();
        const replayed = await thief.goto(MAIN_URL + pathIn(v, "admin/leads", { q: tag }));
        expect(replayed?.status()).toBe(401);
        await expect(thief.getByRole("heading", { level: 1 })).toHaveText(copy.access.notLoggedIn);
        await expect(thief.getByText(tagged(tag, 1))).toHaveCount(0);
      } finally {
        await replay.close();
      }
    });
  });
}
