import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { describe, expect, it, vi } from "vitest";
import { getPage } from "#content/index";
import { adminRoute } from "~/admin/admin-route.server";
import type { AdminRefusal } from "~/admin/refusal";
import { loader as layoutLoader } from "~/routes/admin/layout";
import { testContext } from "./helpers/context";
import { signedIn } from "./helpers/signed-in";
import { useLocalD1 } from "./helpers/local-d1";

/**
 * adminRoute, the preamble of every admin loader and action, and the admin layout's loader: the
 * guard, a failed read as the logged 503, answers that carry the admin headers and the session,
 * and a frame for admins only.
 */

const PAGE = "http://127.0.0.1:8845/admin/mail";
const copy = getPage("genius", "admin");

const d1 = useLocalD1();

const cookieFor = (role: "user" | "admin") => signedIn(d1, PAGE, role);

const args = (cookie: string) =>
  ({
    request: new Request(PAGE, { headers: cookie ? { Cookie: cookie } : {} }),
    context: testContext(PAGE, d1.bindings).load,
    params: {},
  }) as LoaderFunctionArgs;

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable("it did not throw"),
    (error: unknown) => error,
  );
}

type DataAnswer = { data: unknown; init: { status?: number; headers: Headers } };

function expectAdminHeaders(headers: Headers) {
  expect(headers.get("Cache-Control")).toBe("private, no-store");
  expect(headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
  expect(headers.get("Set-Cookie")).toContain("__session=");
}

describe("adminRoute", () => {
  it("guards: a visitor gets the 401 refusal (JSON), a resource route's as plain text; a non-admin the 403", async () => {
    const refusal = (await thrown(adminRoute(args("")))) as Response;
    expect(refusal.status).toBe(401);
    expect(((await refusal.json()) as AdminRefusal).message).toBe(copy.access.notLoggedIn);
    const text = (await thrown(adminRoute(args(""), { refusalAs: "text" }))) as Response;
    expect(text.status).toBe(401);
    expect(text.headers.get("Content-Type")).toContain("text/plain");
    expect(await text.text()).toBe(copy.access.notLoggedIn);
    const { cookie } = await cookieFor("user");
    expect(((await thrown(adminRoute(args(cookie)))) as Response).status).toBe(403);
  });

  it("gives the context, the admin and the copy, and answers with the admin headers", async () => {
    const { cookie, email } = await cookieFor("admin");
    const admin = await adminRoute(args(cookie));
    expect(admin.ctx.url.pathname).toBe("/admin/mail");
    expect(admin.access.user.email).toBe(email);
    expect(admin.copy).toEqual(copy);

    const answer = (await admin.respond({ ok: true }, { status: 400, headers: { "Server-Timing": "db;dur=1" } })) as unknown as DataAnswer;
    expect(answer.data).toEqual({ ok: true });
    expect(answer.init.status).toBe(400);
    expectAdminHeaders(answer.init.headers);
    expect(answer.init.headers.get("Server-Timing")).toBe("db;dur=1");

    const moved = await admin.redirect("/admin/mail?done=1", 303);
    expect(moved.status).toBe(303);
    expect(moved.headers.get("Location")).toBe("/admin/mail?done=1");
    expectAdminHeaders(moved.headers);

    const text = await admin.text("Nothing held.", 404);
    expect(text.status).toBe(404);
    expect(text.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await text.text()).toBe("Nothing held.");
  });

  it("keeps a toast for the next answer, which takes it once", async () => {
    const { cookie } = await cookieFor("admin");
    const acting = await adminRoute(args(cookie));
    acting.toast("Done.");
    const next = ((await acting.redirect("/admin/mail")).headers.get("Set-Cookie") ?? "").split(";")[0];
    const showing = await adminRoute(args(next));
    expect(showing.takeToasts().map((t) => t.message)).toEqual(["Done."]);
    const after = ((await showing.respond({})) as unknown as DataAnswer).init.headers.get("Set-Cookie")?.split(";")[0] ?? "";
    expect((await adminRoute(args(after))).takeToasts()).toEqual([]);
  });

  it("read: the value, or the logged 503 with the admin headers (the site's error page, or a refusal with a way back)", async () => {
    const { cookie } = await cookieFor("admin");
    const admin = await adminRoute(args(cookie));
    expect(await admin.read("test", async () => 42)).toBe(42);

    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const fail = () => Promise.reject(new Error("D1 is down"));
      const plain = (await thrown(admin.read("test", fail))) as DataAnswer;
      expect(plain.data).toEqual({ message: copy.messages.fetchFailed });
      expect(plain.init.status).toBe(503);
      expectAdminHeaders(plain.init.headers);
      expect(log.mock.calls.map(([line]) => JSON.parse(String(line)))).toEqual([
        { level: "error", event: "admin.read_failed", what: "test", error: { name: "Error", message: "D1 is down" } },
      ]);

      const worded = (await thrown(admin.read("test", fail, { message: "Try later." }))) as DataAnswer;
      expect(worded.data).toEqual({ message: "Try later." });

      const link = { href: "/admin/leads?q=x", label: copy.title };
      const refusal = (await thrown(admin.read("test", fail, { refusal: { title: copy.title, link } }))) as Response;
      expect(refusal.status).toBe(503);
      expectAdminHeaders(refusal.headers);
      expect(await refusal.json()).toEqual({ status: 503, title: copy.title, message: copy.messages.fetchFailed, link });
    } finally {
      log.mockRestore();
    }
  });
});

describe("the admin layout's loader", () => {
  it("loads the console frame for an admin, and nothing (no throw: the page answers the refusal) for anyone else", async () => {
    const { cookie, email } = await cookieFor("admin");
    expect(await layoutLoader(args(cookie))).toEqual({ copy: copy.console, email });
    expect(await layoutLoader(args(""))).toBeNull();
    expect(await layoutLoader(args((await cookieFor("user")).cookie))).toBeNull();
  });
});
