import { describe, expect, it } from "vitest";
import { getPage, type ContentKey } from "#content/index";
import { renderEmail } from "#emails/render.server";

const KEYS: ContentKey[] = ["genius", "icehockey", "tennis"];
const origin = "https://site.example";

/** An account holder's standing, said the same way after sign-up, on the status page and in the welcome mail. */
describe("an account holder's standing", () => {
  it.each(KEYS)(
    "%s: /signup-confirm, the status page and the welcome mail say one thing; only the subject (SPEC's words) says \"You're in\"",
    async (key) => {
      const waitlist = getPage(key, "waitlist");
      const said = waitlist.prompt.account;
      expect(said).toBeTruthy();
      // Not "you have your place in line": an account holder has no number to show.
      expect(said).not.toMatch(/your place in line/i);
      expect(waitlist.prompt.accountStatusLink).not.toMatch(/place in line/i);
      expect(waitlist.status.account.text).toContain(said);
      expect(waitlist.status.titleAccount).not.toMatch(/place/i);
      const welcome = await renderEmail("welcome", key, { origin, selectedPlan: null });
      expect(welcome.text.replace(/\s+/g, " ")).toContain(said);
      // The subject is SPEC's ("You're in! Welcome to {brand}"); the mail itself says what an account is.
      expect(welcome.text).not.toMatch(/you're in/i);
    },
  );
});
