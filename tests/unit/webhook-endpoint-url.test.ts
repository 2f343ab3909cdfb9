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

/**
 * IPv6 spellings that carry an IPv4 address (compatible, mapped, translated, Teredo, 6to4, NAT64):
 * one whose IPv4 is private or loopback must not pass; public IPv6 must.
 */
describe("IPv6 forms that embed an IPv4 address", () => {
  const refused = [
    // IPv4-compatible (::a.b.c.d, deprecated): refused whatever it embeds.
    "https://[::127.0.0.1]/x",
    "https://[::7f00:1]/x",
    "https://[0:0:0:0:0:0:7f00:1]/x",
    "https://[::10.0.0.1]/x",
    "https://[::a00:1]/x",
    "https://[::192.168.1.1]/x",
    "https://[::169.254.169.254]/x",
    "https://[::0.0.0.1]/x",
    "https://[::8.8.8.8]/x",
    // IPv4-mapped (::ffff:a.b.c.d) in its spellings.
    "https://[::ffff:127.0.0.1]/x",
    "https://[::ffff:7f00:1]/x",
    "https://[0:0:0:0:0:ffff:7f00:1]/x",
    "https://[0000:0000:0000:0000:0000:ffff:127.0.0.1]/x",
    "https://[::FFFF:7F00:0001]/x",
    "https://[::ffff:10.0.0.1]/x",
    "https://[::ffff:a00:1]/x",
    "https://[::ffff:169.254.169.254]/x",
    "https://[::ffff:a9fe:a9fe]/x",
    "https://[::ffff:192.168.0.1]/x",
    "https://[::ffff:c0a8:1]/x",
    "https://[::ffff:172.16.0.1]/x",
    "https://[::ffff:100.64.0.1]/x",
    "https://[::ffff:0.0.0.0]/x",
    // IPv4-translated (::ffff:0:a.b.c.d).
    "https://[::ffff:0:7f00:1]/x",
    "https://[::ffff:0:127.0.0.1]/x",
    "https://[0:0:0:0:ffff:0:a00:1]/x",
    "https://[::ffff:0:c0a8:101]/x",
    // Teredo (2001:0::/32): the server's IPv4 after the prefix, the client's inverted at the end.
    "https://[2001:0:7f00:1::]/x",
    "https://[2001:0000:7f00:0001:0000:0000:0000:0000]/x",
    "https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/x",
    "https://[2001:0:a00:1::1]/x",
    "https://[2001:0:c0a8:101::1]/x",
    "https://[2001:0:5ef5:79fb:0:5efe:f5ff:fffe]/x",
    // 6to4 (2002::/16): the IPv4 after the prefix.
    "https://[2002:7f00:1::]/x",
    "https://[2002:7f00:0001::1]/x",
    "https://[2002:a00:1::1]/x",
    "https://[2002:c0a8:101::1]/x",
    "https://[2002:a9fe:a9fe::]/x",
    // NAT64: the well-known prefix and the local-use one.
    "https://[64:ff9b::7f00:1]/x",
    "https://[64:ff9b::127.0.0.1]/x",
    "https://[64:ff9b::10.0.0.1]/x",
    "https://[64:ff9b::a9fe:a9fe]/x",
    "https://[64:ff9b:1::a00:1]/x",
    "https://[64:ff9b:1:7f00:1::]/x",
    // Loopback, unspecified and local IPv6.
    "https://[::1]/x",
    "https://[0:0:0:0:0:0:0:1]/x",
    "https://[::]/x",
    "https://[fe80::1]/x",
    "https://[fd00::1]/x",
    "https://[fc00::1]/x",
    "https://[fec0::1]/x",
    "https://[ff02::1]/x",
    "https://[2001:db8::1]/x",
    "https://[100::1]/x",
    // IPv4 loopback and private in the parser's other spellings.
    "https://127.1/x",
    "https://0x7f000001/x",
    "https://017700000001/x",
    "https://10.1/x",
    "https://0/x",
  ];
  const accepted = [
    "https://[2606:4700:4700::1111]/x",
    "https://[2001:4860:4860::8888]/x",
    "https://[2a00:1450:4001:81c::200e]/x",
    "https://[2620:fe::fe]/x",
    "https://[2400:cb00:2048:1::c629:d7a2]/x",
    "https://[2a03:2880:f12f:83:face:b00c:0:25de]/x",
    "https://[2001:200::1]/x",
    "https://[2003:de:2016::1]/x",
    // Public networks whose last groups merely look like 127.0.0.1.
    "https://[2001:4860::7f00:1]/x",
    "https://[2606:4700::127.0.0.1]/x",
    // Mapped public IPv4: the connection goes to that public address.
    "https://[::ffff:8.8.8.8]/x",
    "https://[::ffff:808:808]/x",
    "https://8.8.8.8/x",
    "https://1.1.1.1/x",
  ];

  it("the table has at least 60 forms", () => {
    expect(refused.length + accepted.length).toBeGreaterThanOrEqual(60);
  });

  it.each(refused)("refuses %s", (url) => {
    expect(checkEndpointUrlShape(url, prod)).toEqual({ ok: false, reason: "private-address" });
  });

  it.each(accepted)("accepts %s", (url) => {
    expect(checkEndpointUrlShape(url, prod).ok).toBe(true);
  });

  it.each([
    "::127.0.0.1",
    "::ffff:127.0.0.1",
    "0:0:0:0:0:ffff:7f00:1",
    "::ffff:0:127.0.0.1",
    "2001:0:7f00:1::",
    "2002:a00:1::",
    "64:ff9b::127.0.0.1",
  ])("refuses a name whose AAAA answer is %s", async (answer) => {
    expect(await checkEndpointUrl("https://hooks.example.com/x", { ...prod, resolve: resolveTo("93.184.216.34", answer) })).toEqual({
      ok: false,
      reason: "private-address",
    });
  });

  it("accepts a name whose answers are all public", async () => {
    expect(
      (await checkEndpointUrl("https://hooks.example.com/x", { ...prod, resolve: resolveTo("93.184.216.34", "2606:4700::6810:84e5") })).ok,
    ).toBe(true);
  });
});
