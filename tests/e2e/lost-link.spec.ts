import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { getPage } from "#content/index";
import {
  expect,
  holdPosts,
  mailLink,
  outbox,
  pathIn,
  personStamp,
  seedConfirmedLeads,
  test,
  uniqueEmail,
  variants,
  waitForHydration,
  type VariantCase,
} from "./fixtures";
import { elements, getHtml, outboxOf } from "./http";

/**
 * "Lost my link" (docs/decisions/034-lost-my-link.md): a parent on the list gets the link to their
 * status page by mail; a stranger's address reads exactly the same page.
 */

const cases = [variants[0], variants[1]];

/** Asks for the link of `email` on the variant's /lost-link; returns the "check your inbox" view as shown. */
async function askForLink(page: Page, v: VariantCase, email: string, jsEnabled: boolean) {
  const copy = getPage(v.key, "lostLink");
  await page.goto(pathIn(v, "lost-link"));
  if (jsEnabled) await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.title);
  await page.getByLabel(copy.emailLabel).fill(email);
  const button = page.getByRole("button", { name: copy.button });
  if (jsEnabled) {
    // Enhanced: the button says it is busy while the post is in flight.
    const held = await holdPosts(page, /\/lost-link(\.data)?(\?|$)/);
    await button.click();
    await expect(page.getByRole("button", { name: copy.busy })).toBeDisabled();
    await held.release();
  } else {
    await button.click();
  }
  await expect(page).toHaveURL((url) => url.pathname === "/lost-link" && url.searchParams.get("sent") === "1");
  const view = page.getByTestId("lost-link-sent");
  await expect(view.getByRole("heading", { level: 1 })).toHaveText(copy.sent.title);
  return { url: page.url(), html: await view.innerHTML() };
}

// The form and its mail, walked in a browser with JavaScript on and off in one variant: the post's
// code path is the same in every variant. What differs per variant (copy, the mail's subject) is
// checked below over HTTP in all three.
{
  const v = variants[0];
  const copy = getPage(v.key, "lostLink");

  test.describe(`/lost-link (${v.key})`, () => {
    test("a listed parent gets one mail with their status link; a stranger's address reads the same page", async ({ page, jsEnabled }) => {
      const [parent, other] = await seedConfirmedLeads(v, 2);
      const listed = await askForLink(page, v, parent.email, jsEnabled);
      const stranger = await askForLink(page, v, uniqueEmail(`lost-stranger-${v.key}`), jsEnabled);
      expect(stranger).toEqual(listed);
      expect(listed.html).not.toContain(parent.email);

      const statusLink = await mailLink(page, parent.email, "status", { template: "lost-link" });
      const mails = (await outbox(page, parent.email)).filter((mail) => mail.template === "lost-link");
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toContain(v.title);

      // Asking again within the window: the same page, no second mail. Another listed parent asks
      // after that: once their mail is written, so is anything the repeat would have written.
      expect(await askForLink(page, v, parent.email, jsEnabled)).toEqual(listed);
      await askForLink(page, v, other.email, jsEnabled);
      await mailLink(page, other.email, "status", { template: "lost-link" });
      expect((await outbox(page, parent.email)).filter((mail) => mail.template === "lost-link")).toHaveLength(1);

      // The link opens the parent's own status page.
      const response = await page.goto(statusLink);
      expect(response?.status()).toBe(200);
      await expect(page.getByTestId("place")).toHaveAttribute("data-place", /^\d+$/);
    });

    test("a malformed address is refused with the message and the typed value, and nothing is sent", async ({ page, jsEnabled }) => {
      await page.goto(pathIn(v, "lost-link"));
      if (jsEnabled) await waitForHydration(page);
      await page.getByLabel(copy.emailLabel).fill("not-an-address");
      await page.getByRole("button", { name: copy.button }).click();
      await expect(page.getByRole("alert")).toHaveText(copy.errors.invalidEmail);
      await expect(page.getByLabel(copy.emailLabel)).toHaveValue("not-an-address");
      expect(await outbox(page, "not-an-address")).toEqual([]);
    });

    test("the status page's broken-link message leads here", async ({ page }) => {
      const response = await page.goto(pathIn(v, "status", { t: "not-a-token" }));
      expect(response?.status()).toBe(400);
      await page.getByRole("link", { name: copy.link }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/lost-link");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.title);
    });
  });
}

for (const v of cases) {
  // @js-on: axe audits the DOM; without JavaScript that is the server's HTML, which the hydrated page starts from.
  test(`${v.key}: axe finds no violations on /lost-link's form and the 'check your inbox' view`, { tag: "@js-on" }, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    for (const path of [pathIn(v, "lost-link"), pathIn(v, "lost-link", { sent: "1" })]) {
      await page.goto(path);
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.map((found) => `${path} ${found.id}`)).toEqual([]);
    }
  });
}

for (const v of variants) {
  const copy = getPage(v.key, "lostLink");

  test.describe(`/lost-link without a browser: ${v.key}`, { tag: "@http" }, () => {
    test("the form, the 'check your inbox' view and the status page's broken-link message read in the variant's copy", async ({
      request,
    }) => {
      const form = await getHtml(request, pathIn(v, "lost-link"));
      expect(form.status).toBe(200);
      expect(elements(form.html, "h1").map((h1) => h1.text)).toEqual([copy.title]);
      expect(elements(form.html, "label").map((label) => label.text)).toContain(copy.emailLabel);
      expect(elements(form.html, "button").map((button) => button.text)).toContain(copy.button);

      const sent = await getHtml(request, pathIn(v, "lost-link", { sent: "1" }));
      expect(elements(sent.html, "h1").map((h1) => h1.text)).toEqual([copy.sent.title]);

      const broken = await getHtml(request, pathIn(v, "status", { t: "not-a-token" }));
      expect(broken.status).toBe(400);
      const link = elements(broken.html, "a").find((a) => a.text === copy.link);
      expect(link?.attrs.href).toBe(pathIn(v, "lost-link"));
    });

    test("a listed parent's mail names the variant; a stranger's post writes none", async ({ request }) => {
      const [parent] = await seedConfirmedLeads(v);
      const stranger = uniqueEmail(`lost-stranger-${v.key}`);
      // The stranger first: once the parent's mail is written, the stranger's look-up has run too.
      for (const email of [stranger, parent.email]) {
        const response = await request.post(pathIn(v, "lost-link"), { form: { email, ...(await personStamp()) }, maxRedirects: 0 });
        expect(response.status()).toBe(303);
        expect(response.headers().location).toBe(pathIn(v, "lost-link", { sent: "1" }));
      }
      await expect
        .poll(async () =>
          (await outboxOf(request, parent.email)).filter((mail) => mail.template === "lost-link").map((mail) => mail.subject),
        )
        .toEqual([expect.stringContaining(v.title)]);
      expect(await outboxOf(request, stranger)).toEqual([]);
    });
  });
}
