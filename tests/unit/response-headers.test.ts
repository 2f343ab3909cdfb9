import { readFileSync } from "node:fs";
import { redirect } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { secureResponse } from "~/platform/response-headers.server";

/**
 * Every response of the Worker carries the baseline security headers, whatever produced it;
 * pages and data that show a visitor's e-mail or data are never stored by a cache.
 */

const BASELINE = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
  "permissions-policy": "camera=(), microphone=(), geolocation=()",
};

const get = (path: string, origin = "http://127.0.0.1:8788") => new Request(`${origin}${path}`);

function expectBaseline(response: Response) {
  for (const [name, value] of Object.entries(BASELINE)) expect(response.headers.get(name), name).toBe(value);
}

describe("secureResponse: the baseline headers", () => {
  const cases: [string, () => Response, string][] = [
    ["a redirect from redirect()", () => redirect("/form"), "/roadmap"],
    ["a redirect with immutable headers", () => Response.redirect("http://127.0.0.1:8788/", 302), "/consent"],
    [".data (single fetch)", () => new Response("[]", { headers: { "Content-Type": "text/x-script" } }), "/faq.data"],
    ["CSV", () => new Response("a,b\n", { headers: { "Content-Type": "text/csv" } }), "/admin/leads.csv"],
    ["JSON", () => Response.json({ ok: false }, { status: 404 }), "/api/send-email"],
    ["robots.txt", () => new Response("User-agent: *", { headers: { "Cache-Control": "public, max-age=3600" } }), "/robots.txt"],
    ["sitemap.xml", () => new Response("<urlset/>", { headers: { "Content-Type": "application/xml" } }), "/sitemap.xml"],
    ["a 404 page", () => new Response("<!DOCTYPE html>", { status: 404, headers: { "Content-Type": "text/html" } }), "/nope"],
    ["an unexpected error", () => new Response("Unexpected Server Error", { status: 500 }), "/faq"],
    ["a refusal before Remix", () => new Response("Cross-origin form posts are not accepted.", { status: 403 }), "/consent"],
  ];

  it.each(cases)("on %s", (_name, make, path) => {
    const response = secureResponse(make(), get(path));
    expectBaseline(response);
  });

  it("keeps status, body and the other headers", async () => {
    const original = new Response("a,b\n", { status: 201, headers: { "Content-Type": "text/csv", "X-Extra": "1" } });
    const response = secureResponse(original, get("/admin/leads.csv"));
    expect(response.status).toBe(201);
    expect(response.headers.get("x-extra")).toBe("1");
    expect(await response.text()).toBe("a,b\n");
    const moved = secureResponse(Response.redirect("http://127.0.0.1:8788/form", 303), get("/consent"));
    expect(moved.status).toBe(303);
    expect(moved.headers.get("location")).toBe("http://127.0.0.1:8788/form");
  });

  it("never replaces the CSP a document set (its nonce and the pixel's hosts)", () => {
    const csp = "default-src 'self'; script-src 'self' 'nonce-abc' 'strict-dynamic' https://connect.facebook.net";
    const page = new Response("<!DOCTYPE html>", { headers: { "Content-Type": "text/html", "Content-Security-Policy": csp } });
    expect(secureResponse(page, get("/faq")).headers.get("content-security-policy")).toBe(csp);
  });

  it("gives a response without a CSP one that lets it run nothing and be framed nowhere", () => {
    const csp = secureResponse(Response.json([]), get("/dev/outbox.json")).headers.get("content-security-policy");
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it("adds HSTS off loopback only", () => {
    expect(secureResponse(new Response("x"), get("/faq")).headers.get("strict-transport-security")).toBeNull();
    expect(
      secureResponse(new Response("x"), get("/faq", "https://aiparenting.example")).headers.get("strict-transport-security"),
    ).toContain("max-age=");
  });
});

describe("secureResponse: noindex on a preview (PREVIEW_MODE=on)", () => {
  const PREVIEW = "https://qa-branch-parent-coach-funnel-production.team.workers.dev";
  const cases: [string, () => Response, string][] = [
    ["an HTML page", () => new Response("<!DOCTYPE html>", { headers: { "Content-Type": "text/html" } }), "/faq"],
    ["a redirect with immutable headers", () => Response.redirect(`${PREVIEW}/roadmap`, 303), "/form"],
    ["JSON", () => Response.json({ preview: true }), "/__version"],
    ["a 404 page", () => new Response("<!DOCTYPE html>", { status: 404, headers: { "Content-Type": "text/html" } }), "/nope"],
    ["a refusal before Remix", () => new Response("Cross-origin form posts are not accepted.", { status: 403 }), "/consent"],
  ];

  it.each(cases)("on %s", (_name, make, path) => {
    const response = secureResponse(make(), get(path, PREVIEW), { noindex: true });
    expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
  });

  it("replaces a milder robots header a route set", () => {
    const page = new Response("x", { headers: { "X-Robots-Tag": "noarchive" } });
    expect(secureResponse(page, get("/faq", PREVIEW), { noindex: true }).headers.get("x-robots-tag")).toBe("noindex, nofollow");
  });

  it("adds nothing without preview mode", () => {
    expect(secureResponse(new Response("x"), get("/faq", "https://aiparenting.example")).headers.get("x-robots-tag")).toBeNull();
    expect(
      secureResponse(new Response("x"), get("/faq", "https://aiparenting.example"), { noindex: false }).headers.get("x-robots-tag"),
    ).toBeNull();
  });
});

describe("secureResponse: no-store where a visitor's e-mail or data shows", () => {
  const PRIVATE = [
    "/form",
    "/form?step=2&domain=champion&sport=tennis",
    "/form.data",
    "/roadmap",
    "/roadmap.data",
    "/plans",
    "/confirm",
    "/confirm.data",
    "/guide-confirm",
    "/tips-confirm",
    "/tips-confirm.data",
    "/signup",
    "/signup?mode=signin",
    "/signup-confirm",
    "/signup-confirm.data",
    "/admin/leads",
    "/admin/leads.csv",
    "/admin/leads/123/edit",
    "/admin/leads.data",
    "/dev/outbox",
    "/dev/outbox.json",
    "/FORM",
    "/form/",
    "/%66orm",
  ];

  it.each(PRIVATE)("%s", (path) => {
    const cached = new Response("x", { headers: { "Cache-Control": "public, max-age=3600" } });
    expect(secureResponse(cached, get(path)).headers.get("cache-control")).toBe("no-store");
    expect(secureResponse(redirect("/form"), get(path)).headers.get("cache-control")).toBe("no-store");
  });

  it("keeps a stricter value a route already set", () => {
    const admin = new Response("x", { headers: { "Cache-Control": "private, no-store" } });
    expect(secureResponse(admin, get("/admin/leads")).headers.get("cache-control")).toBe("private, no-store");
  });

  it.each(["/", "/_root.data", "/faq", "/pricing", "/guide", "/guide-form", "/robots.txt", "/formation", "/confirmed"])(
    "leaves %s as its route decided",
    (path) => {
      const cached = new Response("x", { headers: { "Cache-Control": "public, max-age=3600" } });
      expect(secureResponse(cached, get(path)).headers.get("cache-control")).toBe("public, max-age=3600");
      expect(secureResponse(new Response("x"), get(path)).headers.get("cache-control")).toBeNull();
    },
  );
});

describe("static assets (served before the Worker runs)", () => {
  /** Rules of a `_headers` file: path pattern -> headers (lower-cased names). */
  function parseHeadersFile(text: string): Map<string, Record<string, string>> {
    const rules = new Map<string, Record<string, string>>();
    let current: Record<string, string> | null = null;
    for (const line of text.split("\n")) {
      if (!line.trim() || line.trim().startsWith("#")) continue;
      if (!/^\s/.test(line)) {
        current = {};
        rules.set(line.trim(), current);
      } else if (current) {
        const at = line.indexOf(":");
        current[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
      }
    }
    return rules;
  }

  it("public/_headers gives every asset the baseline headers", () => {
    const rules = parseHeadersFile(readFileSync("public/_headers", "utf8"));
    expect(rules.get("/*")).toMatchObject(BASELINE);
  });
});
