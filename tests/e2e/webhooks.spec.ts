import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { getPage } from "../../content/index";
import {
  confirmsByPost,
  expect,
  joinsByPosts,
  landOn,
  MAIN_URL,
  pathIn,
  queryD1,
  sqlString,
  test,
  uniqueEmail,
  variants,
  visitorApi,
} from "./fixtures";
import { verifies } from "./webhook-receiver";

/**
 * Signed webhooks out (issue 35, ADR 038) against a receiver this test starts: it checks every
 * request's signature by the Standard Webhooks algorithm written out here (node:crypto, not the
 * app's module). An admin adds an endpoint for lead.confirmed and copies the secret shown once; a
 * parent confirms: exactly one lead.confirmed, on the third try after two 500s, with the same
 * webhook-id each time; a disabled endpoint gets nothing; a replay sends the same id again. Once the
 * parent's data is erased, a replay sends nothing: the delivery shows cancelled and no row keeps the address.
 * Endpoints are global and other specs confirm parents meanwhile: the receiver counts this parent's only.
 */

const v = variants[0];
const copy = getPage(v.key, "admin").webhooks;

type Received = { id: string; type: string; email: unknown; valid: boolean; path: string };

/** A receiver on a free port: answers from `answers` (then 200) for the parent's events, 200 for the rest. */
async function startReceiver(parentEmail: string) {
  const received: Received[] = [];
  const secrets = new Map<string, string>();
  const answers = [500, 500];
  const server: Server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      const path = request.url ?? "";
      const parsed = JSON.parse(body || "{}") as { type?: string; data?: { email?: unknown } };
      const mine = parsed.data?.email === parentEmail;
      // A webhook-id seen before is this parent's too, whatever its body holds.
      const again = received.some((entry) => entry.id === request.headers["webhook-id"]);
      if (mine || again || parsed.type === "webhook.test") {
        const secret = secrets.get(path) ?? "";
        received.push({
          id: String(request.headers["webhook-id"]),
          type: String(parsed.type),
          email: parsed.data?.email,
          valid: verifies(secret, request.headers, body),
          path,
        });
      }
      response.statusCode = mine ? (answers.shift() ?? 200) : 200;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return { received, secrets, url: (path: string) => `http://127.0.0.1:${port}${path}`, close: () => server.close() };
}

async function addEndpoint(page: Page, url: string, events: string[]): Promise<string> {
  await page.goto(pathIn(v, "admin/webhooks"));
  await page.getByLabel(copy.url).fill(url);
  for (const type of events) await page.getByLabel(type, { exact: true }).check();
  await page.getByRole("button", { name: copy.add }).click();
  await expect(page.getByText(copy.added, { exact: true })).toBeVisible();
  const secret = (await page.getByTestId("webhook-secret").textContent()) ?? "";
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
  // Shown once: the page's next load does not have it.
  await page.goto(pathIn(v, "admin/webhooks"));
  await expect(page.getByTestId("webhook-secret")).toHaveCount(0);
  expect(await page.content()).not.toContain(secret);
  return secret;
}

const endpointRow = (page: Page, url: string) => page.getByTestId("webhook-endpoints").locator(`tr[data-url="${url}"]`);

