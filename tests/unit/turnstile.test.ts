import { describe, expect, it, vi } from "vitest";
import { SITEVERIFY_URL, TURNSTILE_FIELD, turnstileRefusal, verifyTurnstile } from "~/platform/turnstile.server";
import { testContext } from "./helpers/context";

type Call = { url: string; body: URLSearchParams };

function fakeFetch(answer: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = { url: String(input), body: new URLSearchParams(String(init?.body ?? "")) };
    calls.push(call);
    return answer(call);
  }) as typeof fetch;
  return { calls, fetchFn };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

describe("verifyTurnstile", () => {
  it("posts the secret, the token and the visitor's IP to siteverify and accepts success", async () => {
    const { calls, fetchFn } = fakeFetch(() => json({ success: true, "error-codes": [] }));
    const result = await verifyTurnstile({ secret: "s3cret", token: "tok", remoteIp: "203.0.113.9", fetchFn });
    expect(result).toEqual({ ok: true });
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe(SITEVERIFY_URL);
    expect(Object.fromEntries(calls[0].body)).toEqual({ secret: "s3cret", response: "tok", remoteip: "203.0.113.9" });
  });

  it("refuses a failed challenge with Cloudflare's error codes", async () => {
    const { fetchFn } = fakeFetch(() => json({ success: false, "error-codes": ["timeout-or-duplicate"] }));
    expect(await verifyTurnstile({ secret: "s", token: "t", fetchFn })).toEqual({
      ok: false,
      reason: "timeout-or-duplicate",
    });
  });

  it("refuses a missing token without calling siteverify", async () => {
    const { calls, fetchFn } = fakeFetch(() => json({ success: true }));
    expect(await verifyTurnstile({ secret: "s", token: "", fetchFn })).toEqual({ ok: false, reason: "missing-input-response" });
    expect(calls).toHaveLength(0);
  });

  it("refuses when siteverify errs, answers garbage or hangs past the timeout", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const down = fakeFetch(() => new Response("oops", { status: 500 }));
    expect((await verifyTurnstile({ secret: "s", token: "t", fetchFn: down.fetchFn })).ok).toBe(false);
    const garbage = fakeFetch(() => new Response("<html>", { status: 200 }));
    expect((await verifyTurnstile({ secret: "s", token: "t", fetchFn: garbage.fetchFn })).ok).toBe(false);
    const hanging = (async (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) =>
        init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
      )) as typeof fetch;
    const started = Date.now();
    expect(await verifyTurnstile({ secret: "s", token: "t", fetchFn: hanging, timeoutMs: 50 })).toEqual({
      ok: false,
      reason: "unreachable",
    });
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe("turnstileRefusal", () => {
  const form = (token?: string) => {
    const data = new FormData();
    if (token !== undefined) data.append(TURNSTILE_FIELD, token);
    return data;
  };
  const request = new Request("http://127.0.0.1/guide-form", { method: "POST", headers: { "CF-Connecting-IP": "198.51.100.4" } });

  it("is off (no call, no refusal) when Turnstile is not configured", async () => {
    const { ctx } = testContext("http://127.0.0.1/guide-form");
    const { calls, fetchFn } = fakeFetch(() => json({ success: false }));
    expect(await turnstileRefusal(ctx, request, form(), fetchFn)).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it("when configured, refuses a failed check with a 403 and a clear message, and passes a good one", async () => {
    const { ctx } = testContext("http://127.0.0.1/guide-form", { TURNSTILE_SITE_KEY: "site", TURNSTILE_SECRET_KEY: "secret" });
    const failing = fakeFetch(() => json({ success: false, "error-codes": ["invalid-input-response"] }));
    const refusal = await turnstileRefusal(ctx, request, form("bad"), failing.fetchFn);
    expect(refusal?.status).toBe(403);
    expect(refusal?.message).toMatch(/person/i);
    const passing = fakeFetch(() => json({ success: true, "error-codes": [] }));
    expect(await turnstileRefusal(ctx, request, form("good"), passing.fetchFn)).toBeNull();
    expect(passing.calls[0].body.get("remoteip")).toBe("198.51.100.4");
  });
});
