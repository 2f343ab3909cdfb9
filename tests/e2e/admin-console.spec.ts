import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { getPage } from "../../content/index";
import { counted, type Counted } from "../../content/plural";
import { expect, MAIN_URL, pathIn, queryD1, sqlString, test, variants, type VariantCase } from "./fixtures";

/**
 * The admin console: one frame over the three variants (switcher, all-variants overview, signed-in
 * admin), every admin page on a 390 px phone (no sideways page scroll, row actions on screen,
 * addresses wrapped at @ and dots), the every-field CSV, bulk actions with one confirmation, and no
 * axe violations on the admin pages. JavaScript on and off.
 */

const copy = getPage("genius", "admin");
const [genius, icehockey, tennis] = variants;

type Seed = { id: string; email: string; ref_code?: string; confirm_seq?: number; referral_count?: number };

async function seed(v: VariantCase, leads: Seed[]) {
  const base = Date.now();
  const values = leads.map(
    (lead, i) =>
      `(${sqlString(lead.id)}, ${sqlString(lead.email)}, ${lead.ref_code ? sqlString(lead.ref_code) : "NULL"},
        ${lead.confirm_seq ?? "NULL"}, ${lead.confirm_seq ? lead.confirm_seq - 5 * (lead.referral_count ?? 0) : "NULL"},
        ${lead.referral_count ?? 0}, ${lead.confirm_seq ? 1 : 0}, ${sqlString(new Date(base - i * 1000).toISOString())})`,
  );
  await queryD1(
    `INSERT INTO ${v.table} (id, email, ref_code, confirm_seq, place_score, referral_count, email_verified, created_at) VALUES ${values.join(", ")}`,
  );
}

async function noSidewaysScroll(page: Page) {
  const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(scroll, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(inner);
}

const bulkButton = (page: Page, label: string) => page.getByRole("button", { name: label, exact: true });

/** Ticks rows and runs a bulk action through its one confirmation: a <dialog> with JavaScript, a step without. */
async function runBulk(page: Page, jsEnabled: boolean, ids: string[], label: string, question: Counted) {
  for (const id of ids) await page.locator(`tr[data-lead-id="${id}"] input[name="ids"]`).check();
  await bulkButton(page, label).click();
  const box = jsEnabled ? page.getByRole("dialog") : page.getByTestId("bulk-confirm");
  await expect(box).toBeVisible();
  await expect(box.getByTestId("bulk-question")).toHaveText(counted(question, ids.length));
  await box.getByRole("button", { name: copy.bulk.confirm }).click();
}

test.beforeEach(() => test.slow());

test("an admin switches variants, keeps the search, and the all-variants overview sums the three", async ({ page, asAdmin }) => {
  const tag = `con${randomUUID().slice(0, 8)}`;
  const own = Object.fromEntries(variants.map((v) => [v.key, { id: randomUUID(), email: `${tag}-${v.key}@example.com` }]));
  for (const v of variants) await seed(v, [own[v.key]]);
  const admin = await asAdmin(page.context());

  await page.goto(pathIn(genius, "admin/leads", { q: tag }));
  await expect(page.getByTestId("signed-in-as")).toHaveText(copy.console.signedInAs.replace("{email}", admin));
  await expect(page.getByRole("button", { name: copy.console.signOut })).toBeVisible();
  const switcher = page.getByRole("navigation", { name: copy.console.switcherLabel });
  await expect(switcher.getByRole("link", { name: copy.console.variants.genius })).toHaveAttribute("aria-current", "page");
  await expect(page.locator("tbody tr")).toHaveCount(1);
  await expect(page.locator("tbody")).toContainText(own.genius.email);

  for (const v of [icehockey, tennis]) {
    await switcher.getByRole("link", { name: copy.console.variants[v.key] }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get("sport") === v.key && url.searchParams.get("q") === tag);
    await expect(
      page.getByRole("navigation", { name: copy.console.switcherLabel }).getByRole("link", { name: copy.console.variants[v.key] }),
    ).toHaveAttribute("aria-current", "page");
    await expect(page.locator("tbody tr")).toHaveCount(1);
    await expect(page.locator("tbody")).toContainText(own[v.key].email);
  }

  // A page past the end shows the last page.
  await page.goto(pathIn(tennis, "admin/leads", { q: tag, page: "99" }));
  await expect(page.getByText(copy.paging.position.replace("{page}", "1").replace("{pages}", "1"))).toBeVisible();
  await expect(page.locator("tbody")).toContainText(own.tennis.email);

  // All variants: the cards are the sums of the per-variant rows, every variant's first wave listed.
  await page.getByRole("navigation", { name: copy.console.switcherLabel }).getByRole("link", { name: copy.console.allVariants }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get("variants") === "all");
  await expect(page.getByRole("heading", { name: copy.cards.allHeading })).toBeVisible();
  const perVariant = page.getByTestId("per-variant");
  await expect(perVariant.locator("tbody tr")).toHaveCount(3);
  const column = async (n: number) =>
    Promise.all((await perVariant.locator(`tbody tr td:nth-of-type(${n})`).allTextContents()).map(Number));
  const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);
  await expect(page.getByTestId("card-confirmed").locator("dd")).toHaveText(String(sum(await column(1))));
  await expect(page.getByTestId("card-credited").locator("dd")).toHaveText(String(sum(await column(3))));
  await expect(page.getByTestId("card-week").locator("dd")).toHaveText(String(sum(await column(6))));
  expect(sum(await column(6))).toBeGreaterThanOrEqual(3);
  for (const v of variants) await expect(page.getByTestId("card-first-wave")).toContainText(copy.console.variants[v.key]);
});

