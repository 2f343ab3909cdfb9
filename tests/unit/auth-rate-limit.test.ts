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
  it("allows an attempt when both limiters allow it, keyed by IP and by IP with the lower-cased e-mail", async () => {
    const ip = fakeLimiter(true);
    const ipEmail = fakeLimiter(true);
    const result = await limitSignIn(
      { SIGNIN_IP_LIMITER: ip.limiter, SIGNIN_EMAIL_LIMITER: ipEmail.limiter },
      { ip: "203.0.113.7", email: " Parent@Example.com " },
    );
    expect(result).toEqual({ ok: true });
    expect(ip.keys).toEqual(["ip:203.0.113.7"]);
    expect(ipEmail.keys).toEqual(["ip+email:203.0.113.7|parent@example.com"]);
  });

  it.each([
    ["the IP limiter", false, true],
    ["the IP + e-mail limiter", true, false],
  ])("answers 429 with a clear message when %s says no", async (_name, ipOk, emailOk) => {
    const result = await limitSignIn(
      { SIGNIN_IP_LIMITER: fakeLimiter(ipOk).limiter, SIGNIN_EMAIL_LIMITER: fakeLimiter(emailOk).limiter },
      { ip: "203.0.113.7", email: "parent@example.com" },
    );
    expect(result).toEqual({ ok: false, status: 429, message: TOO_MANY_SIGN_IN_ATTEMPTS });
    expect(TOO_MANY_SIGN_IN_ATTEMPTS).toBe("Too many sign-in attempts. Please wait a minute and try again.");
  });

  it("another IP's failures cannot lock the owner out: only attempts from the same IP count against an e-mail", async () => {
    // Limiters that allow 5 calls per key, as the bindings do per minute.
    const counting = () => {
      const seen = new Map<string, number>();
      const limiter: RateLimiter = {
        async limit({ key }) {
          seen.set(key, (seen.get(key) ?? 0) + 1);
          return { success: (seen.get(key) ?? 0) <= 5 };
        },
      };
      return limiter;
    };
    const bindings = { SIGNIN_IP_LIMITER: counting(), SIGNIN_EMAIL_LIMITER: counting() };
    const owner = "owner@example.com";
    // Someone guesses from 30 addresses, and hammers from one of them until refused.
    for (let i = 0; i < 30; i++) await limitSignIn(bindings, { ip: `198.51.100.${i}`, email: owner });
    const hammered = [];
    for (let i = 0; i < 8; i++) hammered.push(await limitSignIn(bindings, { ip: "198.51.100.1", email: owner }));
    expect(hammered.at(-1)).toEqual({ ok: false, status: 429, message: TOO_MANY_SIGN_IN_ATTEMPTS });
    // The owner, from their own address, still gets to try.
    expect(await limitSignIn(bindings, { ip: "203.0.113.50", email: "Owner@Example.com" })).toEqual({ ok: true });
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
