import { describe, expect, it } from "vitest";
import { bannerAllowed, currentPageLink, shouldShowBanner } from "~/consent/consent";
import {
  activePixelId,
  consentCookie,
  PIXEL_HOSTS,
  pixelIdFor,
  readConsent,
  safeRedirectPath,
  trackingHostsFor,
} from "~/consent/consent.server";
import { contentSecurityPolicy } from "~/utils/security.server";
import type { Variant } from "~/utils/variant";

const genius: Variant = { domain: "genius" };
const hockey: Variant = { domain: "champion", sport: "icehockey" };
const tennis: Variant = { domain: "champion", sport: "tennis" };
const env = { PIXEL_ID_GENIUS: "111111111111111", PIXEL_ID_CHAMPION: "222222222222222" };

describe("readConsent", () => {
  it.each<[string | null, string | null]>([
    [null, null],
    ["", null],
    ["consent=granted", "granted"],
    ["consent=denied", "denied"],
    ["__session=abc; consent=granted; other=1", "granted"],
    ["  consent=denied  ", "denied"],
    ["consent=yes", null],
    ["myconsent=granted", null],
    ["consent=", null],
  ])("%j -> %j", (header, expected) => {
    expect(readConsent(header)).toBe(expected);
  });
});

describe("consentCookie", () => {
  it("lasts a year, site-wide, SameSite=Lax, Secure off localhost only", () => {
    const local = consentCookie("granted", new URL("http://127.0.0.1:8787/faq"));
    expect(local).toContain("consent=granted");
    expect(local).toContain("Max-Age=31536000");
    expect(local).toContain("Path=/");
    expect(local).toContain("SameSite=Lax");
    expect(local).not.toContain("Secure");
    expect(consentCookie("denied", new URL("https://champion.example/"))).toMatch(/consent=denied;.*; Secure$/);
  });
});

describe("pixel id and CSP hosts", () => {
  it("uses the genius id for genius and the champion id for both sport editions", () => {
    expect(pixelIdFor(genius, env)).toBe("111111111111111");
    expect(pixelIdFor(hockey, env)).toBe("222222222222222");
    expect(pixelIdFor(tennis, env)).toBe("222222222222222");
  });

  it("has no pixel when the variant's id is unset or not numeric", () => {
    expect(pixelIdFor(genius, { PIXEL_ID_GENIUS: undefined, PIXEL_ID_CHAMPION: "222222222222222" })).toBeUndefined();
    expect(pixelIdFor(tennis, { PIXEL_ID_GENIUS: "111111111111111", PIXEL_ID_CHAMPION: undefined })).toBeUndefined();
    expect(pixelIdFor(genius, { PIXEL_ID_GENIUS: "1');alert(1)//", PIXEL_ID_CHAMPION: undefined })).toBeUndefined();
  });

  it("renders the pixel and allows the provider only after consent is granted", () => {
    expect(activePixelId("consent=granted", tennis, env)).toBe("222222222222222");
    expect(trackingHostsFor("consent=granted", genius, env)).toEqual(PIXEL_HOSTS);
    for (const cookie of [null, "consent=denied", "consent=maybe"]) {
      expect(activePixelId(cookie, genius, env)).toBeUndefined();
      expect(trackingHostsFor(cookie, genius, env)).toEqual([]);
    }
    expect(trackingHostsFor("consent=granted", genius, { PIXEL_ID_GENIUS: undefined, PIXEL_ID_CHAMPION: undefined })).toEqual([]);
  });

  it("puts the provider in script-src, img-src and connect-src only when given", () => {
    const without = contentSecurityPolicy({ nonce: "n", trackingHosts: trackingHostsFor(null, genius, env) });
    expect(without).not.toContain("facebook");
    const withPixel = contentSecurityPolicy({
      nonce: "n",
      trackingHosts: trackingHostsFor("consent=granted", genius, env),
    });
    for (const directive of ["script-src", "img-src", "connect-src"]) {
      const line = withPixel.split("; ").find((part) => part.startsWith(directive));
      expect(line).toContain("https://connect.facebook.net");
      expect(line).toContain("https://www.facebook.com");
    }
  });
});

describe("safeRedirectPath", () => {
  it.each<[unknown, string]>([
    ["/faq", "/faq"],
    ["/faq?domain=champion&sport=tennis", "/faq?domain=champion&sport=tennis"],
    ["/", "/"],
    ["//evil.example/x", "/home-fallback"],
    ["/\\evil.example", "/home-fallback"],
    ["https://evil.example/", "/home-fallback"],
    ["javascript:alert(1)", "/home-fallback"],
    ["faq", "/home-fallback"],
    ["/faq\r\nSet-Cookie: x=1", "/home-fallback"],
    [undefined, "/home-fallback"],
    [42, "/home-fallback"],
  ])("%j -> %s", (value, expected) => {
    expect(safeRedirectPath(value, "/home-fallback")).toBe(expected);
  });
});

describe("banner links", () => {
  it("returns to the current page in the variant, without the banner switch", () => {
    expect(currentPageLink(tennis, { pathname: "/faq", search: "?domain=champion&sport=tennis&consent=change" })).toBe(
      "/faq?domain=champion&sport=tennis",
    );
    expect(currentPageLink(genius, { pathname: "/guide", search: "?r=ABCDEFGH" }, { consent: "change" })).toBe(
      "/guide?r=ABCDEFGH&consent=change",
    );
  });

  it("shows the banner until a choice exists, and again with ?consent=change", () => {
    expect(shouldShowBanner(null, "")).toBe(true);
    expect(shouldShowBanner("granted", "")).toBe(false);
    expect(shouldShowBanner("denied", "?domain=champion&sport=tennis")).toBe(false);
    expect(shouldShowBanner("denied", "?consent=change")).toBe(true);
  });

  it("never asks on the admin console, which loads no pixel; every public page asks", () => {
    expect(bannerAllowed("/admin/leads", ["root", "routes/admin/leads"])).toBe(false);
    expect(bannerAllowed("/ADMIN//analytics", ["root"])).toBe(false);
    expect(bannerAllowed("/somewhere", ["root", "routes/admin/analytics"])).toBe(false);
    for (const path of ["/", "/faq", "/signup", "/status", "/guide"])
      expect(bannerAllowed(path, ["root", `routes${path}`]), path).toBe(true);
  });
});