/**
 * The lines a cell's text is laid out in (one string per rendered line), read from the boxes of its
 * characters: what a reader sees of an address that wraps.
 */
async function renderedLines(cell: Locator): Promise<string[]> {
  return cell.evaluate((element) => {
    const lines: { top: number; text: string }[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        if (!rect) continue;
        const last = lines.at(-1);
        if (last && Math.abs(last.top - rect.top) < 2) last.text += text[i];
        else lines.push({ top: rect.top, text: text[i] });
      }
    }
    return lines.map((line) => line.text);
  });
}

/** An address breaks only before its @ or a dot (or after a hyphen, as any hyphenated word): never mid-word. */
async function wrapsAtSensiblePoints(cell: Locator, address: string) {
  const lines = await renderedLines(cell);
  expect(lines.join(""), "the cell holds the address whole").toBe(address);
  lines.slice(1).forEach((line, i) => {
    const sensible = /^[@.]/.test(line) || lines[i].endsWith("-");
    expect(sensible, `${address} broke mid-word: ${JSON.stringify(lines)}`).toBe(true);
  });
}

/**
 * The control is on screen and nothing covers it once the page is scrolled vertically to it: no
 * sideways scroll of the page or of its table's frame is needed to press it.
 */
async function reachable(page: Page, control: Locator) {
  const spot = await control.evaluate((element) => {
    window.scrollBy(0, element.getBoundingClientRect().top - window.innerHeight / 2);
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return { left: box.left, right: box.right, onTop: hit !== null && (hit === element || element.contains(hit)) };
  });
  expect(spot.left, "the control starts on screen").toBeGreaterThanOrEqual(0);
  expect(spot.right, "the control ends on screen").toBeLessThanOrEqual(page.viewportSize()!.width);
  expect(spot.onTop, "a press lands on the control").toBe(true);
}

