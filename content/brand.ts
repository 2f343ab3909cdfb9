import { brand as championBrand } from "./champion/brand";
import { brand as geniusBrand } from "./genius/brand";
import { brand as icehockeyBrand } from "./icehockey/brand";
import { mergeLayers } from "./layers";
import type { Brand } from "./schemas/brand";
import { brand as tennisBrand } from "./tennis/brand";

type BrandKey = "genius" | "icehockey" | "tennis";

/**
 * Each variant's brand tokens. Kept apart from content/index.ts so the root layout can import them
 * without the page copy.
 */
export const brandByVariant: Record<BrandKey, Brand> = {
  genius: geniusBrand,
  icehockey: mergeLayers<Brand>(championBrand, icehockeyBrand),
  tennis: mergeLayers<Brand>(championBrand, tennisBrand),
};

/** The inline colours and heading type of a brand's mails (mail clients ignore style sheets). */
export function emailStyles(brand: Brand) {
  const { brand: main, brandStrong, brandSoft, accent, text, muted, background } = brand.colors;
  return {
    brand: main,
    brandStrong,
    brandSoft,
    accent,
    text,
    muted,
    background,
    headingFont: brand.type.headingFont,
    headingCase: brand.type.headingCase,
  };
}

/**
 * The custom properties app/styles/app.css builds the Tailwind brand colours and the heading type
 * from, for the root layout's <style>: in the document head, so the first paint has the brand.
 */
export function brandCss(brand: Brand): string {
  const { colors, type } = brand;
  const properties = {
    "--brand": colors.brand,
    "--brand-strong": colors.brandStrong,
    "--brand-soft": colors.brandSoft,
    "--accent": colors.accent,
    "--highlight": colors.highlight,
    "--brand-font": type.headingFont,
    "--brand-heading-case": type.headingCase,
    "--brand-heading-tracking": type.headingTracking,
  };
  // Token values are checked by content/schemas/brand.ts; none can close the rule or the element.
  return `:root{${Object.entries(properties)
    .map(([name, value]) => `${name}:${value}`)
    .join(";")}}`;
}
