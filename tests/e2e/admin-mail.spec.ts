import { randomUUID } from "node:crypto";
import { getPage } from "../../content/index";
import { expect, MAIN_URL, outbox, pathIn, queryD1, sqlString, test, uniqueEmail, variants } from "./fixtures";

/**
 * /admin/mail (ADR 024): the mails that need a human. Two dead outbox rows seeded in the main
 * server's D1 are listed with their recipient, template and last error; Retry sends one again
 * through the local queue (it shows as sent in /dev/outbox.json), Give up ends the other for good,
 * and a second POST of either changes nothing. Below them, a follow-up to a fact (ADR 046) that kept
 * failing, with its last error: Replay runs it once. JavaScript on and off.
 */

const copy = getPage("genius", "admin");
const text = copy.mail;
const [genius] = variants;

type Seeded = { id: string; recipient: string; error: string };

async function seedDead(tag: string, template: string, error: string): Promise<Seeded> {
  const id = randomUUID();
  const recipient = uniqueEmail(tag);
  const at = new Date().toISOString();
  await queryD1(
    `INSERT INTO outbox (id, dedupe_key, template, variant, recipient, subject, html, text, status, attempts, last_error, created_at, updated_at)
     VALUES (${sqlString(id)}, ${sqlString(`e2e-dead:${id}`)}, ${sqlString(template)}, 'genius', ${sqlString(recipient)},
             'Your place on the waitlist', '<p>Hello</p>', 'Hello', 'dead', 5, ${sqlString(error)}, ${sqlString(at)}, ${sqlString(at)})`,
  );
  return { id, recipient, error };
}

const statusOf = async (id: string) =>
  (await queryD1<{ status: string }>(`SELECT status FROM outbox WHERE id = ${sqlString(id)}`))[0]?.status;

test.beforeEach(() => test.slow());

test("an admin retries one dead mail and gives up another; each happens once", async ({ page, asAdmin }, testInfo) => {
  const project = testInfo.project.name;
  const retried = await seedDead(`dead-retry-${project}`, "prelaunch", `Attempts used up (${randomUUID().slice(0, 6)})`);
  const givenUp = await seedDead(`dead-giveup-${project}`, "confirm-email", `Invalid \`to\` field (${randomUUID().slice(0, 6)})`);
  await asAdmin(page.context());

  await page.goto(pathIn(genius, "admin/mail"));
  await expect(page.getByRole("heading", { name: text.title })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: copy.console.navLabel }).getByRole("link", { name: copy.console.mail }),
  ).toHaveAttribute("aria-current", "page");
  const rowOf = (mail: Seeded) => page.locator(`tr[data-mail-id="${mail.id}"]`);
  for (const [mail, template] of [
    [retried, text.templates.prelaunch],
    [givenUp, text.templates["confirm-email"]],
  ] as const) {
    await expect(rowOf(mail)).toContainText(mail.recipient);
    await expect(rowOf(mail).getByTestId("mail-template")).toHaveText(template);
    await expect(rowOf(mail).getByTestId("mail-error")).toHaveText(mail.error);
  }

  // Retry: the row leaves the list, is no longer dead, and the local queue delivers it.
  await rowOf(retried).getByRole("button", { name: text.retry, exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: text.retried.replace("{recipient}", retried.recipient) })).toBeVisible();
  await expect(rowOf(retried)).toHaveCount(0);
  expect(await statusOf(retried.id)).not.toBe("dead");
  await expect.poll(async () => (await outbox(page, retried.recipient)).map((mail) => mail.status), { timeout: 30_000 }).toEqual(["sent"]);

  // Give up: final, off the list.
  await rowOf(givenUp).getByRole("button", { name: text.giveUp, exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: text.givenUp.replace("{recipient}", givenUp.recipient) })).toBeVisible();
  await expect(rowOf(givenUp)).toHaveCount(0);
  expect(await statusOf(givenUp.id)).toBe("skipped");

  // A resubmitted form (a second click that got through, a reload of the POST) finds nothing to do.
  for (const [mail, intent] of [
    [retried, "retry"],
    [givenUp, "give-up"],
  ] as const) {
    const again = await page.request.post(`${MAIN_URL}${pathIn(genius, "admin/mail")}`, {
      form: { id: mail.id, intent },
      headers: { Origin: MAIN_URL },
    });
    expect(again.status()).toBe(409);
    expect(await again.text()).toContain(text.alreadyHandled);
  }
  expect(await statusOf(givenUp.id)).toBe("skipped");

  // Bad input: 4xx, nothing written.
  const bad = await page.request.post(`${MAIN_URL}${pathIn(genius, "admin/mail")}`, {
    form: { id: randomUUID(), intent: "retry" },
    headers: { Origin: MAIN_URL },
  });
  expect(bad.status()).toBe(404);
});

