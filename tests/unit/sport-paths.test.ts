import { describe, expect, it } from "vitest";
import { loaderArgs, rootPayload as rootPayloadOf, type RootPayload } from "./helpers/loader-args";
import { loader as notFoundLoader } from "~/routes/not-found";
import { loader as sitemapLoader } from "~/routes/sitemap";
import { sitemapXml } from "~/crawl/crawl.server";
import { linkTo, publishedLinkTo } from "~/utils/links";
import { seoMeta } from "~/utils/seo";
import type { Variant } from "~/utils/variant";
import { isSportLanding, resolveVariant } from "~/utils/variant.server";

/**
 * The champion site serves each sport edition's landing page at its own path (/tennis, /icehockey):
 * a real page (200) whose canonical address is that path, listed in the sitemap. Loopback hosts keep
 * the parameter form, and links built by linkTo work from either form.
 */

const VARS = {
  GENIUS_HOSTS: "aiparenting.example,www.aiparenting.example",
  CHAMPION_HOSTS: "champion.example,www.champion.example",
  // The home page ("/") counts a landing view with the session's visit id, which off loopback needs a secret.
  SESSION_SECRET: "a-test-secret-of-at-least-thirty-two-characters",
};
const env = { GENIUS_HOSTS: ["aiparenting.example"], CHAMPION_HOSTS: ["champion.example"] };
const tennis: Variant = { domain: "champion", sport: "tennis" };
const hockey: Variant = { domain: "champion", sport: "icehockey" };

const args = (url: string) => loaderArgs(url, VARS);

const rootPayload = (url: string) => rootPayloadOf(url, VARS);

async function status(url: string): Promise<number> {
  const result = (await notFoundLoader(args(url))) as unknown as { init?: { status?: number } | null };
  return result.init?.status ?? 200;
}

const canonical = (root: RootPayload, page = "home") =>
  seoMeta({ root, page }).find((tag) => "rel" in tag && tag.rel === "canonical") as { href: string };

describe("isSportLanding", () => {
  it.each<[string, boolean]>([
    ["https://champion.example/tennis", true],
    ["https://champion.example/icehockey", true],
    ["https://champion.example/Tennis/", true],
    ["https://champion.example/tennis?sport=icehockey", true],
    ["https://champion.example/golf?sport=golf", false],
    ["https://champion.example/tennis-camp", false],
    ["https://aiparenting.example/tennis", false],
    ["https://evil.example/tennis", false],
    ["http://127.0.0.1:8920/tennis?domain=champion&sport=tennis", true],
    ["http://127.0.0.1:8920/tennis", false],
    ["http://127.0.0.1:8920/tennis?domain=champion&sport=icehockey", false],
  ])("%s -> %s", (url, expected) => {
    const parsed = new URL(url);
    expect(isSportLanding(parsed, resolveVariant(parsed, env))).toBe(expected);
  });
});

describe("sport landing pages answer 200, other unknown paths 404", () => {
  it.each<[string, number]>([
    ["https://champion.example/tennis", 200],
    ["https://champion.example/icehockey", 200],
    ["http://127.0.0.1:8920/tennis?domain=champion&sport=tennis", 200],
    ["https://aiparenting.example/tennis", 404],
    ["http://127.0.0.1:8920/tennis", 404],
    ["https://champion.example/nowhere", 404],
  ])("%s -> %i", async (url, expected) => {
    expect(await status(url)).toBe(expected);
  });
});

describe("canonical addresses on the champion site", () => {
  it("names the sport path for an edition's home, without parameters", async () => {
    expect(canonical(await rootPayload("https://champion.example/tennis")).href).toBe("https://champion.example/tennis");
    expect(canonical(await rootPayload("https://www.champion.example/icehockey")).href).toBe("https://champion.example/icehockey");
    // The default edition's root page, too: its published address is its own path.
    expect(canonical(await rootPayload("https://champion.example/")).href).toBe("https://champion.example/icehockey");
  });

  it("keeps the link builder's form for other pages and for loopback and genius hosts", async () => {
    expect(canonical(await rootPayload("https://champion.example/faq?sport=tennis"), "faq").href).toBe(
      "https://champion.example/faq?domain=champion&sport=tennis",
    );
    expect(canonical(await rootPayload("http://127.0.0.1:8920/tennis?domain=champion&sport=tennis")).href).toBe(
      "http://127.0.0.1:8920/?domain=champion&sport=tennis",
    );
    expect(canonical(await rootPayload("https://aiparenting.example/")).href).toBe("https://aiparenting.example/");
  });

  it("publishedLinkTo only changes an edition's home on the champion site", () => {
    expect(publishedLinkTo("https://champion.example", tennis, "home", true)).toBe("https://champion.example/tennis");
    expect(publishedLinkTo("https://champion.example", tennis, "home", false)).toBe(
      "https://champion.example/?domain=champion&sport=tennis",
    );
    expect(publishedLinkTo("https://champion.example", { domain: "champion", sport: "golf" }, "home", true)).toBe(
      "https://champion.example/?domain=champion&sport=golf",
    );
    expect(publishedLinkTo("https://champion.example", hockey, "faq", true)).toBe(
      "https://champion.example/faq?domain=champion&sport=icehockey",
    );
  });

  it("links from a sport path resolve to the same edition (path form and parameter form)", () => {
    for (const variant of [tennis, hockey]) {
      for (const page of ["home", "form", "faq"]) {
        const href = new URL(linkTo(variant, page), "https://champion.example/");
        expect(resolveVariant(href, env)).toEqual(variant);
      }
    }
  });
});

describe("sitemap on the champion site", () => {
  it("lists the edition's sport path instead of the root with parameters", async () => {
    const xml = await (await sitemapLoader(args("https://champion.example/sitemap.xml?domain=champion&sport=tennis"))).text();
    expect(xml).toContain("<loc>https://champion.example/tennis</loc>");
    expect(xml).not.toContain("<loc>https://champion.example/?");
    expect(xml).toContain("<loc>https://champion.example/faq?domain=champion&amp;sport=tennis</loc>");
  });

  it("keeps the parameter form off the champion site", () => {
    expect(sitemapXml("http://127.0.0.1:8920", hockey)).toContain("<loc>http://127.0.0.1:8920/?domain=champion&amp;sport=icehockey</loc>");
  });
});
