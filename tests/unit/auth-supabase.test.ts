import { describe, expect, it, vi } from "vitest";
import { createSupabaseAuth } from "~/auth/supabase-auth.server";
import { absoluteLinkTo } from "~/utils/links";
import type { Variant } from "~/utils/variant";

const SUPABASE_URL = "https://abcdproject.supabase.co";
const COOKIE_NAME = "sb-abcdproject-auth-token";
const origin = "https://champion.example";
const hockey: Variant = { domain: "champion", sport: "icehockey" };

type Call = { method: string; url: URL; headers: Headers; body: any };

/** A stand-in for the Supabase Auth HTTP API: records every call, answers from `routes`. */
function fakeSupabase(routes: Record<string, (call: Call) => [number, unknown]>) {
  const calls: Call[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const text = await request.text();
    const call: Call = {
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: text ? JSON.parse(text) : null,
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.url.pathname}`];
    const [status, body] = route ? route(call) : [404, { message: "not found" }];
    return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const user = (overrides: Record<string, unknown> = {}) => ({
  id: "8d0fd3c1-1111-4222-8333-944455556666",
  aud: "authenticated",
  email: "parent@example.com",
  email_confirmed_at: "2026-01-10T12:00:00Z",
  app_metadata: { provider: "email" },
  user_metadata: { name: "Pat Parent", plan: "champion", lead_id: "lead-7" },
  created_at: "2026-01-10T12:00:00Z",
  ...overrides,
});
const session = (u = user()) => ({
  access_token: "access-token-1",
  refresh_token: "refresh-token-1",
  token_type: "bearer",
  expires_in: 3600,
  expires_at: Math.floor(Date.now() / 1000) + 3600,
  user: u,
});

function requestWithCookie(cookie?: string) {
  return new Request(`${origin}/signup?domain=champion&sport=icehockey`, cookie ? { headers: { Cookie: cookie } } : {});
}
/** The cookie @supabase/ssr writes for a session (base64url-encoded JSON). */
function sessionCookie(s = session()) {
  return `${COOKIE_NAME}=base64-${Buffer.from(JSON.stringify(s)).toString("base64url")}`;
}

function adapter(fake: ReturnType<typeof fakeSupabase>, cookie?: string, isLocal = false) {
  return createSupabaseAuth({ url: SUPABASE_URL, anonKey: "anon-key", request: requestWithCookie(cookie), isLocal, fetch: fake.fetch });
}

describe("Supabase Auth adapter at the HTTP boundary", () => {
  it("signs up with metadata {plan, lead_id, name} and redirect_to this site's /signup-confirm in the variant", async () => {
    const fake = fakeSupabase({ "POST /auth/v1/signup": () => [200, user({ email_confirmed_at: null })] });
    const auth = adapter(fake);
    const redirectTo = absoluteLinkTo(origin, hockey, "signup-confirm");
    const result = await auth.signUp({
      email: " Parent@Example.com",
      password: "long enough pw",
      name: " Pat Parent ",
      plan: "champion",
      leadId: "lead-7",
      redirectTo,
    });
    expect(result).toEqual({ ok: true, userId: user().id, needsConfirmation: true });

    expect(fake.calls).toHaveLength(1);
    const [call] = fake.calls;
    expect(call.url.origin).toBe(SUPABASE_URL);
    expect(call.headers.get("apikey")).toBe("anon-key");
    expect(call.url.searchParams.get("redirect_to")).toBe("https://champion.example/signup-confirm?domain=champion&sport=icehockey");
    expect(call.body).toMatchObject({
      email: "parent@example.com",
      password: "long enough pw",
      data: { plan: "champion", lead_id: "lead-7", name: "Pat Parent" },
    });
    // PKCE: the code verifier rides an HttpOnly, Secure cookie on our response.
    const setCookie = auth.responseHeaders.get("Set-Cookie") ?? "";
    expect(setCookie).toContain(`${COOKIE_NAME}-code-verifier=`);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/Secure/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
  });

  it("sends null plan and lead_id when none were chosen, and no Secure flag on a loopback host", async () => {
    const fake = fakeSupabase({ "POST /auth/v1/signup": () => [200, user()] });
    const auth = adapter(fake, undefined, true);
    await auth.signUp({
      email: "p@example.com",
      password: "long enough pw",
      name: "Pat",
      redirectTo: absoluteLinkTo("http://127.0.0.1:8805", { domain: "genius" }, "signup-confirm"),
    });
    expect(fake.calls[0].body.data).toEqual({ plan: null, lead_id: null, name: "Pat" });
    expect(fake.calls[0].url.searchParams.get("redirect_to")).toBe("http://127.0.0.1:8805/signup-confirm");
    expect(auth.responseHeaders.get("Set-Cookie")).not.toMatch(/Secure/i);
  });

  it("passes the service's sign-up error message through", async () => {
    const fake = fakeSupabase({
      "POST /auth/v1/signup": () => [422, { code: "weak_password", msg: "Password should be at least 8 characters." }],
    });
    const result = await adapter(fake).signUp({
      email: "p@example.com",
      password: "short",
      name: "Pat",
      redirectTo: `${origin}/signup-confirm`,
    });
    expect(result).toEqual({ ok: false, message: "Password should be at least 8 characters." });
  });

  it("signs in with the password grant and sets the session cookie; a refusal keeps Supabase's message", async () => {
    const fake = fakeSupabase({
      "POST /auth/v1/token": (call) =>
        call.body.password === "right password"
          ? [200, session(user({ app_metadata: { role: "admin" } }))]
          : [400, { error: "invalid_grant", error_description: "Invalid login credentials", code: "invalid_credentials" }],
    });
    const ok = adapter(fake);
    expect(await ok.signIn({ email: "Parent@example.com", password: "right password" })).toEqual({
      ok: true,
      user: { id: user().id, email: "parent@example.com", name: "Pat Parent", role: "admin", emailConfirmed: true },
    });
    expect(fake.calls[0].url.searchParams.get("grant_type")).toBe("password");
    expect(fake.calls[0].body).toMatchObject({ email: "parent@example.com", password: "right password" });
    expect(ok.responseHeaders.get("Set-Cookie")).toContain(`${COOKIE_NAME}=`);

    const refused = await adapter(fake).signIn({ email: "parent@example.com", password: "wrong" });
    expect(refused).toEqual({ ok: false, message: "Invalid login credentials" });
  });

  it("getUser asks the Auth server with the cookie's access token; the role comes from app_metadata", async () => {
    const fake = fakeSupabase({ "GET /auth/v1/user": () => [200, user({ app_metadata: { role: "admin" } })] });
    expect(await adapter(fake, sessionCookie()).getUser()).toEqual({
      id: user().id,
      email: "parent@example.com",
      name: "Pat Parent",
      role: "admin",
      emailConfirmed: true,
    });
    expect(fake.calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual(["GET /auth/v1/user"]);
    expect(fake.calls[0].headers.get("Authorization")).toBe("Bearer access-token-1");
  });

  it("getUser does not trust the cookie alone: a token the server rejects means signed out", async () => {
    const fake = fakeSupabase({ "GET /auth/v1/user": () => [401, { code: "bad_jwt", message: "invalid JWT" }] });
    expect(await adapter(fake, sessionCookie()).getUser()).toBeNull();
    expect(fake.calls).toHaveLength(1);
  });

  it("getUser without a session cookie is null and makes no call; a user-metadata role is ignored", async () => {
    const none = fakeSupabase({});
    expect(await adapter(none).getUser()).toBeNull();
    expect(none.calls).toHaveLength(0);

    const fake = fakeSupabase({ "GET /auth/v1/user": () => [200, user({ user_metadata: { role: "admin" } })] });
    expect(await adapter(fake, sessionCookie()).getUser()).toMatchObject({ role: "user", name: null });
  });

  it("confirms server-side with verifyOtp({ token_hash, type }) and sets the session cookie", async () => {
    const fake = fakeSupabase({ "POST /auth/v1/verify": () => [200, session()] });
    const auth = adapter(fake);
    const result = await auth.confirm(
      new URLSearchParams({ domain: "champion", sport: "icehockey", token_hash: "pkce_abc", type: "email" }),
    );
    expect(result).toMatchObject({ ok: true, user: { email: "parent@example.com", emailConfirmed: true } });
    expect(fake.calls[0].body).toMatchObject({ token_hash: "pkce_abc", type: "email" });
    expect(auth.responseHeaders.get("Set-Cookie")).toContain(`${COOKIE_NAME}=`);
  });

  it("refuses a used or expired confirmation with Supabase's message, and a link without a token", async () => {
    const fake = fakeSupabase({
      "POST /auth/v1/verify": () => [403, { code: "otp_expired", msg: "Email link is invalid or has expired" }],
    });
    expect(await adapter(fake).confirm(new URLSearchParams({ token_hash: "used", type: "signup" }))).toEqual({
      ok: false,
      message: "Email link is invalid or has expired",
    });
    expect(await adapter(fake).confirm(new URLSearchParams({ type: "signup" }))).toEqual({
      ok: false,
      message: "This confirmation link is invalid or has expired.",
    });
    expect(fake.calls).toHaveLength(1);
  });

  it.each([
    ["Supabase accepts", 204],
    ["Supabase is down", 500],
  ])("signs out everywhere (global scope) and expires the session cookie (%s)", async (_case, status) => {
    const fake = fakeSupabase({ "POST /auth/v1/logout": () => [status, { message: "down" }] });
    const auth = adapter(fake, sessionCookie());
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    await auth.signOut();
    quiet.mockRestore();
    expect(fake.calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual(["POST /auth/v1/logout"]);
    expect(fake.calls[0].url.searchParams.get("scope")).toBe("global");
    expect(fake.calls[0].headers.get("Authorization")).toBe("Bearer access-token-1");
    expect(auth.responseHeaders.get("Set-Cookie")).toMatch(new RegExp(`${COOKIE_NAME}=;.*Max-Age=0`, "i"));
  });

  it("a cookie captured before sign-out is not signed in afterwards: getUser asks the server, which ended the session", async () => {
    // The Auth server's view: the session behind access-token-1 exists until a global logout.
    let revoked = false;
    const fake = fakeSupabase({
      "POST /auth/v1/logout": () => {
        revoked = true;
        return [204, null];
      },
      "GET /auth/v1/user": () =>
        revoked
          ? [403, { code: 403, error_code: "session_not_found", msg: "Session from session_id claim in JWT does not exist" }]
          : [200, user()],
    });
    const captured = sessionCookie();
    expect(await adapter(fake, captured).getUser()).toMatchObject({ email: "parent@example.com" });
    await adapter(fake, captured).signOut();
    expect(await adapter(fake, captured).getUser()).toBeNull();
  });

  it("ends only this session (admin idle expiry) with the local scope", async () => {
    const fake = fakeSupabase({ "POST /auth/v1/logout": () => [204, null] });
    const auth = adapter(fake, sessionCookie());
    await auth.signOut("this-session");
    expect(fake.calls[0].url.searchParams.get("scope")).toBe("local");
    expect(auth.responseHeaders.get("Set-Cookie")).toMatch(new RegExp(`${COOKIE_NAME}=;.*Max-Age=0`, "i"));
  });

  it("a sign-up for an existing address (Supabase's obfuscated user, or 'User already registered') names the existing account", async () => {
    const obfuscated = fakeSupabase({
      "POST /auth/v1/signup": () => [200, user({ id: "fake-id", identities: [], email_confirmed_at: null })],
    });
    const first = await adapter(obfuscated).signUp({
      email: " Parent@Example.com",
      password: "long enough pw",
      name: "Pat",
      redirectTo: `${origin}/signup-confirm`,
    });
    expect(first).toEqual({
      ok: true,
      existingAccount: { key: expect.stringMatching(/^email-[0-9a-f]{32}$/), email: "parent@example.com" },
    });

    const refused = fakeSupabase({ "POST /auth/v1/signup": () => [422, { code: "user_already_exists", msg: "User already registered" }] });
    const second = await adapter(refused).signUp({
      email: "parent@example.com",
      password: "long enough pw",
      name: "Pat",
      redirectTo: `${origin}/signup-confirm`,
    });
    expect(second).toEqual(first);
  });
});
