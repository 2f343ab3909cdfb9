import type { Page } from "@playwright/test";
import { getPage } from "../../content/index";
import { createConfirmedAccount, signIn } from "./auth-helpers";
import { expect, pathIn, test, uniqueEmail, variants } from "./fixtures";

/**
 * The privacy policy tells the truth about cookies: every cookie the site sets on a parent's way
 * through it is in the policy's cookie table, with the lifetime the table states. And the data
 * controller named by the configuration appears in the policy, the terms and the footer.
 */
const DAY_S = 24 * 60 * 60;
/** wrangler.toml [vars] */
const CONTROLLER = "AI Parenting s.r.o.";

type SetCookie = { name: string; maxAge: number | null };

/** Every Set-Cookie of every response the page receives. */
function recordSetCookies(page: Page): SetCookie[] {
  const seen: SetCookie[] = [];
  page.on("response", async (response) => {
    const header = await response.headerValue("set-cookie").catch(() => null);
    for (const line of header?.split("\n") ?? []) {
      const name = line.split("=")[0].trim();
      const maxAge = /;\s*Max-Age=(\d+)/i.exec(line)?.[1];
      seen.push({ name, maxAge: maxAge === undefined ? null : Number(maxAge) });
    }
  });
  return seen;
}

/** "30 days" / "1 year" back to seconds, with the policy's own words. */
function seconds(text: string, words: { days: string; year: string }): number {
  if (text === words.year) return 365 * DAY_S;
  const days = new RegExp(`^${words.days.replace("{days}", "(\\d+)")}$`).exec(text)?.[1];
  if (!days) throw new Error(`Not a lifetime in the policy's words: ${text}`);
  return Number(days) * DAY_S;
}

for (const v of variants) {
  test.describe(`privacy policy: ${v.key}`, () => {
    test("lists every cookie the site sets, with its real lifetime", async ({ page }) => {
      const setCookies = recordSetCookies(page);
      const consent = getPage(v.key, "consent");
      // A landing from a shared link (the session keeps the referral), the banner's choice, a sign-in.
      await page.goto(pathIn(v, "home", { r: "ABCDEFGH", utm_source: "newsletter" }));
      await page.getByTestId("consent-banner").getByRole("button", { name: consent.acceptLabel }).click();
      await expect(page.getByTestId("consent-banner")).toHaveCount(0);
      const email = uniqueEmail("cookies");
      await createConfirmedAccount(email, "a long enough password 1");
      await signIn(page, v, email, "a long enough password 1");

      await page.goto(pathIn(v, "privacy"));
      const copy = getPage(v.key, "privacy").cookieTable!;
      const rows = await page
        .locator("#cookies table tbody tr")
        .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("th, td")].map((cell) => cell.textContent?.trim() ?? "")));
      const table = new Map(rows.map(([name, , lifetime]) => [name, seconds(lifetime, copy.lifetimes)]));
      expect([...table.keys()]).toEqual(expect.arrayContaining(["__session", "consent", "_fbp"]));

      const names = new Set(setCookies.map((cookie) => cookie.name));
      expect(names).toContain("__session");
      expect(names).toContain("consent");
      for (const cookie of setCookies) {
        const listed = table.has(cookie.name)
          ? cookie.name
          : /^sb-[a-z0-9]+-auth-token(\.\d+)?$/.test(cookie.name)
            ? "sb-{project}-auth-token"
            : null;
        expect(listed, `${cookie.name} is set but not in the privacy policy`).not.toBeNull();
        // Max-Age=0 deletes the cookie; any other lifetime must be the one the policy states.
        if (cookie.maxAge) expect(cookie.maxAge, `${cookie.name}'s lifetime`).toBe(table.get(listed!));
      }
    });

    // @js-on: the page ships no JavaScript (no `hydrate` handle); a second run without it is the same run.
    test("names the configured data controller in the policy, the terms and the footer", { tag: "@js-on" }, async ({ page }) => {
      for (const path of [pathIn(v, "privacy"), pathIn(v, "terms")]) {
        await page.goto(path);
        await expect(page.getByRole("article")).toContainText(CONTROLLER);
        await expect(page.getByRole("contentinfo")).toContainText(CONTROLLER);
      }
      await page.goto(pathIn(v, "home"));
      await expect(page.getByRole("contentinfo")).toContainText(`Operated by ${CONTROLLER}`);
    });
  });
}