test("every admin page fits a 390 px phone: no sideways page scroll, row actions on screen, addresses wrap at @ and dots", async ({
  page,
  asAdmin,
}) => {
  const tag = `nar${randomUUID().slice(0, 8)}`;
  const long = (who: string) => `${who}.firstname.lastname.${tag}@example-parents.co.uk`;
  const referrer: Seed = { id: randomUUID(), email: long("referrer"), ref_code: `N${tag.slice(3, 9).toUpperCase()}`, referral_count: 1 };
  const referred: Seed = { id: randomUUID(), email: long("referred") };
  const invited: Seed = { id: randomUUID(), email: long("invited") };
  await seed(genius, [referrer, referred, invited]);
  const at = new Date().toISOString();
  const past = new Date(Date.now() - 86_400_000).toISOString();
  const waveId = randomUUID();
  const waveAdmin = long("waveadmin");
  await queryD1([
    `INSERT INTO referrals (id, lead_table, referred_id, referrer_id, ref_code, variant, status, reason, created_at, updated_at, credited_at)
     VALUES (${sqlString(randomUUID())}, 'leads', ${sqlString(referred.id)}, ${sqlString(referrer.id)}, ${sqlString(referrer.ref_code!)},
             'genius', 'credited', NULL, ${sqlString(at)}, ${sqlString(at)}, ${sqlString(at)})`,
    // A wave whose one invite expired unaccepted (its parent has no place: other specs read places).
    `INSERT INTO waves (id, lead_table, variant, seq, size_asked, created_at, created_by)
     SELECT ${sqlString(waveId)}, 'leads', 'genius', COALESCE(MAX(seq), 0) + 1, 1, ${sqlString(past)}, ${sqlString(waveAdmin)}
     FROM waves WHERE lead_table = 'leads'`,
    `INSERT INTO wave_members (wave_id, lead_table, lead_id, place, invite_sent_at, invite_expires_at)
     VALUES (${sqlString(waveId)}, 'leads', ${sqlString(invited.id)}, 1, ${sqlString(past)}, ${sqlString(past)})`,
    `INSERT INTO outbox (id, dedupe_key, template, variant, recipient, subject, html, text, status, attempts, last_error, created_at, updated_at)
     VALUES (${sqlString(randomUUID())}, ${sqlString(`narrow-dead:${tag}`)}, 'prelaunch', 'genius', ${sqlString(long("deadmail"))},
             'Hi', '<p>Hi</p>', 'Hi', 'dead', 5, 'Dead-lettered', ${sqlString(at)}, ${sqlString(at)})`,
  ]);
  await asAdmin(page.context());
  const pages = [
    pathIn(genius, "admin/leads", { q: tag }),
    pathIn(genius, "admin/leads", { variants: "all" }),
    pathIn(genius, "admin/referrals"),
    pathIn(genius, "admin/analytics"),
    pathIn(genius, "admin/mail"),
    pathIn(genius, "admin/launch"),
    pathIn(genius, "admin/waves"),
    pathIn(genius, "admin/waves", { n: "1" }),
    pathIn(genius, "admin/rewards"),
    pathIn(genius, `admin/leads/${referred.id}/edit`),
    pathIn(genius, `admin/leads/${referred.id}/data`),
    // A QA page, as wide as its longest value (the commit).
    pathIn(genius, "debug-domain"),
  ];
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of pages) {
      await page.goto(path);
      await noSidewaysScroll(page);
    }
  }

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(pathIn(genius, "admin/referrals"));
  const referral = page.locator(`tr[data-referred="${referred.email}"]`);
  await reachable(page, referral.getByRole("button", { name: copy.referrals.revoke }));
  await wrapsAtSensiblePoints(referral.getByTestId("referred-email"), referred.email);

  await page.goto(pathIn(genius, "admin/waves"));
  const wave = page.locator(`tr[data-wave-id="${waveId}"]`);
  await wrapsAtSensiblePoints(wave.getByTestId("wave-by"), waveAdmin);
  await reachable(page, page.locator(`tr[data-recipient="${invited.email}"]`).getByRole("button", { name: copy.waves.resend }));

  await page.goto(pathIn(genius, "admin/mail"));
  const mail = page.locator(`tr[data-recipient="${long("deadmail")}"]`);
  await reachable(page, mail.getByRole("button", { name: copy.mail.retry }));
  await reachable(page, mail.getByRole("button", { name: copy.mail.giveUp }));

  await page.goto(pathIn(genius, "admin/leads", { q: tag }));
  await reachable(page, page.locator(`tr[data-lead-id="${referred.id}"]`).getByRole("link", { name: copy.table.edit }));

  // A sport's club list: a pending club's Approve stays on screen past the count columns.
  const clubSlug = `narrow-${tag}`;
  await queryD1(
    `INSERT INTO clubs (id, lead_table, variant, slug, name, city, sport, status, created_at)
     VALUES (${sqlString(randomUUID())}, 'leads_icehockey', 'champion-icehockey', ${sqlString(clubSlug)}, ${sqlString(`Narrow ${tag}`)},
       'Praha', 'icehockey', 'pending', ${sqlString(at)})`,
  );
  await page.goto(pathIn(icehockey, "admin/clubs"));
  await noSidewaysScroll(page);
  const clubText = getPage(icehockey.key, "clubs").admin;
  await reachable(page, page.locator(`tr[data-club="${clubSlug}"]`).getByRole("button", { name: clubText.approve, exact: true }));
});

