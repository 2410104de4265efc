import ipaddr from "ipaddr.js";

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** Longest allow-list a key may carry. */
export const MAX_ALLOWED_IPS = 100;

/**
 * Parses one address strictly: dotted-quad IPv4 (no `127.1` or hex forms) or
 * IPv6 without a zone. An IPv4-mapped IPv6 address (`::ffff:1.2.3.4`) becomes
 * its IPv4 address, since that is the client a dual-stack socket reports.
 */
function parseAddress(text: string): Address | null {
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text);
  if (text.includes("%") || !ipaddr.IPv6.isValid(text)) return null;
  const v6 = ipaddr.IPv6.parse(text);
  return v6.isIPv4MappedAddress() ? v6.toIPv4Address() : v6;
}

function format(addr: Address): string {
  return addr.kind() === "ipv6" ? (addr as ipaddr.IPv6).toRFC5952String() : addr.toString();
}

function networkOf(addr: Address, bits: number): Address {
  const bytes = addr.toByteArray();
  for (let i = 0; i < bytes.length; i++) {
    const keep = Math.max(0, Math.min(8, bits - i * 8));
    bytes[i] = bytes[i]! & ((0xff << (8 - keep)) & 0xff);
  }
  return ipaddr.fromByteArray(bytes);
}

/**
 * Validates and normalises one allow-list entry: an IPv4/IPv6 address or a
 * CIDR. Addresses are written in canonical form (RFC 5952 for IPv6), a CIDR
 * as its network address (`10.1.2.3/8` → `10.0.0.0/8`), and IPv4-mapped IPv6
 * forms as IPv4 (`::ffff:10.0.0.0/104` → `10.0.0.0/8`). Returns null when the
 * entry is neither.
 */
export function normalizeAllowedIp(entry: string): string | null {
  const text = entry.trim();
  const slash = text.indexOf("/");
  if (slash < 0) {
    const addr = parseAddress(text);
    return addr ? format(addr) : null;
  }
  const bitsText = text.slice(slash + 1);
  if (!/^\d{1,3}$/.test(bitsText)) return null;
  let bits = Number(bitsText);
  const addrText = text.slice(0, slash);
  let addr: Address;
  if (ipaddr.IPv4.isValidFourPartDecimal(addrText)) {
    if (bits > 32) return null;
    addr = ipaddr.IPv4.parse(addrText);
  } else if (!addrText.includes("%") && ipaddr.IPv6.isValid(addrText)) {
    if (bits > 128) return null;
    const v6 = ipaddr.IPv6.parse(addrText);
    if (v6.isIPv4MappedAddress() && bits >= 96) {
      addr = v6.toIPv4Address();
      bits -= 96;
    } else {
      addr = v6;
    }
  } else {
    return null;
  }
  return `${format(networkOf(addr, bits))}/${bits}`;
}

/**
 * Parses the client address the gateway reports (a zone suffix such as
 * `%eth0` is ignored). Returns null when it is not an IP address.
 */
export function parseClientIp(clientIp: string): Address | null {
  const text = clientIp.trim();
  const zone = text.indexOf("%");
  return parseAddress(zone >= 0 ? text.slice(0, zone) : text);
}

function entryMatches(client: Address, entry: string): boolean {
  const slash = entry.indexOf("/");
  const range: [Address, number] =
    slash < 0
      ? (() => {
          const a = ipaddr.parse(entry);
          return [a, a.kind() === "ipv4" ? 32 : 128] as [Address, number];
        })()
      : ipaddr.parseCIDR(entry);
  const [net] = range;
  if (client.kind() === net.kind()) return client.match(range);
  // An IPv4 client also lies inside IPv6 ranges covering ::ffff:0:0/96 (e.g. ::/0).
  if (client.kind() === "ipv4" && net.kind() === "ipv6") {
    return (client as ipaddr.IPv4).toIPv4MappedAddress().match(range);
  }
  return false;
}

/**
 * True when `clientIp` may use a key with this allow-list: always for an
 * empty list; otherwise the address must parse and fall inside one entry.
 * Entries are expected normalised (see `normalizeAllowedIp`); one that does
 * not parse matches nothing rather than failing the request.
 */
export function isIpAllowed(clientIp: string, allowedIps: readonly string[]): boolean {
  if (allowedIps.length === 0) return true;
  const client = parseClientIp(clientIp);
  if (!client) return false;
  return allowedIps.some((entry) => {
    try {
      return entryMatches(client, entry);
    } catch {
      return false;
    }
  });
}

/**
 * The identity an unauthenticated client is metered under: its IPv4 address,
 * or the /64 of its IPv6 address (one host can rotate freely inside its /64,
 * so metering single v6 addresses would not limit anybody). Unparseable input
 * is metered as one shared "unknown" client.
 */
export function anonymousClientId(clientIp: string): string {
  const client = parseClientIp(clientIp);
  if (!client) return "unknown";
  return client.kind() === "ipv4" ? format(client) : `${format(networkOf(client, 64))}/64`;
}
