import ipaddr from "ipaddr.js";

/**
 * Why a webhook may not connect to `address` (an IPv4 or IPv6 literal), or
 * null when it may: only public unicast addresses are allowed. Private,
 * loopback, link-local (169.254.169.254, the cloud metadata service, among
 * them), unique-local, multicast, broadcast, unspecified, carrier-grade NAT,
 * reserved and documentation ranges are refused, as are the IPv6 forms that
 * embed an IPv4 address (6to4, Teredo, NAT64); an IPv4-mapped IPv6 address
 * is judged by the IPv4 address it maps. Anything that does not parse is
 * refused.
 */
export function forbiddenAddressReason(address: string): string | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address.replace(/^\[|\]$/g, ""));
  } catch {
    return `${address} is not an IP address`;
  }
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    return forbiddenAddressReason((parsed as ipaddr.IPv6).toIPv4Address().toString());
  }
  const range = parsed.range();
  return range === "unicast" ? null : `${address} is a ${RANGE_NAMES[range] ?? range} address`;
}

const RANGE_NAMES: Record<string, string> = {
  private: "private",
  loopback: "loopback",
  linkLocal: "link-local",
  uniqueLocal: "unique-local",
  multicast: "multicast",
  unspecified: "unspecified",
  broadcast: "broadcast",
  carrierGradeNat: "carrier-grade NAT",
  reserved: "reserved",
  "6to4": "6to4 (embedded IPv4)",
  teredo: "Teredo (embedded IPv4)",
  rfc6052: "NAT64 (embedded IPv4)",
  rfc6145: "IPv4-translated",
  benchmarking: "benchmarking",
  amt: "AMT",
  as112: "AS112",
  deprecated: "deprecated",
  orchid2: "ORCHIDv2",
  droneRemoteIdProtocolEntityTags: "reserved",
};
