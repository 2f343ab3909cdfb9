import { qa } from "../../content/qa";
import { LIVE_URL, MAIN_URL, expect, outbox, test, uniqueEmail, variants } from "./fixtures";

/** The token scripts/e2e-server.sh gives both servers. */
const TOKEN = "e2e-email-token";

test.describe("e-mail", () => {
  // @js-on: the QA page ships no JavaScript (no `hydrate` handle).
  test("/test-email-templates shows every template for every variant, noindex", { tag: "@js-on" }, async ({ page }) => {
    const response = await page.goto("/test-email-templates");
    expect(response?.status()).toBe(200);
    expect(response?.headers()["x-robots-tag"]).toContain("noindex");
    for (const v of variants) {
      const edition = page.getByTestId(`edition-${v.key}`);
      await expect(edition.getByRole("heading", { level: 2 })).toContainText(v.title);
      await expect(edition.getByTestId("subject")).toHaveText([
        /^Welcome to .+ - Your Referral Link is Ready!$/,
        // SPEC 7.2's words in genius; each sport names its own brand (ADR 042).
        v.key === "genius" ? "Your AI Parenting Guide is Ready!" : `Your ${v.title} guide is ready!`,
        v.key === "genius" ? "Your Practical AI Parenting Tips are Here!" : `Your practical ${v.title} tips are here!`,
        `You're in! Welcome to ${v.title}`,
        `Confirm your ${v.title} account`,
        `You already have an account with ${v.title}`,
        `Confirm your e-mail for ${v.title}`,
        `You moved up to place 12 on the ${v.title} waitlist`,
        new RegExp(`^Early access to ${v.title} opens .+$`),
        `You're in: your ${v.title} early-access invite`,
        `Here's your ${v.title} waitlist link`,
        /^You unlocked a reward: .+$/,
        // Clubs are the sport editions' only (ADR 039).
        ...(v.key === "genius" ? [] : [`Confirm your club's registration on ${v.title}`]),
      ]);
    }
    const tennis = page.frameLocator('iframe[title="Tennis Champion prelaunch e-mail"]');
    await expect(tennis.getByText(/Choose Practice, Compete or Champion/)).toBeVisible();
  });

  // @js-on: the home page it shows ships no JavaScript.
  test("/test-email-templates is a 404 showing the home page when QA pages are off", { tag: "@js-on" }, async ({ page }) => {
    const response = await page.goto(`${LIVE_URL}/test-email-templates`);
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle(/AI Parenting/);
    await expect(page.locator("iframe")).toHaveCount(0);
  });

  // @js-on: the outbox page ships no JavaScript; the mail's HTML opens in a native <details>.
  test("a mail sent through /api/send-email shows in the outbox, newest first", { tag: "@js-on" }, async ({ page }) => {
    const to = uniqueEmail("api");
    const send = await page.request.post(`${MAIN_URL}/api/send-email`, {
      headers: { Authorization: `Bearer ${TOKEN}` },
      data: { from: "no-reply@aiparenting.example", to, subject: "Hello from the API", html: "<p>It <b>works</b></p>" },
    });
    expect(send.status()).toBe(200);
    const { ok, data } = (await send.json()) as { ok: boolean; data: { id: string } };
    expect(ok).toBe(true);

    const [mail] = await outbox(page, to);
    expect(mail).toMatchObject({ id: data.id, subject: "Hello from the API", status: "sent", attempts: 1, text: "It works" });

    const response = await page.goto("/dev/outbox");
    expect(response?.headers()["x-robots-tag"]).toContain("noindex");
    const item = page.getByTestId("outbox-mail").filter({ hasText: to });
    await expect(item.getByRole("heading", { name: "Hello from the API" })).toBeVisible();
    await item.getByText(qa.outbox.html).click();
    await expect(item.frameLocator("iframe").locator("b")).toHaveText("works");
  });

  test("/api/send-email refuses a caller without the token", { tag: "@http" }, async ({ request }) => {
    const response = await request.post(`${MAIN_URL}/api/send-email`, {
      data: { from: "no-reply@aiparenting.example", to: "x@example.com", subject: "Spam", html: "<p>x</p>" },
    });
    expect(response.status()).toBe(401);
    expect(await response.json()).toMatchObject({ ok: false });
  });
});
