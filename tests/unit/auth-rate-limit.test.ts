import { describe, expect, it, vi } from "vitest";
import { clientIp, limitSignIn, TOO_MANY_SIGN_IN_ATTEMPTS, type RateLimiter } from "~/auth/rate-limit.server";

function fakeLimiter(success: boolean) {
  const keys: string[] = [];
  const limiter: RateLimiter = {
    async limit({ key }) {
      keys.push(key);
      return { success };
    },
  };
  return { limiter, keys };
}

describe("sign-in rate limiting", () => {
  it("allows an attempt when both limiters allow it, keyed by IP and lower-cased e-mail", async () => {
    const ip = fakeLimiter(true);
    const email = fakeLimiter(true);
    const result = await limitSignIn(
      { SIGNIN_IP_LIMITER: ip.limiter, SIGNIN_EMAIL_LIMITER: email.limiter },
      { ip: "203.0.113.7", email: " Parent@Example.com " },
    );
    expect(result).toEqual({ ok: true });
    expect(ip.keys).toEqual(["ip:203.0.113.7"]);
    expect(email.keys).toEqual(["email:parent@example.com"]);
  });

  it.each([
    ["the IP limiter", false, true],
    ["the e-mail limiter", true, false],
  ])("answers 429 with a clear message when %s says no", async (_name, ipOk, emailOk) => {
    const result = await limitSignIn(
      { SIGNIN_IP_LIMITER: fakeLimiter(ipOk).limiter, SIGNIN_EMAIL_LIMITER: fakeLimiter(emailOk).limiter },
      { ip: "203.0.113.7", email: "parent@example.com" },
    );
    expect(result).toEqual({ ok: false, status: 429, message: TOO_MANY_SIGN_IN_ATTEMPTS });
    expect(TOO_MANY_SIGN_IN_ATTEMPTS).toBe("Too many sign-in attempts. Please wait a minute and try again.");
  });

  it("allows and warns once when the bindings are missing (Vite dev)", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const attempt = { ip: "127.0.0.1", email: "parent@example.com" };
    expect(await limitSignIn({}, attempt)).toEqual({ ok: true });
    expect(await limitSignIn({}, attempt)).toEqual({ ok: true });
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it("reads the client IP from CF-Connecting-IP", () => {
    expect(clientIp(new Request("http://x/", { headers: { "CF-Connecting-IP": "198.51.100.2" } }))).toBe("198.51.100.2");
    expect(clientIp(new Request("http://x/"))).toBe("unknown");
  });
});
