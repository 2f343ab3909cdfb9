import { describe, expect, it } from "vitest";
import { contentByVariant, getPage, type ContentKey } from "#content/index";
import { EMAIL_TEMPLATES, emailsSchema, emailTemplateSchema } from "#content/schemas/emails";
import { findEmailContent, renderEmail } from "#emails/render.server";

const KEYS: ContentKey[] = ["genius", "icehockey", "tennis"];
const origin = "https://site.example";
const hostile = `<script>alert(1)</script>&"'`;

describe("e-mail content (SPEC 3.6)", () => {
  it.each(KEYS)("%s e-mail copy matches the schema", (key) => {
    expect(() => emailsSchema.parse(contentByVariant[key].emails)).not.toThrow();
  });

  it("genius holds every template", () => {
    for (const name of EMAIL_TEMPLATES) {
      expect(() => emailTemplateSchema.parse(contentByVariant.genius.emails?.[name])).not.toThrow();
    }
  });

  it("the welcome e-mail is the sport edition's own, like every other template", () => {
    expect(findEmailContent("welcome", "tennis").from).toBe("tennis");
    expect(findEmailContent("prelaunch", "tennis").from).toBe("tennis");
  });

  it("missing template content raises the catalogue error", () => {
    const source = { genius: { emails: {} }, icehockey: {}, tennis: {} };
    expect(() => findEmailContent("guide", "tennis", source)).toThrow(new Error("Email template content not found for: guide"));
    expect(() => findEmailContent("newsletter", "genius")).toThrow("Email template content not found for: newsletter");
  });
});

/** Templates that carry no value a visitor typed or chose. */
const NO_VISITOR_VALUES = new Set<string>(["account-exists", "confirm-email", "moved-up", "invite", "lost-link", "club-confirm"]);