test.describe("webhooks", () => {
  test.beforeEach(() => test.slow());

  test("a confirmation is delivered once, signed, on the third try; a disabled endpoint gets nothing; replay sends the same id, and nothing once the parent's data is erased", async ({
    page,
    playwright,
    jsEnabled,
    asAdmin,
  }) => {
    const tag = `${jsEnabled ? "on" : "off"}-${Date.now()}`;
    const parentEmail = uniqueEmail(`hook-${v.key}`);
    const receiver = await startReceiver(parentEmail);
    try {
      await asAdmin(page.context());

      const live = receiver.url(`/live-${tag}`);
      const off = receiver.url(`/off-${tag}`);
      receiver.secrets.set(`/live-${tag}`, await addEndpoint(page, live, ["lead.confirmed"]));
      receiver.secrets.set(`/off-${tag}`, await addEndpoint(page, off, ["lead.confirmed"]));
      await endpointRow(page, off).getByRole("button", { name: copy.disable }).click();
      await expect(endpointRow(page, off)).toContainText(copy.disabled);

      // A parent joins and confirms through the button, as its form posts: the delivery is under test, not the pages.
      const parent = await visitorApi(playwright);
      try {
        await landOn(parent, v, {});
        await joinsByPosts(parent, v, parentEmail);
        await confirmsByPost(parent, page, parentEmail);
      } finally {
        await parent.dispose();
      }

      // Two 500s: the first retry comes after 5 s; the second waits 5 min, so the test moves it due and runs the cron's sweep.
      await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(2);
      const [row] = await queryD1<{ id: string; attempts: number; status: string }>(
        // This parent's delivery: the endpoint also gets the events of parents other specs confirm meanwhile.
        `SELECT d.id, d.attempts, d.status FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
         WHERE e.url = ${sqlString(live)} AND d.id = ${sqlString(receiver.received[0].id)}`,
      );
      expect(row).toMatchObject({ attempts: 2, status: "pending" });
      await queryD1(`UPDATE webhook_deliveries SET next_attempt_at = '2000-01-01T00:00:00.000Z' WHERE id = ${sqlString(row.id)}`);
      expect((await page.request.get(`${MAIN_URL}/__scheduled`)).ok()).toBe(true);
      await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(3);

      expect(receiver.received.map((r) => [r.path, r.type, r.id, r.valid])).toEqual([
        [`/live-${tag}`, "lead.confirmed", row.id, true],
        [`/live-${tag}`, "lead.confirmed", row.id, true],
        [`/live-${tag}`, "lead.confirmed", row.id, true],
      ]);
      // The admin's log shows it delivered on the third attempt.
      await page.goto(pathIn(v, "admin/webhooks"));
      const logRow = page.getByTestId("webhook-deliveries").locator(`tr[data-id="${row.id}"]`);
      await expect(logRow).toHaveAttribute("data-status", "delivered");
      await expect(logRow).toContainText(copy.statuses.delivered);
      await expect(logRow.locator("td").nth(4)).toHaveText("3");
      await expect(logRow.locator("td").nth(5)).toHaveText("200");

      // Replay: the same webhook-id once more.
      await logRow.getByRole("button", { name: copy.replay }).click();
      await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(4);
      expect(receiver.received[3]).toMatchObject({ id: row.id, valid: true, path: `/live-${tag}` });
      expect(receiver.received.some((r) => r.path === `/off-${tag}`)).toBe(false);

      // The parent's data is erased (an admin, for a parent who wrote in): a replay now sends nothing.
      const [lead] = await queryD1<{ id: string }>(`SELECT id FROM ${v.table} WHERE email = ${sqlString(parentEmail)}`);
      await page.goto(pathIn(v, `admin/leads/${lead.id}/data`));
      await page.getByRole("button", { name: getPage(v.key, "myData").admin.eraseButton }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/admin/leads");
      await page.goto(pathIn(v, "admin/webhooks"));
      await logRow.getByRole("button", { name: copy.replay }).click();
      await expect
        .poll(
          async () =>
            (await queryD1<{ status: string }>(`SELECT status FROM webhook_deliveries WHERE id = ${sqlString(row.id)}`))[0].status,
          {
            timeout: 30_000,
          },
        )
        .toBe("cancelled");
      await page.goto(pathIn(v, "admin/webhooks"));
      await expect(logRow).toContainText(copy.statuses.cancelled);
      await expect(logRow.getByRole("button", { name: copy.replay })).toHaveCount(0);
      expect(receiver.received).toHaveLength(4);
      expect(
        await queryD1(`SELECT id FROM webhook_deliveries WHERE lower(payload) LIKE ${sqlString(`%${parentEmail.toLowerCase()}%`)}`),
      ).toEqual([]);

      // Leave nothing sending to this receiver after the test.
      await page.goto(pathIn(v, "admin/webhooks"));
      await endpointRow(page, live).getByRole("button", { name: copy.disable }).click();
      await expect(endpointRow(page, live)).toContainText(copy.disabled);
    } finally {
      receiver.close();
    }
  });
});
