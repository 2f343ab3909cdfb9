import { describe, expect, it } from "vitest";
import { planEdgeCache, type EdgePlan } from "~/edge/edge-cache.server";

const env: Parameters<typeof planEdgeCache>[1] = {
  GENIUS_HOSTS: ["aiparenting.example"],
  CHAMPION_HOSTS: ["champion.example"],
  PREVIEW_MODE: "off",
  LAUNCH_MODE: "live",
};
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

function plan(url: string, init: RequestInit = {}, overrides: Partial<typeof env> = {}, deployment = "v1") {
  const headers = { "User-Agent": BROWSER, ...(init.headers as Record<string, string>) };
  return planEdgeCache(new Request(url, { ...init, headers }), { ...env, ...overrides }, deployment);
}
function cached(result: EdgePlan) {
  if (!result.cache) throw new Error("expected a cached page");
  return result;
}
const keyOf = (url: string, init?: RequestInit, deployment?: string) => cached(plan(url, init, {}, deployment)).key.url;

describe("which requests get the edge-cached page, and under which key", () => {
  it("caches the public pages and a sport edition's landing path, and nothing else", () => {
    for (const path of ["/", "/faq", "/pricing", "/privacy", "/terms", "/guide", "/tips"])
      expect(plan(`https://aiparenting.example${path}`).cache).toBe(true);
    expect(plan("https://champion.example/tennis").cache).toBe(true);
    for (const path of ["/tennis", "/form", "/status?t=x", "/guide-form", "/admin/leads", "/faq.data", "/_root.data", "/nowhere"])
      expect(plan(`https://aiparenting.example${path}`).cache, path).toBe(false);
  });

  it("keeps one landing page per public club (?club=), renders any other ?club= fresh", () => {
    const club = cached(plan("https://champion.example/tennis?club=tk-sparta&r=ABCD2345"));
    expect(club.key.url).toContain("?club=tk-sparta");
    expect(new URL(club.render.url).searchParams.get("club")).toBe("tk-sparta");
    expect(club.key.url).not.toBe(keyOf("https://champion.example/tennis"));
    for (const url of ["https://champion.example/tennis?club=Not%20A%20Slug", "https://champion.example/faq?club=tk-sparta"])
      expect(plan(url).cache, url).toBe(false);
  });

  it("never caches a POST, a HEAD or a preview", () => {
    expect(plan("https://aiparenting.example/", { method: "POST", body: "x" }).cache).toBe(false);
    expect(plan("https://aiparenting.example/", { method: "HEAD" }).cache).toBe(false);
    expect(planEdgeCache(new Request("https://x.workers.dev/"), { ...env, PREVIEW_MODE: "on" }, "v1").cache).toBe(false);
  });

  it("keys by host, variant and path: two brand hosts never share a page", () => {
    const keys = [
      keyOf("https://aiparenting.example/"),
      keyOf("https://champion.example/"),
      keyOf("https://champion.example/?sport=tennis"),
      keyOf("https://champion.example/tennis"),
      keyOf("http://127.0.0.1:8788/?domain=champion&sport=tennis"),
      keyOf("http://127.0.0.1:8788/"),
      keyOf("https://aiparenting.example/faq"),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys[0]).toContain("/aiparenting.example/genius/unset/");
    expect(keys[2]).toContain("/champion.example/tennis/unset/?sport=tennis");
  });

  it("leaves tracking parameters out of the key, and hands ?r= and utm_* to the landed image", () => {
    const plain = keyOf("https://aiparenting.example/");
    const tracked = cached(plan("https://aiparenting.example/?utm_source=x&utm_campaign=spring&fbclid=abc&gclid=def&r=ABC123"));
    expect(tracked.key.url).toBe(plain);
    expect([...tracked.attribution]).toEqual([
      ["utm_source", "x"],
      ["utm_campaign", "spring"],
      ["r", "ABC123"],
    ]);
    // The share channel (issue 34) travels with ?r= to the landed image, out of the key.
    const shared = cached(plan("https://aiparenting.example/?r=ABC123&c=wa"));
    expect(shared.key.url).toBe(plain);
    expect([...shared.attribution]).toEqual([
      ["r", "ABC123"],
      ["c", "wa"],
    ]);
    // The render sees none of them.
    expect(tracked.render.url).toBe("https://aiparenting.example/");
    expect(keyOf("http://127.0.0.1:8788/?sport=tennis&utm_source=x&domain=champion")).toBe(
      keyOf("http://127.0.0.1:8788/?domain=champion&sport=tennis"),
    );
  });

  it("renders any other parameter fresh (it may change the page), and a link preview of a parent's shared link", () => {
    expect(plan("https://aiparenting.example/?consent=change").cache).toBe(false);
    expect(plan("https://aiparenting.example/?nocache=1").cache).toBe(false);
    expect(plan("https://aiparenting.example/?r=ABC123", { headers: { "User-Agent": "facebookexternalhit/1.1" } }).cache).toBe(false);
    expect(plan("https://aiparenting.example/?r=ABC123").cache).toBe(true);
  });

  it("keeps one copy per consent choice, and renders with the consent cookie alone: no session, no referrer", () => {
    const none = cached(plan("https://aiparenting.example/", { headers: { Cookie: "__session=secret-session" } }));
    const granted = cached(
      plan("https://aiparenting.example/", {
        headers: { Cookie: "__session=secret-session; consent=granted", Referer: "https://news.example/" },
      }),
    );
    const denied = cached(plan("https://aiparenting.example/", { headers: { Cookie: "consent=denied" } }));
    expect(new Set([none.key.url, granted.key.url, denied.key.url]).size).toBe(3);
    expect(none.render.headers.get("Cookie")).toBeNull();
    expect(granted.render.headers.get("Cookie")).toBe("consent=granted");
    expect(granted.render.headers.get("Referer")).toBeNull();
    expect(granted.key.url).toContain("/granted/");
  });

  it("puts the deployment and the launch mode in the key, so a deploy never serves an old page", () => {
    expect(keyOf("https://aiparenting.example/", undefined, "v1")).not.toBe(keyOf("https://aiparenting.example/", undefined, "v2"));
    const waitlist = cached(plan("https://aiparenting.example/", {}, { LAUNCH_MODE: "waitlist" })).key.url;
    expect(waitlist).not.toBe(keyOf("https://aiparenting.example/"));
  });
});