describe("renderEmail", () => {
  const cases = KEYS.flatMap((key) => EMAIL_TEMPLATES.map((name) => [name, key] as const));

  it.each(cases)("%s for %s: 600px container, plain-text part, escaped user values", async (name, key) => {
    const mail = await renderEmail(name, key, {
      origin,
      selectedPlan: hostile,
      refLink: `https://site.example/?r=${hostile}`,
      // What an admin typed into a launch announcement is untrusted text too.
      announcement: { date: "2026-04-01", message: hostile, ctaLabel: "See the plans", ctaUrl: "/pricing" },
      // So is the title and description of a reward step (ADR 035).
      reward: { title: hostile, description: hostile, link: "/status" },
    });
    expect(mail.html).toMatch(/max-width:\s*600px/);
    expect(mail.text.length).toBeGreaterThan(100);
    expect(mail.text).not.toMatch(/<(html|table|td|a) /i);
    expect(mail.html).not.toContain("<script>");
    if (NO_VISITOR_VALUES.has(name)) {
      // Sent to an account's owner about someone else's attempt: nothing that visitor typed or chose reaches it.
      expect(mail.text).not.toContain("alert(1)");
      return;
    }
    // The hostile value appears, but only as text.
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail.text).toContain("<script>alert(1)</script>");
  });

  it.each(KEYS)(
    "invite for %s: says you're in, the accept button opens the signed invite link, the expiry day; own branding",
    async (key) => {
      const inviteLink = `${origin}/invite?t=abc.def`;
      const mail = await renderEmail("invite", key, { origin, inviteLink, inviteExpires: "15 October 2025" });
      expect(mail.subject).toContain(contentByVariant[key].site.title);
      expect(mail.text).toMatch(/You're in/i);
      expect(mail.html).toContain(`href="${inviteLink}"`);
      expect(mail.text).toContain("Accept my invite");
      expect(mail.text).toContain("15 October 2025");
      expect(findEmailContent("invite", key).email.template.styles.brand).toBeTruthy();
      expect(mail.html).toContain(findEmailContent("invite", key).email.template.styles.brand);
    },
  );

  it.each(KEYS)("account-exists for %s: someone tried to sign up, a sign-in link to the app, safe to ignore; own branding", async (key) => {
    const appUrl = "https://app.aiparenting.example/login";
    const mail = await renderEmail("account-exists", key, { origin, appUrl });
    expect(mail.subject).toBe(`You already have an account with ${contentByVariant[key].site.title}`);
    expect(mail.text).toMatch(/someone .*tried to create/i);
    expect(mail.html).toContain(`href="${appUrl}"`);
    expect(mail.text).toMatch(/ignore/i);
    const { email, from } = findEmailContent("account-exists", key);
    expect(from).toBe(key);
    expect(mail.html).toContain(email.template.styles.brand);
  });

  it.each(KEYS)("the launch announcement for %s: date in words, the admin's message and button, the place and status link", async (key) => {
    const statusLink = "https://site.example/status?t=abc";
    const manageLink = "https://site.example/my-data?t=def";
    const unsubscribeLink = "https://site.example/unsubscribe?t=ghi";
    const mail = await renderEmail("announcement", key, {
      origin,
      place: 42,
      statusLink,
      manageLink,
      unsubscribeLink,
      announcement: {
        date: "2026-04-01",
        message: "Doors open at 9 sharp.",
        ctaLabel: "Pick a plan",
        ctaUrl: "https://shop.example/plans",
      },
    });
    expect(mail.subject).toBe(`Early access to ${getPage(key, "site").title} opens 1 April 2026`);
    expect(mail.text).toMatch(/early access opens 1 april 2026/i);
    expect(mail.text).toContain("You're number 42 in line.");
    expect(mail.text).toContain("Doors open at 9 sharp.");
    expect(mail.text).toContain("Pick a plan");
    for (const link of ["https://shop.example/plans", statusLink, manageLink, unsubscribeLink])
      expect(mail.html).toContain(`href="${link}"`);
    const unsafe = await renderEmail("announcement", key, {
      origin,
      announcement: { date: "2026-04-01", message: "Hi", ctaLabel: "Go", ctaUrl: "javascript:alert(1)" },
    });
    expect(unsafe.html).not.toContain("javascript:");
  });

  it('uses the SPEC 7.2 subjects, each in its own brand; the welcome mail says no "You\'re in"', async () => {
    const plan = { origin, selectedPlan: "Growth" };
    expect((await renderEmail("prelaunch", "genius", plan)).subject).toBe("Welcome to Growth - Your Referral Link is Ready!");
    expect((await renderEmail("guide", "genius", plan)).subject).toBe("Your AI Parenting Guide is Ready!");
    expect((await renderEmail("tips", "genius", plan)).subject).toBe("Your Practical AI Parenting Tips are Here!");
    expect((await renderEmail("guide", "tennis", plan)).subject).toBe("Your Tennis Champion guide is ready!");
    expect((await renderEmail("tips", "icehockey", plan)).subject).toBe("Your practical Hockey Champion tips are here!");
    expect((await renderEmail("welcome", "genius", plan)).subject).toBe("You're in! Welcome to AI Parenting");
    expect((await renderEmail("welcome", "icehockey", plan)).subject).toBe("You're in! Welcome to Hockey Champion");
  });

  it("prelaunch without a plan names the brand in its subject, never 'Not selected'", async () => {
    for (const key of ["genius", "icehockey", "tennis"] as const) {
      const mail = await renderEmail("prelaunch", key, { origin, selectedPlan: null });
      expect(mail.subject).toBe(`Welcome to ${getPage(key, "site").title} - Your Referral Link is Ready!`);
      expect(mail.subject).not.toMatch(/not selected/i);
    }
  });

  it("welcome carries the referral link it is given", async () => {
    const refLink = "https://site.example/?r=WXYZ5678";
    const mail = await renderEmail("welcome", "genius", { origin, selectedPlan: "Growth", refLink });
    expect(mail.text).toContain(`Your personal share link: ${refLink}`);
  });

  it("prelaunch names the plan, the 100 seats and the share link", async () => {
    const refLink = "https://site.example/?r=ABCD1234";
    const mail = await renderEmail("prelaunch", "genius", { origin, selectedPlan: "Genius", refLink });
    expect(mail.text).toContain("Your selected plan: Genius");
    expect(mail.text).toMatch(/100 seats/);
    expect(mail.text).toContain(refLink);
    expect(mail.html).toContain(`href="${refLink}"`);
  });

  it("tennis prelaunch next steps name Practice, Compete and Champion, upgrade anytime", async () => {
    const mail = await renderEmail("prelaunch", "tennis", { origin, selectedPlan: "Compete" });
    expect(mail.text).toMatch(/Practice, Compete or Champion\. You can upgrade anytime/);
    expect(mail.text).toMatch(/early-access date and a free 7-day training plan/i);
    expect(mail.text).toMatch(/Start daily drills/i);
  });

  it("links keep the champion variant and unsafe links are replaced", async () => {
    const mail = await renderEmail("guide", "icehockey", { origin, refLink: "javascript:alert(1)" });
    expect(mail.html).toContain("https://site.example/form?domain=champion&amp;sport=icehockey");
    expect(mail.html).not.toContain('href="javascript:');
  });

  it("welcome shows 'Not selected' without a plan and a dashboard button to the app", async () => {
    const mail = await renderEmail("welcome", "tennis", {
      origin,
      appUrl: "https://app.aiparenting.example/login",
    });
    expect(mail.text).toContain("Your plan: Not selected");
    expect(mail.html).toContain('href="https://app.aiparenting.example/login"');
    expect(mail.text).toMatch(/Set up your profile/);
  });

  it("tips mention 10 minutes a day", async () => {
    const mail = await renderEmail("tips", "genius", { origin });
    expect(mail.text).toMatch(/10 minutes a day/);
  });
});
