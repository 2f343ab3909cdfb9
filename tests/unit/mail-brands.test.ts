import { describe, expect, it } from "vitest";
import { brandByVariant, contentByVariant, type ContentKey } from "#content/index";
import { EMAIL_TEMPLATES } from "#content/schemas/emails";
import { renderEmail } from "#emails/render.server";
import { sampleEmailData, sampleUnsubscribeLink } from "#emails/sample-data";
import { envelopeOf } from "~/mail/envelope.server";
import { variantKey } from "~/utils/variant";
import { variantOfContentKey } from "#emails/variant-of-key";

const KEYS: ContentKey[] = ["genius", "icehockey", "tennis"];
const origin = "https://site.example";

/** What a parent recognises a brand by: its names, its social handle and its own colours. */
function marksOf(key: ContentKey): string[] {
  const { site } = contentByVariant[key];
  const { colors } = brandByVariant[key];
  return [
    site.title,
    site.wordmark,
    site.social.handle,
    colors.brand,
    colors.brandStrong,
    colors.brandSoft,
    colors.accent,
    colors.highlight,
  ];
}

/** Another brand's marks this brand does not share (the two sports share the champion handle). */
function foreignMarks(key: ContentKey): string[] {
  const own = new Set(marksOf(key).map((mark) => mark.toLowerCase()));
  const others = KEYS.filter((other) => other !== key).flatMap(marksOf);
  // "AI Parenting" is part of "AI Parenting Genius": a longer own name is no foreign mark.
  return [...new Set(others)].filter((mark) => !own.has(mark.toLowerCase()));
}

describe("every mail goes out in the brand the parent signed up in", () => {
  const cases = KEYS.flatMap((key) => EMAIL_TEMPLATES.map((name) => [name, key] as const));

  it.each(cases)("%s for %s names no other brand, handle or colour", async (name, key) => {
    const data = sampleEmailData(key, origin, "https://app.example/login");
    // The data controller is one legal entity for every brand, named by configuration: not a brand's mark.
    const controller = { name: "Example Data Ltd", address: "1 Example Street", email: "privacy@site.example" };
    const mail = await renderEmail(name, key, { ...data, controller, unsubscribeLink: sampleUnsubscribeLink(key, origin) });
    const envelope = await envelopeOf(
      { MAIL_FROM: "Mail <mail@site.example>", SESSION_SECRET: "x".repeat(32) },
      { template: name, variant: variantKey(variantOfContentKey(key)), recipient: "parent@example.com", origin, render_input: null },
    );
    const seen = [mail.subject, mail.html, mail.text, envelope.from, envelope.replyTo].join("\n").toLowerCase();
    const found = foreignMarks(key).filter((mark) => seen.includes(mark.toLowerCase()));
    expect(found).toEqual([]);
    expect(mail.subject + mail.text).toContain(contentByVariant[key].site.title);
  });
});
