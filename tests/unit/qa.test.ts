import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { loader as homeLoader } from "~/routes/home";
import { getRequestContext } from "~/utils/context.server";
import { ContentLoadError, loadContentPage, qaLoader, qaPanel, QA_PAGE_PATHS } from "~/qa/qa.server";
import { qa } from "#content/qa";
import { qaSchema } from "#content/schemas/qa";
import { DEFAULT_ADMIN_EMAIL } from "../../scripts/lib/seed-data.mjs";
import { routeTable } from "./helpers/route-table";

type Result = { data: Record<string, unknown>; init: { status?: number; headers?: Record<string, string> } | null };

function args(url: string, vars: Record<string, string> = {}): LoaderFunctionArgs {
  const env = { GENIUS_HOSTS: "aiparenting.example", CHAMPION_HOSTS: "champion.example", ...vars };
  return {
    request: new Request(url),
    params: {},
    context: { cloudflare: { env } } as unknown as LoaderFunctionArgs["context"],
  };
}

describe("qaLoader gating", () => {
  it("runs the page's loader with a noindex header while QA pages are on", async () => {
    const result = (await qaLoader(args("http://127.0.0.1/simple-test"), () => ({ value: 42 }))) as unknown as Result;
    expect(result.data).toMatchObject({ value: 42, qaHidden: false });
    expect(result.init?.status ?? 200).toBe(200);
    expect(result.init?.headers?.["X-Robots-Tag"]).toContain("noindex");
  });

  it("behaves like an unknown path with QA_PAGES=off: landing data, 404, page loader not run", async () => {
    let ran = false;
    const offArgs = args("http://127.0.0.1/test-plans?domain=champion&sport=tennis", { QA_PAGES: "off" });
    const result = (await qaLoader(offArgs, () => {
      ran = true;
      return { secret: "x" };
    })) as unknown as Result;
    expect(ran).toBe(false);
    expect(result.init?.status).toBe(404);
    expect(result.data.qaHidden).toBe(true);
    expect(result.data).not.toHaveProperty("secret");
    expect(result.data).toMatchObject(JSON.parse(JSON.stringify(await homeLoader(offArgs))));
  });
});

describe("qaPanel", () => {
  it.each([
    ["http://127.0.0.1/test-urls?domain=genius", "genius", "none", "AI Parenting", "AI Parenting Genius", "leads", "/form"],
    [
      "http://127.0.0.1/test-urls?domain=champion&sport=icehockey",
      "champion",
      "icehockey",
      "Hockey Champion",
      "Hockey Champion",
      "leads_icehockey",
      "/form?domain=champion&sport=icehockey",
    ],
    [
      "http://127.0.0.1/test-urls?domain=champion&sport=tennis",
      "champion",
      "tennis",
      "Tennis Champion",
      "Tennis Champion",
      "leads_tennis",
      "/form?domain=champion&sport=tennis",
    ],
  ])("%s", (url, domain, sport, title, logo, table, formUrl) => {
    const a = args(url);
    const panel = qaPanel(getRequestContext(a.request, a.context));
    expect(panel).toMatchObject({ domain, sport, heroTitle: title, logoText: logo, leadTable: table });
    expect(panel.urls.find((u) => u.page === "form")?.href).toBe(formUrl);
    expect(panel.switches.map((s) => s.href)).toEqual([
      "/test-urls?domain=genius",
      "/test-urls?domain=champion&sport=icehockey",
      "/test-urls?domain=champion&sport=tennis",
    ]);
    expect(JSON.stringify(panel)).not.toMatch(/aiparenting\.example|champion\.example/);
  });
});

describe("loadContentPage", () => {
  it("loads and validates a known page, with the genius fallback", () => {
    expect(loadContentPage({ contentKey: "tennis" }, "privacy")).toHaveProperty("lastUpdated");
  });

  it("throws a readable error for an unknown page", () => {
    expect(() => loadContentPage({ contentKey: "genius" }, "unknown")).toThrow(ContentLoadError);
    expect(() => loadContentPage({ contentKey: "genius" }, "unknown")).toThrow('No content page named "unknown"');
    expect(() => loadContentPage({ contentKey: "genius" }, "__proto__")).toThrow(ContentLoadError);
  });
});

