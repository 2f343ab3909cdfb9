import { describe, expect, it } from "vitest";
import { base64url, fromBase64url } from "~/platform/crypto.server";

/** base64url as the signed links, tokens and form stamps use it: one spelling per byte string. */
describe("fromBase64url", () => {
  it("reads back what base64url wrote, for every length", () => {
    for (let length = 1; length < 40; length++) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 37 + length) & 255);
      const encoded = base64url(bytes);
      expect(Array.from(fromBase64url(encoded) ?? [0xff, 0xff]), encoded).toEqual(Array.from(bytes));
    }
  });

  it("refuses a spelling whose last character sets unused bits (another text for the same bytes)", () => {
    // One byte is 2 characters; the second carries 2 bits and 4 unused ones: "AA" is canonical, "AB" not.
    expect(fromBase64url("AA")).toEqual(new Uint8Array([0]));
    expect(fromBase64url("AB")).toBeNull();
    // Two bytes are 3 characters with 2 unused bits.
    expect(fromBase64url("AAA")).toEqual(new Uint8Array([0, 0]));
    expect(fromBase64url("AAB")).toBeNull();
    const mac = base64url(new Uint8Array(32).fill(7));
    const twin = mac.slice(0, -1) + String.fromCharCode(mac.charCodeAt(mac.length - 1) ^ 1);
    expect(fromBase64url(twin)).toBeNull();
  });

  it("refuses padding, the standard alphabet's + and /, and impossible lengths", () => {
    for (const bad of ["AA==", "a+b/", "A", "AAAAA", "", "AA AA"]) expect(fromBase64url(bad), bad).toBeNull();
  });
});
