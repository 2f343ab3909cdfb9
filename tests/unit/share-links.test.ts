import { describe, expect, it } from "vitest";
import { absoluteLinkTo, shareChannel, shareLinks, tagShareLink } from "~/utils/links";
import { GENIUS, type Variant } from "~/utils/variant";

const TENNIS: Variant = { domain: "champion", sport: "tennis" };
const origin = "https://site.example";
const text = { message: "Join me & my kids here: {link}", subject: "Early access? Yes!" };

describe("share links (issue 34: one-tap sharing with a channel tag)", () => {
  const refLink = absoluteLinkTo(origin, GENIUS, "home", { r: "ABCD2345" });

  it("tags the referral link with its channel, keeping the variant's params", () => {
    expect(tagShareLink(refLink, "wa")).toBe(`${origin}/?r=ABCD2345&c=wa`);
    const tennis = absoluteLinkTo(origin, TENNIS, "home", { r: "ABCD2345" });
    expect(tagShareLink(tennis, "sms")).toBe(`${origin}/?domain=champion&sport=tennis&r=ABCD2345&c=sms`);
    expect(tagShareLink(`${origin}/?r=ABCD2345&c=fb`, "x")).toBe(`${origin}/?r=ABCD2345&c=x`);
  });

  it("builds each channel's URL with the encoded message and its own c= tag", () => {
    const links = shareLinks(refLink, text);
    const tagged = (c: string) => `${origin}/?r=ABCD2345&c=${c}`;
    const msg = (c: string) => encodeURIComponent(`Join me & my kids here: ${tagged(c)}`);
    expect(links.wa).toBe(`https://wa.me/?text=${msg("wa")}`);
    expect(links.fb).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(tagged("fb"))}`);
    expect(links.x).toBe(
      `https://x.com/intent/post?text=${encodeURIComponent("Join me & my kids here:")}&url=${encodeURIComponent(tagged("x"))}`,
    );
    expect(links.email).toBe(`mailto:?subject=${encodeURIComponent("Early access? Yes!")}&body=${msg("email")}`);
    expect(links.sms).toBe(`sms:?&body=${msg("sms")}`);
    expect(links.copy).toBe(`Join me & my kids here: ${tagged("copy")}`);
    // Decoded back, each message carries its channel's tag and nothing breaks the query.
    expect(new URL(links.wa).searchParams.get("text")).toContain("&c=wa");
    expect(new URL(links.x).searchParams.get("url")).toBe(tagged("x"));
  });

  it("keeps only known channels", () => {
    expect(shareChannel("wa")).toBe("wa");
    expect(shareChannel(" EMAIL ")).toBe("email");
    for (const bad of ["", null, undefined, "whatsapp", "tiktok", "<script>", "wa;x"]) expect(shareChannel(bad)).toBeNull();
  });
});
