import { describe, expect, it } from "vitest";
import { loaderArgs, rootPayload as rootPayloadOf } from "./helpers/loader-args";
import { signupConfirmUrl } from "~/auth/auth.server";
import { loader as testUrlsLoader } from "~/routes/qa/test-urls";
import { loader as robotsLoader } from "~/routes/robots";
import { loader as sitemapLoader } from "~/routes/sitemap";
import { seoMeta } from "~/utils/seo";
import { testContext } from "./helpers/context";

/**
 * Links we publish (canonical and sharing tags, robots.txt, sitemap.xml, the QA URL list, the
 * sign-up confirmation address) are built on the variant's configured origin: a request whose
 * Host header says evil.example must not put evil.example into any of them.
 */

const VARS = {
  GENIUS_HOSTS: "aiparenting.example,www.aiparenting.example",
  CHAMPION_HOSTS: "champion.example,www.champion.example",
  // Required off loopback: a sport landing (/tennis) opens the session to count the view.
  SESSION_SECRET: "public-origin-test-secret-0123456789abcdef",
};

const args = (url: string) => loaderArgs(url, VARS);

const rootPayload = (url: string) => rootPayloadOf(url, VARS);

const FORGED = [
  ["http://evil.example/faq", "https://aiparenting.example"],
  ["https://evil.example:8443/pricing?domain=champion&sport=tennis", "https://aiparenting.example"],
  ["https://www.champion.example/tennis", "https://champion.example"],
] as const;

describe("links published for a request with a forged or secondary Host", () => {
  it.each(FORGED)("root meta origin and canonical tags for %s", async (url, origin) => {
    const root = await rootPayload(url);
    expect(root.origin).toBe(origin);
    const meta = JSON.stringify(seoMeta({ root, page: "faq" }));
    expect(meta).not.toContain("evil.example");
    expect(meta).toContain(`"href":"${origin}/faq`);
  });

  it.each(FORGED)("robots.txt for %s", async (url, origin) => {
    const text = await (await robotsLoader(args(url))).text();
    expect(text).not.toContain("evil.example");
    expect(text).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });

  it.each(FORGED)("sitemap.xml for %s", async (url, origin) => {
    const xml = await (await sitemapLoader(args(url))).text();
    expect(xml).not.toContain("evil.example");
    expect(xml).toContain(`<loc>${origin}/`);
  });

  it.each(FORGED)("the /test-urls list for %s", async (url, origin) => {
    const result = (await testUrlsLoader(args(url))) as unknown as { data: { links: { absolute: string }[] } };
    const absolutes = result.data.links.map((link) => link.absolute);
    expect(absolutes.length).toBeGreaterThan(10);
    for (const link of absolutes) expect(link.startsWith(`${origin}/`), link).toBe(true);
  });

  it.each(FORGED)("the sign-up confirmation address for %s", (url, origin) => {
    const { ctx } = testContext(url, { DB: {}, ...VARS });
    const link = signupConfirmUrl(ctx);
    expect(link).not.toContain("evil.example");
    expect(link.startsWith(`${origin}/signup-confirm`)).toBe(true);
  });
});

describe("on loopback the request's own origin stays (local runs and tests)", () => {
  it("keeps 127.0.0.1 and its port everywhere", async () => {
    const url = "http://127.0.0.1:8805/faq?domain=champion&sport=tennis";
    expect((await rootPayload(url)).origin).toBe("http://127.0.0.1:8805");
    expect(await (await robotsLoader(args(url))).text()).toContain("Sitemap: http://127.0.0.1:8805/sitemap.xml");
    expect(signupConfirmUrl(testContext(url, { DB: {}, ...VARS }).ctx)).toBe(
      "http://127.0.0.1:8805/signup-confirm?domain=champion&sport=tennis",
    );
  });
});

describe("on a preview (PREVIEW_MODE=on) the preview's own origin stays", () => {
  const PREVIEW = { ...VARS, PREVIEW_MODE: "on" };
  const host = "https://qa-branch-parent-coach-funnel-production.team.workers.dev";

  it("mail and share links point at the preview host, never production's", () => {
    const { ctx } = testContext(`${host}/faq?domain=champion&sport=tennis`, { DB: {}, ...PREVIEW });
    expect(ctx.variant).toEqual({ domain: "champion", sport: "tennis" });
    expect(ctx.origin).toBe(host);
    expect(signupConfirmUrl(ctx)).toBe(`${host}/signup-confirm?domain=champion&sport=tennis`);
  });

  it("is no loopback host: no development secret, Secure cookies", () => {
    const { ctx } = testContext(`${host}/`, { DB: {}, ...PREVIEW });
    expect(ctx.isLocal).toBe(false);
  });

  it("publishes no canonical link and no og:url", async () => {
    const root = await rootPayload(`${host}/faq?domain=champion&sport=tennis`);
    const previewRoot = await rootPayloadOf(`${host}/faq?domain=champion&sport=tennis`, PREVIEW);
    expect(JSON.stringify(seoMeta({ root, page: "faq" }))).toContain('"canonical"');
    const meta = seoMeta({ root: previewRoot, page: "faq" });
    expect(meta.some((tag) => "rel" in tag && tag.rel === "canonical")).toBe(false);
    expect(meta.some((tag) => "property" in tag && tag.property === "og:url")).toBe(false);
    expect(JSON.stringify(meta)).not.toContain("champion.example");
  });

  it("production hosts keep their configured origin", () => {
    const { ctx } = testContext("https://www.champion.example/tennis", { DB: {}, ...PREVIEW });
    expect(ctx.origin).toBe("https://champion.example");
  });

  it("without preview mode an unknown host still gets the configured origin", () => {
    const { ctx } = testContext(`${host}/faq`, { DB: {}, ...VARS });
    expect(ctx.origin).toBe("https://aiparenting.example");
  });
});
