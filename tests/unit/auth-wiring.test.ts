import { describe, expect, it } from "vitest";
import { getAuthService, signupConfirmUrl } from "~/auth/auth.server";
import { signingSecret } from "~/platform/crypto.server";
import type { RequestContext } from "~/utils/context.server";
import { testContext } from "./helpers/context";

function ctx(vars: Record<string, string>, url = "http://127.0.0.1:8805/signup?domain=champion&sport=tennis"): RequestContext {
  return testContext(url, { DB: {} as D1Database, ...vars }).ctx;
}
const wiring = {
  currentUser: { get: async () => null, set: async () => {}, clear: async () => {} },
  sendConfirmation: async () => {},
};

describe("choosing the auth adapter", () => {
  it("uses local D1 accounts when Supabase is not configured", () => {
    const c = ctx({});
    expect(getAuthService(new Request(c.url), c, wiring).kind).toBe("local");
  });

  it("uses local accounts when only the service-role key is set (no anon key for Auth)", () => {
    const c = ctx({ SUPABASE_URL: "https://abcd.supabase.co", SUPABASE_SERVICE_ROLE_KEY: "service" });
    expect(getAuthService(new Request(c.url), c, wiring).kind).toBe("local");
  });

  it("uses Supabase Auth when SUPABASE_URL and SUPABASE_ANON_KEY are set", () => {
    const c = ctx({ SUPABASE_URL: "https://abcd.supabase.co", SUPABASE_SERVICE_ROLE_KEY: "service", SUPABASE_ANON_KEY: "anon" });
    expect(getAuthService(new Request(c.url), c, wiring).kind).toBe("supabase");
  });

  it("builds the confirmation address on the request's origin in the visitor's variant", () => {
    expect(signupConfirmUrl(ctx({}))).toBe("http://127.0.0.1:8805/signup-confirm?domain=champion&sport=tennis");
  });
});

describe("the key that signs confirmation links", () => {
  it("is the first secret of the SESSION_SECRET rotation list", () => {
    expect(signingSecret(" new-secret , old-secret", false)).toBe("new-secret");
  });

  it("falls back to a development key only on loopback hosts", () => {
    expect(signingSecret(undefined, true)).toMatch(/local-development/);
    expect(() => signingSecret(undefined, false)).toThrow(/SESSION_SECRET is required/);
    expect(() => signingSecret(" , ", false)).toThrow(/SESSION_SECRET is required/);
  });
});