test("the CSV carries every field, names the variant and keeps a + e-mail intact", async ({ page, asAdmin }) => {
  const tag = `csv${randomUUID().slice(0, 8)}`;
  const plus = { id: randomUUID(), email: `+1-${tag}@example.com`, ref_code: `P${tag.slice(3, 8).toUpperCase()}` };
  const formula = { id: randomUUID(), email: `=${tag}@example.com` };
  await seed(icehockey, [plus, formula]);
  await asAdmin(page.context());
  await page.goto(pathIn(icehockey, "admin/leads", { q: tag }));
  const href = await page.getByRole("link", { name: copy.filters.exportCsv }).getAttribute("href");
  const csv = await page.request.get(MAIN_URL + href!);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-disposition"]).toContain("champion-icehockey");
  const lines = (await csv.text())
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  const header = lines[0].split(",");
  for (const label of [
    copy.table.columns.email,
    copy.table.columns.utm_source,
    copy.csvColumns.utm_medium,
    copy.csvColumns.utm_campaign,
    copy.csvColumns.utm_term,
    copy.csvColumns.utm_content,
    copy.extraColumns.ref_code,
    copy.extraColumns.email_verified,
    copy.extraColumns.place,
    copy.extraColumns.risk_flags,
    copy.table.columns.referral_count,
    copy.csvColumns.variant,
  ]) {
    expect(header).toContain(label);
  }
  const emailAt = header.indexOf(copy.table.columns.email);
  const emails = lines.slice(1).map((line) => line.split(",")[emailAt]);
  expect(emails.sort()).toEqual([plus.email, `'${formula.email}`].sort());

  // Export selected: only the ticked rows, through the same confirmation.
  const selected = await page.request.post(MAIN_URL + pathIn(icehockey, "admin/leads.csv"), {
    form: { intent: "bulk-export", ids: plus.id, confirmed: "yes" },
    headers: { Origin: MAIN_URL },
  });
  expect(selected.status()).toBe(200);
  const body = (await selected.text()).trim().split("\r\n");
  expect(body).toHaveLength(2);
  expect(body[1]).toContain(plus.email);
  expect(body[1]).toContain(plus.ref_code);
});

test("bulk revoke and delete act once, after one confirmation; bad input is refused", async ({ page, jsEnabled, asAdmin }) => {
  const tag = `blk${randomUUID().slice(0, 8)}`;
  // No places (confirm_seq): parallel specs rank the table's confirmed parents.
  const referrer: Seed = {
    id: randomUUID(),
    email: `${tag}-referrer@example.com`,
    ref_code: `R${tag.slice(3, 9).toUpperCase()}`,
    referral_count: 1,
  };
  const referred: Seed = { id: randomUUID(), email: `${tag}-referred@example.com` };
  const doomed = [
    { id: randomUUID(), email: `${tag}-gone1@example.com` },
    { id: randomUUID(), email: `${tag}-gone2@example.com` },
  ];
  await seed(tennis, [referrer, referred, ...doomed]);
  const referralId = randomUUID();
  const at = new Date().toISOString();
  await queryD1(
    `INSERT INTO referrals (id, lead_table, referred_id, referrer_id, ref_code, variant, status, reason, created_at, updated_at, credited_at)
     VALUES (${sqlString(referralId)}, 'leads_tennis', ${sqlString(referred.id)}, ${sqlString(referrer.id)}, ${sqlString(referrer.ref_code!)},
             'champion-tennis', 'credited', NULL, ${sqlString(at)}, ${sqlString(at)}, ${sqlString(at)})`,
  );
  await asAdmin(page.context());
  const list = pathIn(tennis, "admin/leads", { q: tag });
  await page.goto(list);
  await expect(page.locator("tbody tr")).toHaveCount(4);

  await runBulk(page, jsEnabled, [referred.id], copy.bulk.revoke, copy.bulk.confirmRevoke);
  await expect(page.getByRole("status")).toContainText(counted(copy.bulk.revoked, 1));
  const [ref] = await queryD1<{ status: string }>(`SELECT status FROM referrals WHERE id = ${sqlString(referralId)}`);
  expect(ref.status).toBe("rejected");
  const [count] = await queryD1<{ referral_count: number }>(`SELECT referral_count FROM leads_tennis WHERE id = ${sqlString(referrer.id)}`);
  expect(count.referral_count).toBe(0);

  await runBulk(
    page,
    jsEnabled,
    doomed.map((d) => d.id),
    copy.bulk.delete,
    copy.bulk.confirmDelete,
  );
  await expect(page.getByRole("status")).toContainText(counted(copy.bulk.deleted, 2));
  await expect(page.locator("tbody tr")).toHaveCount(2);
  const left = await queryD1<{ id: string }>(`SELECT id FROM leads_tennis WHERE email LIKE ${sqlString(`${tag}-%`)}`);
  expect(left.map((row) => row.id).sort()).toEqual([referrer.id, referred.id].sort());

  // The same confirmed POST again (a double submit) changes nothing more.
  const post = (form: Record<string, string | string[]>) =>
    page.request.fetch(MAIN_URL + list, {
      method: "POST",
      data: new URLSearchParams(Object.entries(form).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x]) : [[k, v]]))).toString(),
      headers: { Origin: MAIN_URL, "Content-Type": "application/x-www-form-urlencoded" },
      maxRedirects: 0,
    });
  const again = await post({ intent: "bulk-delete", confirmed: "yes", ids: doomed.map((d) => d.id) });
  expect(again.status()).toBe(303);
  expect((await queryD1(`SELECT id FROM leads_tennis WHERE email LIKE ${sqlString(`${tag}-%`)}`)).length).toBe(2);

  // Bad input: a clear 4xx and nothing written.
  expect((await post({ intent: "bulk-delete", confirmed: "yes" })).status()).toBe(400);
  expect((await post({ intent: "bulk-explode", confirmed: "yes", ids: referrer.id })).status()).toBe(400);
  const many = Array.from({ length: 120 }, () => randomUUID());
  const tooMany = await post({ intent: "bulk-delete", confirmed: "yes", ids: [referrer.id, ...many] });
  expect(tooMany.status()).toBe(400);
  expect(await tooMany.text()).toContain(copy.bulk.tooMany.replace("{max}", "100"));
  expect((await queryD1(`SELECT id FROM leads_tennis WHERE email LIKE ${sqlString(`${tag}-%`)}`)).length).toBe(2);
});