test("a follow-up that kept failing is listed with its last error; Replay runs it once and it leaves the list", async ({
  page,
  asAdmin,
}, testInfo) => {
  // A wave's webhook follow-up that failed every attempt (the wave and its fact as an admission writes them).
  const wave = randomUUID();
  const factId = `wave.admitted:leads:${wave}`;
  const error = `the receiver answered 500 (${testInfo.project.name} ${randomUUID().slice(0, 6)})`;
  const at = new Date().toISOString();
  await queryD1([
    `INSERT INTO facts (id, type, payload, created_at) VALUES (${sqlString(factId)}, 'wave.admitted',
       ${sqlString(JSON.stringify({ wave_id: wave, seq: 1, lead_ids: [] }))}, ${sqlString(at)})`,
    `INSERT INTO fact_handlings (fact_id, handler, status, attempts, last_error, updated_at)
       VALUES (${sqlString(factId)}, 'webhook', 'dead', 5, ${sqlString(error)}, ${sqlString(at)})`,
    `INSERT INTO fact_handlings (fact_id, handler, status, attempts, updated_at, done_at)
       VALUES (${sqlString(factId)}, 'invites', 'done', 1, ${sqlString(at)}, ${sqlString(at)})`,
  ]);
  const statusOfHandling = async () =>
    (await queryD1<{ status: string }>(`SELECT status FROM fact_handlings WHERE fact_id = ${sqlString(factId)} AND handler = 'webhook'`))[0]
      ?.status;
  await asAdmin(page.context());

  await page.goto(pathIn(genius, "admin/mail"));
  const row = page.locator(`tr[data-fact-id="${factId}"][data-handler="webhook"]`);
  await expect(row).toContainText(text.reactions.facts["wave.admitted"]);
  await expect(row.getByTestId("reaction-handler")).toHaveText(text.reactions.handlers.webhook);
  await expect(row.getByTestId("reaction-error")).toHaveText(error);
  // Only the dead follow-up is listed: the fact's invites were done.
  await expect(page.locator(`tr[data-fact-id="${factId}"]`)).toHaveCount(1);

  await row.getByRole("button", { name: text.reactions.replay, exact: true }).click();
  await expect(
    page.getByRole("status").filter({ hasText: text.reactions.replayed.replace("{handler}", text.reactions.handlers.webhook) }),
  ).toBeVisible();
  await expect(row).toHaveCount(0);
  // It runs again, from the queue, to the end.
  await expect.poll(statusOfHandling, { timeout: 30_000 }).toBe("done");

  // A resubmitted Replay finds nothing to do.
  const again = await page.request.post(`${MAIN_URL}${pathIn(genius, "admin/mail")}`, {
    form: { intent: "replay-reaction", fact: factId, handler: "webhook" },
    headers: { Origin: MAIN_URL },
  });
  expect(again.status()).toBe(409);
  expect(await again.text()).toContain(text.reactions.alreadyReplayed);
  expect(await statusOfHandling()).toBe("done");
});

test("a signed-out visitor is refused the page and its actions", async ({ page, request }) => {
  const mail = await seedDead("dead-guard", "prelaunch", "Dead-lettered");
  await page.goto(pathIn(genius, "admin/mail"));
  await expect(page.getByText(copy.access.notLoggedIn)).toBeVisible();
  expect((await request.get(`${MAIN_URL}${pathIn(genius, "admin/mail")}`)).status()).toBe(401);
  const post = await request.post(`${MAIN_URL}${pathIn(genius, "admin/mail")}`, {
    form: { id: mail.id, intent: "give-up" },
    headers: { Origin: MAIN_URL },
  });
  expect(post.status()).toBe(401);
  expect(await statusOf(mail.id)).toBe("dead");
});
