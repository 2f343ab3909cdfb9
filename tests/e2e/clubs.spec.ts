import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { counted } from "../../content/plural";
import type { Browser, Page, PlaywrightWorkerArgs } from "@playwright/test";
import { getPage } from "../../content/index";
import {
  confirmsByPost,
  expect,
  joinsByPosts,
  mailLink,
  newParent,
  outbox,
  pathIn,
  postPlan,
  postStep,
  queryD1,
  sqlString,
  test,
  uniqueEmail,
  stepAnswers,
  variants,
  visitorApi,
  waitlistLinks,
  type VariantCase,
} from "./fixtures";
import { newSecret, startEventLog } from "./webhook-receiver";

/**
 * Club pools (docs/decisions/039-clubs.md), hockey, JavaScript on and off: a coach registers a club
 * and confirms the contact address; an admin approves it; three parents join through the club link
 * and a fourth picks the club on the form's e-mail step; all four confirm. The club page and the
 * leaderboard show 4 confirmed families and no parent's address; the admin sets a milestone of 4 and
 * admits the club as a wave from the waves page: four invites, one each, saying the club gets in together.
 */
const hockey = variants[1];
const clubs = getPage("icehockey", "clubs");
const admin = getPage("icehockey", "admin");
const form = getPage("icehockey", "form");

test.beforeEach(() => test.slow());

/** axe's violations on the page as it is (JavaScript on only: axe runs inside the page). */
async function axeViolations(page: Page, jsEnabled: boolean): Promise<string[]> {
  if (!jsEnabled) return [];
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
}

