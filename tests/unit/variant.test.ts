import { describe, expect, it } from "vitest";
import { linkTo, absoluteLinkTo } from "~/utils/links";
import { contentKeyOf, leadTableOf, type Variant } from "~/utils/variant";
import { resolveVariant } from "~/utils/variant.server";

const env = {
  GENIUS_HOSTS: ["aiparenting.example", "www.aiparenting.example"],
  CHAMPION_HOSTS: ["champion.example"],
};
const resolve = (url: string) => resolveVariant(new URL(url), env);

describe("resolveVariant (SPEC 2.1)", () => {
  it.each<[string, string, Variant]>([
    ["genius host", "https://aiparenting.example/form", { domain: "genius" }],
    ["genius host ignores query", "https://www.aiparenting.example/?domain=champion&sport=tennis", { domain: "genius" }],
    ["champion host, default sport", "https://champion.example/", { domain: "champion", sport: "icehockey" }],
    ["champion host, tennis in path", "https://champion.example/tennis", { domain: "champion", sport: "tennis" }],
    ["champion host, tennis path prefix", "https://champion.example/tennis-camp/form", { domain: "champion", sport: "tennis" }],
    ["champion host, sport param", "https://champion.example/form?sport=tennis", { domain: "champion", sport: "tennis" }],
    ["champion host, unknown sport passes through", "https://champion.example/form?sport=golf", { domain: "champion", sport: "golf" }],
    ["champion host is case-insensitive", "https://CHAMPION.example/", { domain: "champion", sport: "icehockey" }],
    ["localhost, no params", "http://localhost:8787/", { domain: "genius" }],
    ["localhost, genius", "http://localhost:8787/?domain=genius", { domain: "genius" }],
    ["localhost, champion hockey", "http://localhost/?domain=champion&sport=icehockey", { domain: "champion", sport: "icehockey" }],
    ["127.0.0.1, champion tennis", "http://127.0.0.1:8787/form?domain=champion&sport=tennis", { domain: "champion", sport: "tennis" }],
    ["[::1], champion tennis", "http://[::1]:8787/?domain=champion&sport=tennis", { domain: "champion", sport: "tennis" }],
    ["loopback, unknown sport passes through", "http://127.0.0.1/?domain=champion&sport=golf", { domain: "champion", sport: "golf" }],
    ["loopback, champion without sport is genius", "http://127.0.0.1/?domain=champion", { domain: "genius" }],
    ["loopback, sport without domain is genius", "http://127.0.0.1/?sport=tennis", { domain: "genius" }],
    ["unknown host", "https://example.org/?domain=champion&sport=tennis", { domain: "genius" }],
  ])("%s", (_name, url, expected) => {
    expect(resolve(url)).toEqual(expected);
  });
});

describe("linkTo (SPEC 2.1)", () => {
  const genius: Variant = { domain: "genius" };
  const hockey: Variant = { domain: "champion", sport: "icehockey" };
  const tennis: Variant = { domain: "champion", sport: "tennis" };
  const golf: Variant = { domain: "champion", sport: "golf" };

  it.each<[Variant, string, Record<string, string> | undefined, string]>([
    [genius, "form", undefined, "/form"],
    [genius, "Plans", undefined, "/plans"],
    [genius, "Guide Form", undefined, "/guide-form"],
    [genius, "signup confirm", undefined, "/signup-confirm"],
    [genius, "home", undefined, "/"],
    [genius, "", undefined, "/"],
    [genius, "home", { r: "ABCDEFGH" }, "/?r=ABCDEFGH"],
    [hockey, "form", undefined, "/form?domain=champion&sport=icehockey"],
    [tennis, "Plans", undefined, "/plans?domain=champion&sport=tennis"],
    [tennis, "home", undefined, "/?domain=champion&sport=tennis"],
    [tennis, "home", { r: "ABCDEFGH" }, "/?domain=champion&sport=tennis&r=ABCDEFGH"],
    [golf, "tips form", undefined, "/tips-form?domain=champion&sport=golf"],
    [genius, "plans", { cycle: "yearly", empty: "" }, "/plans?cycle=yearly"],
  ])("%o %s %o -> %s", (variant, page, params, expected) => {
    expect(linkTo(variant, page, params)).toBe(expected);
  });

  it("builds absolute links from an origin", () => {
    expect(absoluteLinkTo("https://champion.example/", tennis, "guide", { r: "X" })).toBe(
      "https://champion.example/guide?domain=champion&sport=tennis&r=X",
    );
  });
});

describe("lead table and content key", () => {
  it.each<[Variant, string, string]>([
    [{ domain: "genius" }, "leads", "genius"],
    [{ domain: "champion", sport: "icehockey" }, "leads_icehockey", "icehockey"],
    [{ domain: "champion", sport: "tennis" }, "leads_tennis", "tennis"],
    [{ domain: "champion", sport: "golf" }, "leads", "genius"],
  ])("%o -> %s / %s", (variant, table, key) => {
    expect(leadTableOf(variant)).toBe(table);
    expect(contentKeyOf(variant)).toBe(key);
  });
});

describe("resolveVariant on a preview (PREVIEW_MODE=on)", () => {
  const preview = { ...env, PREVIEW_MODE: "on" as const };
  const PREVIEW_HOST = "https://qa-branch-parent-coach-funnel-production.team.workers.dev";
  it.each<[string, string, Variant]>([
    ["preview host, no params", `${PREVIEW_HOST}/`, { domain: "genius" }],
    ["preview host, champion hockey", `${PREVIEW_HOST}/form?domain=champion&sport=icehockey`, { domain: "champion", sport: "icehockey" }],
    ["preview host, champion tennis", `${PREVIEW_HOST}/?domain=champion&sport=tennis`, { domain: "champion", sport: "tennis" }],
    ["preview host, sport without domain", `${PREVIEW_HOST}/?sport=tennis`, { domain: "genius" }],
    ["genius host keeps its rule", "https://aiparenting.example/?domain=champion&sport=tennis", { domain: "genius" }],
    [
      "champion host keeps its rule",
      "https://champion.example/tennis?domain=champion&sport=icehockey",
      { domain: "champion", sport: "tennis" },
    ],
  ])("%s", (_name, url, expected) => {
    expect(resolveVariant(new URL(url), preview)).toEqual(expected);
  });

  it("leaves an unknown host genius when preview mode is off", () => {
    expect(resolveVariant(new URL(`${PREVIEW_HOST}/?domain=champion&sport=tennis`), { ...env, PREVIEW_MODE: "off" })).toEqual({
      domain: "genius",
    });
  });
});
