import { ipInList, parseIpList } from "~/utils/ip-list";

/**
 * Where a webhook may go (ADR 038, SSRF): in production only https to a DNS name or a public
 * address, and a name only while every address it resolves to is public. Checked when an admin
 * adds an endpoint and again before every attempt, since a name's answers can change. Locally
 * (tests) http or https to loopback with a port is allowed too.
 */

/**
 * Ranges no webhook may reach: this host, private networks, link-local, CGNAT, ULA, documentation,
 * multicast, reserved. An IPv4-mapped address (::ffff:a.b.c.d) is judged by its IPv4 (the IPv4
 * ranges below cover it); every other IPv6 form that carries an IPv4 address (compatible,
 * translated, Teredo, 6to4, NAT64) is refused whole, whatever it carries, since a gateway on the
 * way may turn it into that IPv4 and none is a real receiver's address.
 */
const PRIVATE = parseIpList(
  [
    "0.0.0.0/8",
    "10.0.0.0/8",
    "100.64.0.0/10",
    "127.0.0.0/8",
    "169.254.0.0/16",
    "172.16.0.0/12",
    "192.0.0.0/24",
    "192.0.2.0/24",
    "192.88.99.0/24",
    "192.168.0.0/16",
    "198.18.0.0/15",
    "198.51.100.0/24",
    "203.0.113.0/24",
    "224.0.0.0/4",
    "240.0.0.0/4",
    // IPv4-compatible (::a.b.c.d), with :: and ::1.
    "::/96",
    // IPv4-translated (::ffff:0:a.b.c.d).
    "::ffff:0:0:0/96",
    // NAT64: the well-known prefix and the local-use one.
    "64:ff9b::/96",
    "64:ff9b:1::/48",
    "100::/64",
    // IETF protocol assignments, Teredo (2001:0::/32) among them.
    "2001::/23",
    "2001:db8::/32",
    // 6to4.
    "2002::/16",
    "fc00::/7",
    "fe80::/10",
    "fec0::/10",
    "ff00::/8",
  ].join(","),
);
const ANY_ADDRESS = parseIpList("::/0");

/** Names that never leave the network they are said in. */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|lan|home\.arpa|intranet|corp)$/i;

export type EndpointUrlCheck = { ok: true; url: URL } | { ok: false; reason: EndpointUrlRefusal };
export type EndpointUrlRefusal = "invalid" | "not-https" | "credentials" | "local-name" | "private-address" | "unresolved";

/** Answers a name's addresses (A and AAAA); tests pass their own. */
export type Resolver = (name: string) => Promise<string[]>;

const isAddress = (host: string) => ipInList(host, ANY_ADDRESS);
const isPrivateAddress = (address: string) => ipInList(address, PRIVATE);

/** Loopback with a port: the local receiver of a test. */
function isLocalReceiver(url: URL): boolean {
  return (url.hostname === "127.0.0.1" || url.hostname === "localhost" || url.hostname === "[::1]") && url.port !== "";
}

/** The checks that need no network: the scheme, the host's form, an address literal's range. */
export function checkEndpointUrlShape(raw: string, options: { isLocal: boolean }): EndpointUrlCheck & { host?: string } {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (url.username || url.password) return { ok: false, reason: "credentials" };
  if (options.isLocal && (url.protocol === "http:" || url.protocol === "https:") && isLocalReceiver(url)) return { ok: true, url };
  if (url.protocol !== "https:") return { ok: false, reason: "not-https" };
  // The URL parser has already turned 0x7f.1, 2130706433 and the like into dotted addresses.
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isAddress(host)) return isPrivateAddress(host) ? { ok: false, reason: "private-address" } : { ok: true, url };
  if (!host.includes(".") || LOCAL_NAME.test(host.replace(/\.$/, ""))) return { ok: false, reason: "local-name" };
  return { ok: true, url, host };
}

/** The whole check: the shape, then every address the name resolves to must be public. */
export async function checkEndpointUrl(raw: string, options: { isLocal: boolean; resolve?: Resolver }): Promise<EndpointUrlCheck> {
  const shape = checkEndpointUrlShape(raw, options);
  if (!shape.ok || !shape.host) return shape;
  let addresses: string[];
  try {
    addresses = await (options.resolve ?? resolveOverHttps)(shape.host);
  } catch {
    return { ok: false, reason: "unresolved" };
  }
  if (!addresses.length) return { ok: false, reason: "unresolved" };
  if (addresses.some(isPrivateAddress)) return { ok: false, reason: "private-address" };
  return { ok: true, url: shape.url };
}

type DnsJson = { Status?: number; Answer?: { type: number; data: string }[] };

/** A and AAAA over DNS-over-HTTPS (Cloudflare's resolver, JSON form). */
async function resolveOverHttps(name: string): Promise<string[]> {
  const ask = async (type: "A" | "AAAA") => {
    const url = `https://cloudflare-dns.com/dns-query?name=${encodeURIComponent(name)}&type=${type}`;
    const response = await fetch(url, { headers: { accept: "application/dns-json" }, signal: AbortSignal.timeout(5000) });
    if (!response.ok) throw new Error(`DNS answered ${response.status}`);
    const body = (await response.json()) as DnsJson;
    // 1 = A, 28 = AAAA; a CNAME's own records (5) are followed by the resolver and skipped here.
    return (body.Answer ?? []).filter((answer) => answer.type === 1 || answer.type === 28).map((answer) => answer.data);
  };
  const [a, aaaa] = await Promise.all([ask("A"), ask("AAAA")]);
  return [...a, ...aaaa];
}
