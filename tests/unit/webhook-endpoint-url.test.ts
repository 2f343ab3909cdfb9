import { describe, expect, it } from "vitest";
import { checkEndpointUrl, checkEndpointUrlShape } from "~/webhooks/endpoint-url.server";

const prod = { isLocal: false };
const resolveTo =
  (...addresses: string[]) =>
  async () =>
    addresses;

describe("webhook endpoint URLs (SSRF)", () => {
  it("production accepts https to a public name or address", async () => {
    expect((await checkEndpointUrl("https://hooks.zapier.com/hooks/catch/1/abc/", { ...prod, resolve: resolveTo("54.1.2.3") })).ok).toBe(
      true,
    );
    expect(checkEndpointUrlShape("https://8.8.8.8/hook", prod).ok).toBe(true);
    expect(checkEndpointUrlShape("https://[2606:4700::1111]/hook", prod).ok).toBe(true);
  });

  it("refuses http, credentials and what is not a URL", () => {
    expect(checkEndpointUrlShape("http://hooks.example.com/x", prod)).toEqual({ ok: false, reason: "not-https" });
    expect(checkEndpointUrlShape("https://user:pw@hooks.example.com/x", prod)).toEqual({ ok: false, reason: "credentials" });
    expect(checkEndpointUrlShape("not a url", prod)).toEqual({ ok: false, reason: "invalid" });
    expect(checkEndpointUrlShape("ftp://hooks.example.com/x", prod)).toEqual({ ok: false, reason: "not-https" });
  });

  it.each([
    "https://127.0.0.1/x",
    "https://10.1.2.3/x",
    "https://172.20.0.1/x",
    "https://192.168.1.1/x",
    "https://169.254.169.254/latest/meta-data",
    "https://100.64.0.1/x",
    "https://0.0.0.0/x",
    "https://[::1]/x",
    "https://[fd00::1]/x",
    "https://[fe80::1]/x",
    "https://[::ffff:10.0.0.1]/x",
    "https://0x7f.1/x",
    "https://2130706433/x",
  ])("refuses the private address literal %s", (url) => {
    expect(checkEndpointUrlShape(url, prod)).toEqual({ ok: false, reason: "private-address" });
  });

  it.each(["https://localhost/x", "https://printer.local/x", "https://db.internal/x", "https://intranet/x", "https://a.localhost/x"])(
    "refuses the local name %s",
    (url) => {
      expect(checkEndpointUrlShape(url, prod)).toEqual({ ok: false, reason: "local-name" });
    },
  );

  it("refuses a name when any answer is private, or there is none", async () => {
    expect(await checkEndpointUrl("https://evil.example/x", { ...prod, resolve: resolveTo("93.184.216.34", "10.0.0.5") })).toEqual({
      ok: false,
      reason: "private-address",
    });
    expect(await checkEndpointUrl("https://evil.example/x", { ...prod, resolve: resolveTo("fd12::9") })).toEqual({
      ok: false,
      reason: "private-address",
    });
    expect(await checkEndpointUrl("https://gone.example/x", { ...prod, resolve: resolveTo() })).toEqual({
      ok: false,
      reason: "unresolved",
    });
    const failing = async (): Promise<string[]> => {
      throw new Error("DoH down");
    };
    expect(await checkEndpointUrl("https://any.example/x", { ...prod, resolve: failing })).toEqual({ ok: false, reason: "unresolved" });
  });

  it("locally allows a loopback receiver with a port, over http too; production does not", async () => {
    expect((await checkEndpointUrl("http://127.0.0.1:9123/hook", { isLocal: true })).ok).toBe(true);
    expect((await checkEndpointUrl("http://localhost:9123/hook", { isLocal: true })).ok).toBe(true);
    expect(checkEndpointUrlShape("http://127.0.0.1:9123/hook", prod)).toEqual({ ok: false, reason: "not-https" });
    expect(checkEndpointUrlShape("https://127.0.0.1:9123/hook", prod)).toEqual({ ok: false, reason: "private-address" });
    // Not a loopback receiver: the local allowance is for tests only.
    expect(checkEndpointUrlShape("http://10.0.0.1:9123/hook", { isLocal: true })).toEqual({ ok: false, reason: "not-https" });
  });
});
