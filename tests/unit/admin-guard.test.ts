import { describe, expect, it } from "vitest";
import { getPage } from "#content/index";
import { ADMIN_IDLE_MINUTES, adminHeaders, requireAdmin } from "~/admin/admin.server";
import type { AdminRefusal } from "~/admin/refusal";
import { hashPassword } from "~/auth/password.server";
import { requestAuth } from "~/auth/session-auth.server";
import { linkTo } from "~/utils/links";
import { commitSession, getSession } from "~/utils/session.server";
import { testContext } from "./helpers/context";
import { useLocalD1 } from "./helpers/local-d1";

/**
 * The admin guard: requireAdmin throws 401/403 Responses carrying the exact messages,
 * and an admin's session ends after ADMIN_IDLE_MINUTES without an admin request.
 */

const URL_TENNIS = "http://127.0.0.1:8843/admin/leads?domain=champion&sport=tennis";
const TENNIS = { domain: "champion", sport: "tennis" } as const;
const copy = getPage("tennis", "admin");
const PASSWORD = "right password";
const MINUTE = 60_000;

const d1 = useLocalD1();

let counter = 0;
async function account(role: "user" | "admin"): Promise<string> {
  const email = `guard-${role}-${++counter}-${crypto.randomUUID().slice(0, 6)}@example.com`;
  const password = await hashPassword(PASSWORD);
  await d1.db
    .prepare(
      `INSERT INTO accounts (id, email, name, password_hash, password_salt, password_iterations, role, email_confirmed_at)
       VALUES (?, ?, 'Admin E2E', ?, ?, ?, ?, ?)`,
    )
    .bind(crypto.randomUUID(), email, password.hash, password.salt, password.iterations, role, new Date().toISOString())
    .run();
  return email;
}

const context = () => testContext(URL_TENNIS, d1.bindings).ctx;
const requestWith = (cookie: string) => new Request(URL_TENNIS, { headers: cookie ? { Cookie: cookie } : {} });
const cookieOf = (setCookie: string | null) => (setCookie ?? "").split(";")[0];

/** Signs in through the auth service at `at`; returns the session cookie. */
async function signedInCookie(email: string, at: Date): Promise<string> {
  const ctx = context();
  const request = requestWith("");
  const session = await getSession(request, ctx);
  const result = await requestAuth(request, ctx, session, undefined, () => at).signIn({ email, password: PASSWORD });
  expect(result.ok).toBe(true);
  return cookieOf(await commitSession(session, ctx));
}

/** The Response requireAdmin threw (fails the test when it did not throw one). */
async function refusalOf(promise: Promise<unknown>): Promise<Response> {
  const thrown = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(Response);
  return thrown as Response;
}

describe("requireAdmin", () => {
  it("throws 401 with 'You must be logged in to view this page.' and a sign-in link for a visitor", async () => {
    const response = await refusalOf(requireAdmin(requestWith(""), context()));
    expect(response.status).toBe(401);
    expect(response.headers.get("X-Robots-Tag")).toContain("noindex");
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    const body = (await response.json()) as AdminRefusal;
    expect(body.message).toBe("You must be logged in to view this page.");
    expect(body.message).toBe(copy.access.notLoggedIn);
    expect(body.link).toEqual({ href: linkTo(TENNIS, "signup", { mode: "signin" }), label: copy.access.signInLabel });
  });

  it("throws 403 with 'Access Denied. You are not authorized to view this page.' for a signed-in user without the role", async () => {
    const cookie = await signedInCookie(await account("user"), new Date());
    const response = await refusalOf(requireAdmin(requestWith(cookie), context()));
    expect(response.status).toBe(403);
    const body = (await response.json()) as AdminRefusal;
    expect(body.message).toBe("Access Denied. You are not authorized to view this page.");
    expect(body.message).toBe(copy.access.accessDenied);
    expect(body.link).toEqual({ href: linkTo(TENNIS, "home"), label: copy.access.homeLabel });
  });

  it("lets an admin through", async () => {
    const email = await account("admin");
    const cookie = await signedInCookie(email, new Date());
    const access = await requireAdmin(requestWith(cookie), context());
    expect(access.user).toMatchObject({ email, role: "admin" });
  });
});

describe("admin idle expiry", () => {
  it(`is ${ADMIN_IDLE_MINUTES} minutes`, () => {
    expect(ADMIN_IDLE_MINUTES).toBe(30);
  });

  it("keeps an admin who is active, and signs out one idle for longer than the limit", async () => {
    const email = await account("admin");
    const start = new Date("2026-03-02T09:00:00.000Z");
    let cookie = await signedInCookie(email, start);
    const at = (ms: number) => ({ now: () => new Date(start.getTime() + ms) });

    // Each admin request within the limit passes and moves the idle clock forward.
    for (const step of [29 * MINUTE, 58 * MINUTE, 87 * MINUTE]) {
      const ctx = context();
      const access = await requireAdmin(requestWith(cookie), ctx, at(step));
      expect(access.user.role).toBe("admin");
      cookie = cookieOf((await adminHeaders(access, ctx)).get("Set-Cookie"));
    }

    // 31 minutes after the last admin request: refused as signed out, and the cookie forgets the sign-in.
    const expired = await refusalOf(requireAdmin(requestWith(cookie), context(), at(87 * MINUTE + 31 * MINUTE)));
    expect(expired.status).toBe(401);
    expect(((await expired.json()) as AdminRefusal).message).toBe(copy.access.notLoggedIn);
    const cleared = cookieOf(expired.headers.get("Set-Cookie"));
    expect(cleared).toMatch(/^__session=/);
    const again = await refusalOf(requireAdmin(requestWith(cleared), context(), at(87 * MINUTE + 32 * MINUTE)));
    expect(again.status).toBe(401);
  });

  it("counts from the sign-in: an admin who signed in and came back after the limit must sign in again", async () => {
    const email = await account("admin");
    const start = new Date("2026-03-02T09:00:00.000Z");
    const cookie = await signedInCookie(email, start);
    const late = { now: () => new Date(start.getTime() + (ADMIN_IDLE_MINUTES + 1) * MINUTE) };
    expect((await refusalOf(requireAdmin(requestWith(cookie), context(), late))).status).toBe(401);
  });
});
