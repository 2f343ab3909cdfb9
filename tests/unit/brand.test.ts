import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { brandByVariant, brandCss, emailStyles } from "#content/brand";
import { contentByVariant, getPage, type ContentKey } from "#content/index";
import { brandSchema, type Brand } from "#content/schemas/brand";

const keys: ContentKey[] = ["genius", "icehockey", "tennis"];

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** The text/background pairs the site and the mails draw with each brand's tokens. */
function textPairs(brand: Brand): [string, string, string][] {
  const c = brand.colors;
  const white = "#ffffff";
  return [
    ["white on brand (buttons)", white, c.brand],
    ["white on brand-strong (button hover)", white, c.brandStrong],
    ["brand on white (links)", c.brand, white],
    ["brand-strong on white", c.brandStrong, white],
    ["brand on brand-soft", c.brand, c.brandSoft],
    ["brand-strong on brand-soft (badges, panels)", c.brandStrong, c.brandSoft],
    ["accent on white", c.accent, white],
    ["text on white", c.text, white],
    ["text on mail background", c.text, c.background],
    ["muted on white", c.muted, white],
    ["muted on mail background", c.muted, c.background],
    ["brand-strong on mail background (mail links)", c.brandStrong, c.background],
    // The site's body copy (slate-700) over the soft hero gradient.
    ["slate-700 on brand-soft", "#334155", c.brandSoft],
  ];
}

describe("brand tokens", () => {
  it.each(keys)("%s: tokens match the schema", (key) => {
    expect(() => brandSchema.parse(brandByVariant[key])).not.toThrow();
  });

  it.each(keys)("%s: the site's CSS and the mails' colours come from the same tokens", (key) => {
    const brand = brandByVariant[key];
    const css = brandCss(brand);
    const { colors } = brand;
    expect(css).toContain(`--brand:${colors.brand};`);
    expect(css).toContain(`--brand-strong:${colors.brandStrong};`);
    expect(css).toContain(`--brand-soft:${colors.brandSoft};`);
    expect(css).toContain(`--accent:${colors.accent};`);
    expect(css).toContain(`--brand-font:${brand.type.headingFont};`);
    expect(css).toMatch(/^:root\{[^{}<>]*\}$/);
    const expected = emailStyles(brand);
    for (const [name, mail] of Object.entries(getPage(key, "emails"))) {
      if (!mail || !("template" in mail)) continue;
      // Welcome exists only in genius: the sports send genius's (its brand).
      const owner = contentByVariant[key].emails?.[name as "prelaunch"] ? key : "genius";
      expect(mail.template.styles, `${key} ${name}`).toEqual(owner === key ? expected : emailStyles(brandByVariant.genius));
    }
  });

  it.each(keys)("%s: every text colour pair meets WCAG AA (4.5:1)", (key) => {
    const failing = textPairs(brandByVariant[key])
      .map(([pair, fg, bg]) => [pair, Math.round(contrast(fg, bg) * 100) / 100] as const)
      .filter(([, ratio]) => ratio < 4.5);
    expect(failing).toEqual([]);
  });

  it("gives the three brands different palettes, marks and heading fonts", () => {
    for (const token of [
      (b: Brand) => b.colors.brand,
      (b: Brand) => b.colors.brandSoft,
      (b: Brand) => b.mark,
      (b: Brand) => b.type.headingFont,
    ]) {
      expect(new Set(keys.map((key) => token(brandByVariant[key]))).size).toBe(3);
    }
  });

  it("the contrast helper agrees with known WCAG values", () => {
    expect(contrast("#ffffff", "#000000")).toBeCloseTo(21, 5);
    expect(contrast("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
  });
});

describe("generated images", () => {
  it("scripts/make-images.mjs draws each variant in its brand tokens' colours", () => {
    const script = readFileSync(new URL("../../scripts/make-images.mjs", import.meta.url), "utf8");
    for (const key of keys) {
      const block = new RegExp(`\\b${key}: \\{\\s*brand: "(#\\w+)",\\s*soft: "(#\\w+)",\\s*strong: "(#\\w+)"`).exec(script);
      const { colors } = brandByVariant[key];
      expect(block?.slice(1), key).toEqual([colors.brand, colors.brandSoft, colors.brandStrong]);
    }
  });
});