describe("/debug-domain on a preview", () => {
  it("names the preview rule and the build (commit and build time)", async () => {
    const { loader } = await import("~/routes/qa/debug-domain");
    const { buildInfo } = await import("~/platform/build-info");
    const preview = args("https://qa.team.workers.dev/debug-domain?domain=champion&sport=tennis", {
      PREVIEW_MODE: "on",
      SESSION_SECRET: "qa-test-secret-0123456789abcdef0123456789",
    });
    const result = (await loader(preview)) as unknown as Result;
    expect(result.data).toMatchObject({
      request: { rule: "preview host: query parameters domain and sport", isLocal: false },
      build: { ...buildInfo(), preview: true },
    });
  });
});

describe("/qa, the QA index", () => {
  const routePaths = routeTable().map((route) => route.path);
  const listed = qa.index.sections.flatMap((section) => section.pages.map((page) => page.path));

  it("has copy that passes its schema, and the seed's default admin", () => {
    expect(() => qaSchema.parse(qa)).not.toThrow();
    expect(qa.index.signIn.defaultEmail).toBe(DEFAULT_ADMIN_EMAIL);
  });

  it("lists every QA page but itself, each a route of the route table", () => {
    for (const path of QA_PAGE_PATHS.filter((path) => path !== "/qa")) expect(listed).toContain(path);
    for (const path of listed) expect(routePaths, path).toContain(path);
    expect(routePaths).toContain("/qa");
    expect(QA_PAGE_PATHS).toContain("/qa");
  });

  it.each([
    ["http://127.0.0.1/qa", "local", {}],
    ["https://qa.team.workers.dev/qa", "preview", { PREVIEW_MODE: "on", SESSION_SECRET: "qa-test-secret-0123456789abcdef0123456789" }],
    ["https://aiparenting.example/qa", null, {}],
  ] as const)("on %s the sign-in hint is %s", async (url, mode, vars) => {
    const { loader } = await import("~/routes/qa/index");
    const result = (await loader(args(url, vars))) as unknown as Result;
    expect(result.init?.headers?.["X-Robots-Tag"]).toContain("noindex");
    expect(result.data.signIn).toBe(mode);
    expect(JSON.stringify(result.data)).not.toMatch(/demo-password|SEED_ADMIN_PASSWORD=/);
  });

  it("lists every page of the route table, the ones added since included, and only pages of it", async () => {
    const { loader } = await import("~/routes/qa/index");
    const result = (await loader(args("http://127.0.0.1/qa"))) as unknown as Result;
    const sections = result.data.sections as { pages: { path: string; href: string }[] }[];
    const shown = sections.flatMap((section) => section.pages.map((page) => page.path));
    const pages = routePaths.filter((path) => path !== "/qa" && !/[:*]/.test(path) && !qa.index.unlisted.includes(path));
    for (const path of [
      "/admin/rewards",
      "/admin/clubs",
      "/admin/webhooks",
      "/admin/safelist",
      "/admin/referrals/review",
      "/clubs",
      "/clubs/new",
      "/lost-link",
    ])
      expect(shown, path).toContain(path);
    expect([...shown].sort()).toEqual([...new Set(pages)].sort());
  });

  it("tells a local tester how to become an admin without the seed", async () => {
    const { loader } = await import("~/routes/qa/index");
    const result = (await loader(args("http://127.0.0.1/qa"))) as unknown as Result;
    expect(result.data.signIn).toBe("local");
    expect(qa.index.signIn.local).toContain("npm run admin:grant");
  });

  it("is the site's 404 with QA_PAGES=off", async () => {
    const { loader } = await import("~/routes/qa/index");
    const result = (await loader(args("http://127.0.0.1/qa", { QA_PAGES: "off" }))) as unknown as Result;
    expect(result.init?.status).toBe(404);
    expect(result.data.qaHidden).toBe(true);
  });
});
