import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { ContentKey } from "#content/index";
import { EMAIL_TEMPLATES } from "#content/schemas/emails";
import { renderEmail } from "#emails/render.server";

/**
 * The waitlist e-mail has one job, confirming the address; and the parent's own link to share is a
 * share link everywhere: "invite" belongs to the wave invite (docs/decisions/025-waves-and-invites.md).
 */
const KEYS: ContentKey[] = ["genius", "icehockey", "tennis"];
const origin = "https://site.example";
const links = {
  origin,
  selectedPlan: "Compete",
  refLink: `${origin}/?r=ABCD2345`,
  verifyLink: `${origin}/verify-email?t=verify.token`,
  statusLink: `${origin}/status?t=status.token`,
  appUrl: "https://app.example/login",
  place: 12,
};

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&#\d+;/g, "")
    .replace(/\s+/g, " ")
    .trim();
/** The mail's buttons (react-email's Button is the only inline-block link), in order. */
const buttonsOf = (html: string) => [...html.matchAll(/<a\b[^>]*display:inline-block[^>]*>([\s\S]*?)<\/a>/g)].map((m) => text(m[1]));
/** The preheader: the hidden first line a mail client shows after the subject. */
const preheaderOf = (html: string) => text(/<div[^>]*display:none[^>]*>([^<]*)/.exec(html)?.[1] ?? "");

describe.each(KEYS)("the waitlist e-mail for %s", (key) => {
  it("puts the confirm button first and says in its preheader that the address must be confirmed", async () => {
    const mail = await renderEmail("prelaunch", key, links);
    const buttons = buttonsOf(mail.html);
    expect(buttons[0]).toBe("Confirm my e-mail");
    expect(mail.html).toMatch(new RegExp(`<a\\b[^>]*href="${links.verifyLink.replace(/[.?]/g, "\\$&")}"[^>]*display:inline-block`));
    expect(preheaderOf(mail.html)).toMatch(/confirm your e-mail/i);
    // The parent's own link is named for what it is.
    expect(mail.text).toContain(`Your personal share link: ${links.refLink}`);
    expect(buttons).toContain("Open your share link");
  });
});

describe("the parent's share link is never called an invite", () => {
  const cases = KEYS.flatMap((key) => EMAIL_TEMPLATES.filter((name) => name !== "invite").map((name) => [name, key] as const));

  it.each(cases)("%s e-mail for %s", async (name, key) => {
    const mail = await renderEmail(name, key, links);
    expect(mail.text).not.toMatch(/invit/i);
  });

  it("no page or e-mail copy says 'invite link' but the wave invite's own", () => {
    const fixture = JSON.parse(readFileSync(fileURLToPath(new URL("./fixtures/content-output.json", import.meta.url)), "utf8"));
    const found: string[] = [];
    const walk = (value: unknown, path: string[]) => {
      if (typeof value === "string") {
        if (/invite link/i.test(value)) found.push(`${path.join(".")}: ${value}`);
      } else if (value && typeof value === "object") {
        for (const [key, item] of Object.entries(value)) walk(item, [...path, key]);
      }
    };
    walk(fixture, []);
    // The wave invite's page (waitlist) and e-mail name the real invite link.
    const waveInvite = (entry: string) => /\.waitlist\.|\.emails\.invite\./.test(entry);
    expect(found.filter((entry) => !waveInvite(entry))).toEqual([]);
  });
});
