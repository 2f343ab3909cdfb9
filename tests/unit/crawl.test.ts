import { describe, expect, it } from "vitest";
import { robotsTxt, sitemapXml } from "~/crawl/crawl.server";
import { readFileSync } from "node:fs";
import { qaPagesEnabled, QA_PAGE_PATHS } from "~/qa/qa.server";
import type { Variant } from "~/utils/variant";

const genius: Variant = { domain: "genius" };
const tennis: Variant = { domain: "champion", sport: "tennis" };
const hockey: Variant = { domain: "champion", sport: "icehockey" };

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);

describe("sitemap.xml", () => {
  it("lists the genius public pages with plain absolute URLs", () => {
    expect(locs(sitemapXml("https://aiparenting.example", genius))).toEqual([
      "https://aiparenting.example/",
      "https://aiparenting.example/form",
      "https://aiparenting.example/pricing",
      "https://aiparenting.example/faq",
      "https://aiparenting.example/privacy",
      "https://aiparenting.example/terms",
      "https://aiparenting.example/guide",
      "https://aiparenting.example/tips",
    ]);
  });

  it("lists the champion pages with the variant's link-builder URLs, XML-escaped", () => {
    const xml = sitemapXml("https://champion.example", tennis);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(locs(xml)).toContain("https://champion.example/faq?domain=champion&amp;sport=tennis");
    expect(locs(xml)).toHaveLength(8);
    expect(xml).not.toMatch(/&(?!amp;)/);
    expect(xml).not.toContain("test-");
  });
});

describe("robots.txt", () => {
  it("allows public pages and disallows QA pages, admin, dev tools and the API", () => {
    const robots = robotsTxt("https://aiparenting.example", genius);
    expect(robots).toContain("User-agent: *\nAllow: /\n");
    for (const path of [...QA_PAGE_PATHS, "/admin", "/dev", "/api"]) {
      expect(robots).toContain(`Disallow: ${path}\n`);
    }
    expect(robots).not.toMatch(/Disallow: \/(faq|pricing|form|privacy|terms|guide|tips)\b/);
    expect(robots).toContain("Sitemap: https://aiparenting.example/sitemap.xml\n");
  });

  it("points a champion host at the sitemap of each sport edition", () => {
    for (const variant of [hockey, tennis]) {
      const robots = robotsTxt("https://champion.example", variant);
      expect(robots).toContain("Sitemap: https://champion.example/sitemap.xml?domain=champion&sport=icehockey");
      expect(robots).toContain("Sitemap: https://champion.example/sitemap.xml?domain=champion&sport=tennis");
    }
  });
});

describe("robots.txt on a preview (PREVIEW_MODE=on)", () => {
  it("disallows everything and names no sitemap", () => {
    for (const variant of [genius, hockey, tennis]) {
      const robots = robotsTxt("https://qa.team.workers.dev", variant, { preview: true });
      expect(robots).toBe("User-agent: *\nDisallow: /\n");
    }
  });
});

describe("QA page switch", () => {
  it("is on by default and off only with QA_PAGES=off", () => {
    expect(qaPagesEnabled({ QA_PAGES: "on" })).toBe(true);
    expect(qaPagesEnabled({ QA_PAGES: "off" })).toBe(false);
  });

  it("is off in the production deployment's configuration", () => {
    const toml = readFileSync(new URL("../../wrangler.toml", import.meta.url), "utf8");
    const production = toml.slice(toml.indexOf("[env.production.vars]"));
    expect(production.split("\n[")[0]).toMatch(/^QA_PAGES = "off"$/m);
  });
});
