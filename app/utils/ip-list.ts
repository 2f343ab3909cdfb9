/**
 * IP allowlists: single addresses and CIDR ranges of both families ("192.0.2.7", "10.0.0.0/8",
 * "2001:db8::/32"). Addresses become 128-bit numbers (IPv4 as ::ffff:a.b.c.d) so one compare serves both.
 */
export type IpRange = { base: bigint; bits: number };

function ipv4(text: string): bigint | null {
  const parts = text.split(".");
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255)) return null;
  return parts.reduce((value, part) => (value << 8n) | BigInt(part), 0n);
}

/** An address as a 128-bit number, or null when it is not one. */
function ipToBigInt(text: string): bigint | null {
  const address = text.trim().toLowerCase();
  const v4 = ipv4(address);
  if (v4 !== null) return (0xffffn << 32n) | v4;
  if (!address.includes(":") || address.split("::").length > 2) return null;
  const [head, tail = ""] = address.split("::");
  const groups = (part: string) => (part ? part.split(":") : []);
  let left = groups(head);
  let right = groups(tail);
  // An embedded IPv4 tail (::ffff:192.0.2.1) counts as two groups.
  const last = (right.length ? right : left).at(-1) ?? "";
  const embedded = ipv4(last);
  if (embedded !== null) {
    const hex = [(embedded >> 16n).toString(16), (embedded & 0xffffn).toString(16)];
    if (right.length) right = [...right.slice(0, -1), ...hex];
    else left = [...left.slice(0, -1), ...hex];
  }
  const missing = 8 - left.length - right.length;
  if (address.includes("::") ? missing < 1 : missing !== 0) return null;
  const all = [...left, ...Array<string>(address.includes("::") ? missing : 0).fill("0"), ...right];
  if (!all.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return all.reduce((value, group) => (value << 16n) | BigInt(parseInt(group, 16)), 0n);
}

/** Parses a comma-separated list; throws naming the first entry that is not an address or range. */
export function parseIpList(value: string): IpRange[] {
  return value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [address, prefix] = entry.split("/");
      const base = ipToBigInt(address);
      const isV4 = ipv4(address.trim()) !== null;
      const max = isV4 ? 32 : 128;
      const length = prefix === undefined ? max : /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
      if (base === null || !(length >= 0 && length <= max)) throw new Error(`"${entry}" is not an IP address or CIDR range`);
      const bits = isV4 ? 96 + length : length;
      return { base: bits === 0 ? 0n : (base >> BigInt(128 - bits)) << BigInt(128 - bits), bits };
    });
}

/** IPv4 sits at ::ffff:0:0/96 in the 128-bit space. */
const MAPPED_V4 = 0xffffn << 32n;

/**
 * How wide a range is: the addresses it covers, and whether it is wider than a safelist may be
 * (shorter than /16 for IPv4, /32 for IPv6; an IPv6 range around ::ffff:0:0/96 covers all of IPv4).
 */
export function rangeBreadth({ base, bits }: IpRange): { addresses: bigint; tooBroad: boolean } {
  const host = BigInt(128 - bits);
  const insideV4 = bits >= 96 && base >> 32n === 0xffffn;
  const containsV4 = bits <= 96 && MAPPED_V4 >> host === base >> host;
  return { addresses: 1n << host, tooBroad: insideV4 ? bits < 96 + 16 : containsV4 || bits < 32 };
}

export function ipInList(ip: string, ranges: IpRange[]): boolean {
  const value = ipToBigInt(ip);
  if (value === null) return false;
  return ranges.some(({ base, bits }) => bits === 0 || value >> BigInt(128 - bits) === base >> BigInt(128 - bits));
}

/**
 * The network an address belongs to for the burst rule: the /24 of an IPv4 address, the /48 of an
 * IPv6 one (a household's or an office's block), as text; null when it is not an address.
 */
export function networkOf(ip: string): string | null {
  const address = ip.trim().toLowerCase();
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address);
  if (v4) return v4.slice(1, 5).every((part) => Number(part) <= 255) ? `${v4[1]}.${v4[2]}.${v4[3]}.0/24` : null;
  if (!address.includes(":") || !/^[0-9a-f:]+$/.test(address) || address.split("::").length > 2) return null;
  const [head, tail = ""] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = 8 - left.length - right.length;
  if (address.includes("::") ? missing < 1 : missing !== 0) return null;
  const groups = [...left, ...Array<string>(address.includes("::") ? missing : 0).fill("0"), ...right];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return `${groups
    .slice(0, 3)
    .map((group) => parseInt(group, 16).toString(16))
    .join(":")}::/48`;
}

/**
 * The client a per-IP limit counts: an IPv4 address itself (an IPv4-mapped IPv6 one too), the /64
 * of an IPv6 address ("2001:db8:1:2::/64"). One subscriber gets a whole /64 and may use any address
 * in it, so counted per address one machine could post as a new client each time. Text that is not
 * an address is its own key.
 */
export function limitKeyOf(ip: string): string {
  const value = ipToBigInt(ip);
  if (value === null) return ip.trim();
  if (value >> 32n === 0xffffn) return [24n, 16n, 8n, 0n].map((shift) => ((value >> shift) & 0xffn).toString()).join(".");
  return `${[48n, 32n, 16n, 0n].map((shift) => ((value >> (64n + shift)) & 0xffffn).toString(16)).join(":")}::/64`;
}
