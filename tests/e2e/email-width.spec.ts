import { EMAIL_TEMPLATES } from "#content/schemas/emails";
import { expect, test, variants } from "./fixtures";

/**
 * Every template of every variant, as /test-email-templates renders it (the mailer's footer, sample
 * links as long as real signed ones), opened alone in a 390 px wide phone viewport: no mail is wider
 * than the screen (champion mails measured 414-442 px before).
 */
// @js-on: the mails are measured alone in a page of their own; the page's JavaScript plays no part.
test("every rendered e-mail fits a 390 px wide screen", { tag: "@js-on" }, async ({ page, browser }) => {
  await page.goto("/test-email-templates");
  const mails: { name: string; html: string }[] = [];
  for (const v of variants) {
    // Genius has no clubs (ADR 039): the gallery leaves out the club mail it never sends.
    for (const template of EMAIL_TEMPLATES.filter((name) => v.key !== "genius" || name !== "club-confirm")) {
      const frame = page.getByTestId(`email-${v.key}-${template}`).locator("iframe");
      mails.push({ name: `${v.key} ${template}`, html: (await frame.getAttribute("srcdoc")) ?? "" });
    }
  }
  expect(mails).toHaveLength(variants.length * EMAIL_TEMPLATES.length - 1);

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
  const view = await phone.newPage();
  const widths: Record<string, number> = {};
  for (const mail of mails) {
    expect(mail.html, mail.name).toContain("</html>");
    await view.setContent(mail.html);
    widths[mail.name] = await view.evaluate(() => document.documentElement.scrollWidth);
  }
  await phone.close();
  const tooWide = Object.entries(widths).filter(([, width]) => width > 390);
  expect(tooWide, JSON.stringify(widths)).toEqual([]);
});
