import { readdirSync } from "node:fs";
import { MAIN_URL, expect, test } from "./fixtures";

/**
 * What the deployed Worker answers at its edge, over plain HTTP (checked once, not per JavaScript
 * project): the local outbox stays on loopback hosts, links never follow a forged Host header,
 * and every response (static assets included) carries the security headers.
 */
const BASELINE = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
  "permissions-policy": "camera=(), microphone=(), geolocation=()",
};

function expectBaseline(headers: Record<string, string>, what: string) {
  for (const [name, value] of Object.entries(BASELINE)) expect(headers[name], `${name} on ${what}`).toBe(value);
}

test.describe("the local outbox", { tag: "@http" }, () => {
  test("answers on 127.0.0.1 and localhost", async ({ request }) => {
    expect((await request.get(`${MAIN_URL}/dev/outbox.json`)).status()).toBe(200);
    const local = await request.get(`${MAIN_URL}/dev/outbox.json`, { headers: { Host: "localhost" } });
    expect(local.status()).toBe(200);
  });

  for (const host of ["aiparenting.example", "champion.example", "evil.example"]) {
    test(`is the site's 404 for Host ${host}, with MAIL_TRANSPORT=outbox`, async ({ request }) => {
      const json = await request.get(`${MAIN_URL}/dev/outbox.json`, { headers: { Host: host } });
      expect(json.status()).toBe(404);
      expect(await json.text()).not.toContain("@");
      const page = await request.get(`${MAIN_URL}/dev/outbox`, { headers: { Host: host } });
      expect(page.status()).toBe(404);
      const html = await page.text();
      expect(html).not.toContain('data-testid="outbox-mail"');
      expect(html).not.toContain("Outbox (local e-mail)");
      // The landing page, as for any unknown path.
      const unknown = await request.get(`${MAIN_URL}/no-such-page`, { headers: { Host: host } });
      expect(html.match(/<h1[^>]*>(.*?)<\/h1>/)?.[1]).toBe((await unknown.text()).match(/<h1[^>]*>(.*?)<\/h1>/)?.[1]);
    });
  }
});

test.describe("links under a forged Host header", { tag: "@http" }, () => {
  test("robots.txt, sitemap.xml, canonical tags and /test-urls name the configured origin", async ({ request }) => {
    const headers = { Host: "evil.example" };
    for (const path of ["/robots.txt", "/sitemap.xml", "/faq", "/test-urls"]) {
      const response = await request.get(`${MAIN_URL}${path}`, { headers });
      expect(response.status(), path).toBe(200);
      const text = await response.text();
      expect(text, path).not.toContain("evil.example");
      expect(text, path).toContain("https://aiparenting.example/");
    }
  });
});

test.describe("security headers on every response", { tag: "@http" }, () => {
  test("static assets (the assets layer, before the Worker)", async ({ request }) => {
    const script = readdirSync("build/client/assets").find((name) => name.endsWith(".js"));
    const paths = ["/favicon.ico", "/images/share-genius.png", "/downloads/ai-parenting-guide.pdf", `/assets/${script}`];
    for (const path of paths) {
      const response = await request.get(`${MAIN_URL}${path}`);
      expect(response.status(), path).toBe(200);
      expectBaseline(response.headers(), path);
    }
  });

  test("Worker responses: redirects, data, files, errors and 404s", async ({ request }) => {
    const cases: [string, () => ReturnType<typeof request.get>, number][] = [
      ["redirect", () => request.get(`${MAIN_URL}/consent`, { maxRedirects: 0 }), 302],
      ["redirect to the form", () => request.get(`${MAIN_URL}/roadmap`, { maxRedirects: 0 }), 302],
      [".data", () => request.get(`${MAIN_URL}/form.data`), 200],
      ["root .data", () => request.get(`${MAIN_URL}/_root.data`), 200],
      ["CSV (refused)", () => request.get(`${MAIN_URL}/admin/leads.csv`), 401],
      ["JSON", () => request.get(`${MAIN_URL}/dev/outbox.json`), 200],
      ["JSON 405", () => request.get(`${MAIN_URL}/api/send-email`), 405],
      ["robots", () => request.get(`${MAIN_URL}/robots.txt`), 200],
      ["sitemap", () => request.get(`${MAIN_URL}/sitemap.xml`), 200],
      ["404", () => request.get(`${MAIN_URL}/no-such-page`), 404],
      ["400", () => request.post(`${MAIN_URL}/consent`, { form: { choice: "maybe" }, maxRedirects: 0 }), 400],
      [
        "cross-origin refusal",
        () => request.post(`${MAIN_URL}/consent`, { form: { choice: "granted" }, headers: { Origin: "https://evil.example" } }),
        403,
      ],
    ];
    for (const [what, send, status] of cases) {
      const response = await send();
      expect(response.status(), what).toBe(status);
      expectBaseline(response.headers(), what);
    }
  });

  test("a document keeps its own CSP with its nonce", async ({ request }) => {
    const response = await request.get(`${MAIN_URL}/faq`);
    expect(response.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    expectBaseline(response.headers(), "/faq");
  });

  test("no-store on every page and data response that shows a visitor's e-mail or data", async ({ request }) => {
    const paths = [
      "/form",
      "/form.data",
      "/form?domain=champion&sport=tennis",
      "/roadmap",
      "/plans",
      "/confirm",
      "/guide-confirm",
      "/tips-confirm",
      "/tips-confirm.data",
      "/signup",
      "/signup-confirm",
      "/admin/leads",
      "/admin/leads.csv",
      "/dev/outbox",
      "/dev/outbox.json",
    ];
    for (const path of paths) {
      const response = await request.get(`${MAIN_URL}${path}`, { maxRedirects: 0 });
      expect(response.headers()["cache-control"], path).toContain("no-store");
    }
    expect((await request.get(`${MAIN_URL}/faq`)).headers()["cache-control"] ?? "").not.toContain("no-store");
  });
});
