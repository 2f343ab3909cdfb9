import { createRequestHandler, type HandleDocumentRequestFunction, type ServerBuild } from "@remix-run/cloudflare";
import { decode } from "turbo-stream";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { getPage } from "#content/index";
import * as layout from "~/routes/admin/layout";
import * as safelist from "~/routes/admin/safelist";
import { testContext } from "./helpers/context";
import { signedIn } from "./helpers/signed-in";
import { useLocalD1 } from "./helpers/local-d1";

/**
 * The admin is resolved once per request: Remix runs the admin layout's loader beside the page's
 * (and a form post's action before both), each through the admin guard, and with Supabase Auth
 * every auth lookup is a round trip to the Auth server. Counted here on the auth service's
 * getUser, through Remix's own request handler over the real layout and page modules.
 */

const lookups = vi.hoisted(() => ({ count: 0 }));
vi.mock("~/auth/session-auth.server", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/auth/session-auth.server")>();
  return {
    ...original,
    requestAuth: (...args: Parameters<typeof original.requestAuth>) => {
      const service = original.requestAuth(...args);
      const getUser = service.getUser.bind(service);
      service.getUser = () => {
        lookups.count++;
        return getUser();
      };
      return service;
    },
  };
});

const ORIGIN = "http://127.0.0.1:8845";
const PAGE = `${ORIGIN}/admin/safelist`;
const copy = getPage("genius", "admin");

const d1 = useLocalD1();

// The document's loader and action data as JSON, in place of the rendered page.
const documentData: HandleDocumentRequestFunction = (_request, status, headers, context) => {
  const { loaderData, actionData } = context.staticHandlerContext;
  headers.set("Content-Type", "application/json");
  return new Response(JSON.stringify({ loaderData, actionData }), { status, headers });
};

// The route table's branch for one admin page: the root, the pathless admin layout and the page.
const build = {
  mode: "production",
  entry: { module: { default: documentData } },
  routes: {
    root: { id: "root", path: "", module: { default: () => null } },
    "routes/admin/layout": { id: "routes/admin/layout", parentId: "root", module: layout },
    "routes/admin/safelist": { id: "routes/admin/safelist", parentId: "routes/admin/layout", path: "admin/safelist", module: safelist },
  },
  assets: { version: "test", url: "/manifest.js", entry: { module: "/entry.js", imports: [] }, routes: {} },
  publicPath: "/",
  assetsBuildDirectory: "build/client",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
  isSpaMode: false,
} as unknown as ServerBuild;
const handle = createRequestHandler(build, "production");

function send(url: string, cookie: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("Cookie", cookie);
  const load = { ...testContext(url, d1.bindings).load, singleFetch: new URL(url).pathname.endsWith(".data") };
  return handle(new Request(url, { ...init, headers }), load);
}

type Frame = { copy: unknown; email: string } | null;
type SafelistData = { copy: typeof copy; entries: unknown[] };

async function singleFetchData(response: Response): Promise<Record<string, { data?: unknown }>> {
  const decoded = await decode(response.body!);
  await decoded.done;
  return decoded.value as Record<string, { data?: unknown }>;
}

let cookie = "";
let email = "";
beforeEach(async () => {
  ({ cookie, email } = await signedIn(d1, PAGE, "admin"));
  lookups.count = 0;
});

describe("one admin lookup per request", () => {
  it("a document load: the frame and the page, one lookup", async () => {
    const response = await send(PAGE, cookie);
    expect(response.status).toBe(200);
    const { loaderData } = (await response.json()) as { loaderData: Record<string, unknown> };
    expect((loaderData["routes/admin/layout"] as Frame)?.email).toBe(email);
    expect((loaderData["routes/admin/safelist"] as SafelistData).copy.title).toBe(copy.title);
    expect(lookups.count).toBe(1);
  });

  it("a data request (JavaScript on: a navigation or the reload after a post), one lookup", async () => {
    const response = await send(`${PAGE}.data`, cookie);
    expect(response.status).toBe(200);
    const data = await singleFetchData(response);
    expect((data["routes/admin/layout"]?.data as Frame)?.email).toBe(email);
    expect((data["routes/admin/safelist"]?.data as SafelistData).copy.title).toBe(copy.title);
    expect(lookups.count).toBe(1);
  });

  it("a form post without JavaScript that answers the page again: the action and both loaders, one lookup", async () => {
    const body = new URLSearchParams({ intent: "add", cidr: "not an address", note: "" });
    const response = await send(PAGE, cookie, { method: "POST", body });
    expect(response.status).toBe(400);
    const { loaderData, actionData } = (await response.json()) as {
      loaderData: Record<string, unknown>;
      actionData: Record<string, unknown>;
    };
    expect(actionData["routes/admin/safelist"]).toEqual({ error: copy.referrals.safelist.invalid, cidr: "not an address", note: "" });
    expect((loaderData["routes/admin/layout"] as Frame)?.email).toBe(email);
    expect((loaderData["routes/admin/safelist"] as SafelistData).entries).toEqual([]);
    expect(lookups.count).toBe(1);
  });

  it("a refused visitor still gets the page's refusal, from one lookup, for a load and a post", async () => {
    const response = await send(PAGE, "");
    expect(response.status).toBe(401);
    expect(lookups.count).toBe(1);

    const body = new URLSearchParams({ intent: "add", cidr: "10.0.0.0/24", confirmed: "yes" });
    const post = await send(PAGE, "", { method: "POST", body });
    expect(post.status).toBe(401);
    expect(lookups.count).toBe(2);
    const { loaderData } = (await post.json()) as { loaderData: Record<string, unknown> };
    expect(loaderData["routes/admin/layout"]).toBeNull();
  });
});