test("axe finds no violations on the admin pages", async ({ page, browser, jsEnabled, asAdmin }) => {
  const lead = { id: randomUUID(), email: `axe${randomUUID().slice(0, 8)}@example.com` };
  await seed(genius, [lead]);
  // A dead mail, so /admin/mail is checked with its table and buttons rather than the empty state.
  const at = new Date().toISOString();
  await queryD1(
    `INSERT INTO outbox (id, dedupe_key, template, variant, recipient, subject, html, text, status, attempts, last_error, created_at, updated_at)
     VALUES (${sqlString(lead.id)}, ${sqlString(`axe-dead:${lead.id}`)}, 'prelaunch', 'genius', ${sqlString(lead.email)}, 'Hi', '<p>Hi</p>', 'Hi',
             'dead', 5, 'Dead-lettered', ${sqlString(at)}, ${sqlString(at)})`,
  );
  await asAdmin(page.context());
  // axe runs inside the page. Without JavaScript it gets a page of its own that may run only axe:
  // the app's scripts are blocked, so it checks the server-rendered page a no-JS visitor gets.
  const context = jsEnabled ? null : await browser.newContext({ javaScriptEnabled: true });
  let checked = page;
  if (context) {
    await context.addCookies(await page.context().cookies());
    await context.route(/\.js(\?|$)/, (route) => route.abort());
    checked = await context.newPage();
  }
  const pages = [
    pathIn(genius, "admin/leads", { q: lead.email }),
    pathIn(genius, "admin/leads", { variants: "all" }),
    pathIn(genius, "admin/referrals"),
    pathIn(genius, "admin/referrals", { variants: "all" }),
    pathIn(genius, `admin/leads/${lead.id}/edit`),
    pathIn(genius, `admin/leads/${lead.id}/delete`),
    pathIn(genius, "admin/analytics"),
    pathIn(genius, "admin/mail"),
    pathIn(genius, "admin/mail", { variants: "all" }),
    // The launch page (compose, audience, ledger) in this variant and all variants. Its preview's
    // iframes are sandboxed without scripts, where axe cannot run; the mail's own markup is checked
    // by emails.test.ts and email-width.spec.ts.
    pathIn(genius, "admin/launch"),
    pathIn(genius, "admin/launch", { variants: "all" }),
    pathIn(genius, "admin/waves"),
    // The cut-off a wave is admitted from.
    pathIn(genius, "admin/waves", { n: "2" }),
    pathIn(genius, "admin/waves", { variants: "all" }),
    // The reward ladder, code pools, perks to do and ledger (ADR 035).
    pathIn(genius, "admin/rewards"),
  ];
  try {
    for (const path of pages) {
      const response = await checked.goto(MAIN_URL + path);
      if (path.startsWith("/admin/analytics") && response?.status() === 404) continue;
      expect(response?.status(), path).toBe(200);
      const { violations } = await new AxeBuilder({ page: checked }).analyze();
      expect(
        violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`),
        path,
      ).toEqual([]);
    }
  } finally {
    await context?.close();
  }
});