async function registerClub(page: Page, v: VariantCase, name: string, coach: string, jsEnabled: boolean) {
  const clubs = getPage(v.key, "clubs");
  await page.goto(pathIn(v, "clubs/new"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(clubs.register.title);
  expect(await axeViolations(page, jsEnabled), "clubs/new").toEqual([]);
  await page.getByLabel(clubs.register.nameLabel).fill(name);
  await page.getByLabel(clubs.register.cityLabel).fill("Praha");
  await page.getByLabel(clubs.register.emailLabel).fill(coach);
  await page.getByRole("button", { name: clubs.register.button }).click();
  await expect(page.getByTestId("club-sent")).toContainText(clubs.register.sent.title);
  const confirm = await mailLink(page, coach, "clubs/confirm", { template: "club-confirm" });
  // Opening the link (as a mail scanner would) confirms nothing: the admin does not see the contact confirmed yet.
  await page.goto(confirm);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(clubs.confirmed.ask.title);
  const contact = async () =>
    queryD1<{ confirmed_at: string | null }>(`SELECT confirmed_at FROM club_contacts WHERE email = ${sqlString(coach)}`);
  expect(await contact()).toEqual([{ confirmed_at: null }]);
  expect(await axeViolations(page, jsEnabled), "clubs/confirm").toEqual([]);
  await page.getByRole("button", { name: clubs.confirmed.ask.button }).click();
  await expect(page.getByTestId("club-confirmed")).toContainText(clubs.confirmed.pending);
  expect((await contact())[0]?.confirmed_at).toBeTruthy();
  const link = await page.getByTestId("club-link").inputValue();
  expect(new URL(link).pathname).toMatch(/^\/c\/[a-z0-9-]+$/);
  // The parents' share block: one-tap links carrying the club link, and a Copy button once hydrated.
  await expect(page.getByTestId("one-tap-share").locator("[data-channel='wa']")).toHaveAttribute("href", /wa\.me.*%2Fc%2F/);
  await expect(page.getByRole("button", { name: clubs.confirmed.share.copyButton })).toHaveCount(jsEnabled ? 1 : 0);
  expect(await axeViolations(page, jsEnabled), "clubs/confirm confirmed").toEqual([]);
  expect((await outbox(page, coach)).filter((mail) => mail.template === "club-confirm")).toHaveLength(1);
  return link;
}

/** A club as registering leaves it once its contact confirmed (pending, in Praha), straight into D1; returns its slug. */
async function seedClub(v: VariantCase, name: string, coach: string): Promise<string> {
  const id = crypto.randomUUID();
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  const now = sqlString(new Date().toISOString());
  await queryD1([
    `INSERT INTO clubs (id, lead_table, variant, slug, name, city, sport, status, confirmed_at, created_at)
     VALUES (${sqlString(id)}, ${sqlString(v.table)}, ${sqlString(`champion-${v.key}`)}, ${sqlString(slug)}, ${sqlString(name)},
       'Praha', ${sqlString(v.key)}, 'pending', ${now}, ${now})`,
    `INSERT INTO club_contacts (club_id, email, confirmed_at, created_at) VALUES (${sqlString(id)}, ${sqlString(coach)}, ${now}, ${now})`,
  ]);
  return slug;
}

/** A parent who joins through the club link and confirms, as the form posts (the club's pages are under test, not the form's). */
async function joinThroughLink(playwright: PlaywrightWorkerArgs["playwright"], page: Page, v: VariantCase, link: string, email: string) {
  const api = await visitorApi(playwright);
  try {
    expect((await api.get(new URL(link).pathname + new URL(link).search)).status()).toBe(200);
    await joinsByPosts(api, v, email);
    await confirmsByPost(api, page, email);
  } finally {
    await api.dispose();
  }
}

/** A parent who picks the club in the form's "Your club" on the e-mail step (steps 1 and 2 posted), then confirms. */
async function joinByPicking(browser: Browser, jsEnabled: boolean, v: VariantCase, clubName: string, email: string) {
  const { context, page } = await newParent(browser, jsEnabled);
  try {
    const answers = stepAnswers(v);
    await postStep(page.request, v, 1, answers[1]);
    await postStep(page.request, v, 2, answers[2]);
    await page.goto(pathIn(v, "form", { step: "3" }));
    await page.getByLabel(form.step3.emailLabel).fill(email);
    await page.getByLabel(clubs.field.label).selectOption({ label: `${clubName} (Praha)` });
    await page.getByRole("button", { name: form.step3.submit }).click();
    await expect(page).toHaveURL(/\/roadmap/);
    await postPlan(page.request, v);
    expect((await page.request.get(pathIn(v, "confirm"))).status()).toBe(200);
    await confirmsByPost(page.request, page, email);
  } finally {
    await context.close();
  }
}

test(`${hockey.key}: a club registers, four families join and confirm, the club is public and admitted together`, async ({
  page,
  browser,
  playwright,
  jsEnabled,
  asAdmin,
}, testInfo) => {
  const v = hockey;
  const tag = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const name = `HC Sparta ${tag}`;
  const coach = uniqueEmail(`coach-${tag}`);
  const link = await registerClub(page, v, name, coach, jsEnabled);
  const slug = new URL(link).pathname.split("/")[2];

  // The admin approves the club first (its name is public from now on).
  await asAdmin(page.context());
  await page.goto(pathIn(v, "admin/clubs"));
  const row = page.locator(`[data-club='${slug}']`);
  await expect(row).toContainText(`${coach} (${clubs.admin.contactConfirmed})`);
  await row.getByRole("button", { name: clubs.admin.approve }).click();
  await expect(row).toContainText(clubs.admin.statuses.approved);

  const parents = [0, 1, 2, 3].map((i) => uniqueEmail(`club-parent-${i}-${tag}`));
  for (const email of parents.slice(0, 3)) await joinThroughLink(playwright, page, v, link, email);
  await joinByPicking(browser, jsEnabled, v, name, parents[3]);
  const members = await queryD1<{ n: number }>(
    `SELECT COUNT(*) AS n FROM club_members m JOIN clubs c ON c.id = m.club_id WHERE c.slug = ${sqlString(slug)}`,
  );
  expect(Number(members[0]?.n)).toBe(4);

  // Public: the club page and the leaderboard, 4 confirmed families, no parent anywhere.
  const families = counted(clubs.page.families, 4);
  await page.goto(pathIn(v, `clubs/${slug}`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByTestId("club-families")).toHaveText(families);
  await expect(page.getByTestId("club-link")).toHaveValue(link);
  expect(await axeViolations(page, jsEnabled), "club page").toEqual([]);
  await page.goto(pathIn(v, "clubs"));
  expect(await axeViolations(page, jsEnabled), "leaderboard").toEqual([]);
  const ranked = page.getByTestId("club-leaderboard").getByRole("row").filter({ hasText: name });
  await expect(ranked).toContainText("4");
  for (const path of [pathIn(v, `clubs/${slug}`), pathIn(v, "clubs")]) {
    const html = await (await page.request.get(path)).text();
    for (const email of [...parents, coach]) expect(html).not.toContain(email);
    expect(html).not.toContain("club-parent-");
  }

  // The admin sets a milestone of 4: reached, shown on the club page as a full <progress>.
  await page.goto(pathIn(v, "admin/clubs"));
  await expect(row.getByTestId("club-families")).toHaveText("4");
  // The club's families: the four parents, each counted, each linked to their lead.
  await row.getByRole("link", { name: clubs.admin.families.link }).click();
  const familyList = page.getByTestId("club-families-table");
  await expect(page.getByRole("heading", { name: clubs.admin.families.heading.replace("{club}", name) })).toBeVisible();
  await expect(familyList.locator("tbody tr")).toHaveCount(4);
  for (const email of parents) {
    const family = familyList.getByRole("row").filter({ hasText: email });
    await expect(family).toContainText(clubs.admin.families.states.counted);
    await expect(family.getByRole("link", { name: email })).toHaveAttribute("href", /\/admin\/leads\/[0-9a-f-]{36}\/edit/);
  }
  expect(await axeViolations(page, jsEnabled), "a club's families").toEqual([]);
  await page.getByRole("link", { name: clubs.admin.families.back }).click();
  await row.getByLabel(clubs.admin.milestoneLabel).fill("4");
  await row.getByRole("button", { name: clubs.admin.milestoneSave }).click();
  await expect(page.getByRole("status").filter({ hasText: clubs.admin.milestoneSaved })).toBeVisible();
  await expect(row).toContainText(clubs.admin.reached);
  expect(await axeViolations(page, jsEnabled), "admin/clubs").toEqual([]);
  await page.goto(pathIn(v, `clubs/${slug}`));
  await expect(page.locator("progress")).toHaveAttribute("value", "4");
  await expect(page.getByText(clubs.page.milestoneReached)).toBeVisible();
  // A family's status page tells the same story: their club, its 4 families, the milestone reached.
  await page.goto((await waitlistLinks(page, parents[0])).status);
  const yourClub = page.getByTestId("parent-club");
  await expect(yourClub.getByRole("heading", { level: 2 })).toHaveText(clubs.status.title.replace("{clubName}", name));
  await expect(yourClub).toContainText(families);
  await expect(yourClub).toContainText(clubs.page.milestoneReached);
  await expect(yourClub.locator("progress")).toHaveAttribute("value", "4");
  await expect(yourClub.getByRole("link", { name: clubs.status.pageLink })).toHaveAttribute("href", new RegExp(`/clubs/${slug}`));
  expect(await axeViolations(page, jsEnabled), "a family's status page with its club").toEqual([]);

  // An integration listening for waves (an endpoint written as the admin page writes one).
  const secret = newSecret();
  const receiver = await startEventLog(secret);
  const at = new Date().toISOString();
  await queryD1(
    `INSERT INTO webhook_endpoints (id, url, events, secret, enabled, created_at, updated_at)
     VALUES (${sqlString(randomUUID())}, ${sqlString(receiver.url)}, '["wave.admitted"]', ${sqlString(secret)}, 1, ${sqlString(at)}, ${sqlString(at)})`,
  );

  // The waves page offers the club first; its review asks once, the button admits the four.
  await page.goto(pathIn(v, "admin/waves"));
  const section = page.getByTestId("club-waves");
  await expect(section.getByRole("listitem").filter({ hasText: name })).toContainText(clubs.admin.waves.reachedBadge);
  await expect(section.getByRole("listitem").filter({ hasText: name }).getByTestId("club-waiting")).toHaveText(
    counted(clubs.admin.waves.waiting, 4),
  );
  await section.getByRole("listitem").filter({ hasText: name }).getByRole("link", { name: clubs.admin.waves.button }).click();
  // The review is a new page: axe runs once it has arrived, not on the one being left.
  const review = page.getByTestId("club-wave-review");
  await expect(review).toContainText(counted(clubs.admin.waves.confirm, 4, { club: name }));
  expect(await axeViolations(page, jsEnabled), "admin/waves with a club's review").toEqual([]);
  await review.getByRole("button", { name: clubs.admin.waves.confirmButton }).click();
  await expect(page.getByRole("status").filter({ hasText: clubs.admin.waves.admitted })).toBeVisible();
  // The admitted wave's row names the club it admitted.
  await expect(page.getByTestId("waves").locator("tbody tr").first().getByTestId("wave-club")).toHaveText(
    admin.waves.clubWave.replace("{club}", name).replace("{city}", "Praha"),
  );
  await expect(
    page.getByRole("navigation", { name: admin.console.navLabel }).getByRole("link", { name: admin.console.clubs }),
  ).toBeVisible();

  const together = clubs.invite.together.replace("{clubName}", name);
  for (const email of parents) {
    await expect.poll(async () => (await outbox(page, email)).filter((mail) => mail.template === "invite").length).toBe(1);
    const [invite] = (await outbox(page, email)).filter((mail) => mail.template === "invite");
    expect(invite.text).toContain(together);
  }

  // A club wave is a wave to an integration too: one wave.admitted, signed, naming the four.
  const ids = (await queryD1<{ id: string }>(`SELECT id FROM ${v.table} WHERE email IN (${parents.map(sqlString).join(", ")})`))
    .map((row) => row.id)
    .sort();
  expect(ids).toHaveLength(4);
  const ours = () =>
    receiver.events.filter((event) => event.type === "wave.admitted" && ids.every((id) => (event.data.lead_ids as string[]).includes(id)));
  await expect.poll(() => ours().length, { timeout: 60_000 }).toBe(1);
  expect(ours()[0].valid).toBe(true);
  expect([...(ours()[0].data.lead_ids as string[])].sort()).toEqual(ids);
  await queryD1(`UPDATE webhook_endpoints SET enabled = 0 WHERE url = ${sqlString(receiver.url)}`);
  receiver.close();
});

test("tennis has its club pages; genius has none", async ({ page }) => {
  const [genius, , tennis] = variants;
  const tennisClubs = getPage("tennis", "clubs");
  await page.goto(pathIn(tennis, "clubs"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(tennisClubs.leaderboard.title.replace("{sport}", "tennis"));
  await page.getByRole("link", { name: tennisClubs.leaderboard.register }).click();
  await expect(page.getByLabel(tennisClubs.register.nameLabel)).toBeVisible();
  for (const path of ["clubs", "clubs/new", "c/any-club"]) {
    const response = await page.request.get(pathIn(genius, path), { maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
  }
});

test("tennis: an admin merges a duplicate club and rejects another, each asked once", async ({
  page,
  playwright,
  jsEnabled,
  asAdmin,
}, testInfo) => {
  const [, , tennis] = variants;
  const v = tennis;
  const text = getPage("tennis", "clubs").admin;
  const tag = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const [stays, duplicate, spam] = [`TK Sparta ${tag}`, `Sparta Praha ${tag}`, `Cheap pills ${tag}`];
  const duplicateLink = await registerClub(page, v, duplicate, uniqueEmail(`coach-dup-${tag}`), jsEnabled);
  const slugs = new Map([[duplicate, new URL(duplicateLink).pathname.split("/")[2]]]);
  // The other two only need to be there, pending with a confirmed contact: registering is walked above.
  for (const club of [stays, spam]) slugs.set(club, await seedClub(v, club, uniqueEmail(`coach-${tag}`)));
  await asAdmin(page.context());
  const rowOf = (club: string) => page.locator(`[data-club='${slugs.get(club)}']`);
  await page.goto(pathIn(v, "admin/clubs"));
  // One merge form of two selects, each naming every open club once: the page grows with the clubs, not their square.
  const mergeForm = page.getByTestId("club-merge");
  const open = await mergeForm.getByLabel(text.mergeFrom).locator("option").count();
  expect(open).toBeGreaterThanOrEqual(3);
  expect(await page.locator("form:has(input[name='intent'][value='merge']) option").count()).toBe(2 * open);
  for (const club of [stays, duplicate]) {
    await rowOf(club).getByRole("button", { name: text.approve }).click();
    await expect(rowOf(club)).toContainText(text.statuses.approved);
  }
  const family = uniqueEmail(`club-merge-parent-${tag}`);
  await joinThroughLink(playwright, page, v, duplicateLink, family);

  // Merge: the first post only says what will happen; nothing has moved yet.
  await page.goto(pathIn(v, "admin/clubs"));
  await mergeForm.getByLabel(text.mergeFrom).selectOption({ label: `${duplicate} (Praha)` });
  await mergeForm.getByLabel(text.mergeLabel).selectOption({ label: `${stays} (Praha)` });
  await mergeForm.getByRole("button", { name: text.mergeButton }).click();
  const ask = page.getByTestId("club-confirm");
  await expect(ask).toContainText(counted(text.confirmMerge, 1, { from: duplicate, into: stays }));
  await expect(rowOf(duplicate)).toContainText(text.statuses.approved);
  await expect(rowOf(stays).getByTestId("club-families")).toHaveText("0");
  await ask.getByRole("button", { name: text.confirm }).click();
  await expect(page.getByRole("status").filter({ hasText: text.merged })).toBeVisible();
  await expect(rowOf(duplicate)).toContainText(text.statuses.merged);
  await expect(rowOf(stays).getByTestId("club-families")).toHaveText("1");
  const board = await (await page.request.get(pathIn(v, "clubs"))).text();
  expect(board).toContain(stays);
  expect(board).not.toContain(duplicate);
  // The family's status page now names the club that stays.
  const status = await (await page.request.get((await waitlistLinks(page, family)).status)).text();
  expect(status).toContain(getPage("tennis", "clubs").status.title.replace("{clubName}", stays));
  expect(status).not.toContain(duplicate);

  // Reject: asked once as well; cancelling leaves the club pending.
  await rowOf(spam).getByRole("button", { name: text.reject }).click();
  await expect(ask).toContainText(text.confirmReject.replace("{from}", spam));
  await ask.getByRole("link", { name: text.cancel }).click();
  await expect(rowOf(spam)).toContainText(text.statuses.pending);
  await rowOf(spam).getByRole("button", { name: text.reject }).click();
  await ask.getByRole("button", { name: text.confirm }).click();
  await expect(page.getByRole("status").filter({ hasText: text.rejected })).toBeVisible();
  await expect(rowOf(spam)).toContainText(text.statuses.rejected);
});

test("a missing, pending or genius club page says it was not found, not that something went wrong @http", async ({ request }) => {
  const [genius, hockeyCase] = variants;
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const slug = `not-public-${tag}`;
  await queryD1(
    `INSERT INTO clubs (id, lead_table, variant, slug, name, city, sport, status, created_at)
     VALUES (${sqlString(crypto.randomUUID())}, 'leads_icehockey', 'champion-icehockey', ${sqlString(slug)}, ${sqlString(`Pending ${tag}`)},
       'Praha', 'icehockey', 'pending', ${sqlString(new Date().toISOString())})`,
  );
  const cases: [VariantCase, string][] = [
    [hockeyCase, `clubs/no-such-club-${tag}`],
    [hockeyCase, `clubs/${slug}`],
    [genius, "clubs/any-club"],
  ];
  for (const [v, path] of cases) {
    const site = getPage(v.key, "site");
    const response = await request.get(pathIn(v, path));
    expect(response.status(), path).toBe(404);
    const html = await response.text();
    expect(html, path).toContain(site.notFoundPage.title);
    expect(html, path).not.toContain(site.errorPage.title);
  }
});
