/** True when `value` is a dotted-quad IPv4 address: four decimal octets 0–255 without leading zeros. */
export function isIpv4(value: string): boolean {
  const parts = value.split(".");
  return parts.length === 4 && parts.every((p) => /^(?:0|[1-9][0-9]{0,2})$/.test(p) && Number(p) <= 255);
}

/**
 * True when `value` is an IPv6 address in text form (RFC 4291 §2.2): eight
 * groups of 1–4 hex digits, or fewer around one `::`, optionally ending in
 * an embedded IPv4 address. The bare `::` is refused: it names no host.
 */
export function isIpv6(value: string): boolean {
  if (value === "::" || value.includes(":::")) return false;
  const halves = value.split("::");
  if (halves.length > 2) return false;
  const groups = halves.flatMap((h) => (h === "" ? [] : h.split(":")));
  let width = groups.length;
  const last = groups[groups.length - 1];
  if (last !== undefined && last.includes(".")) {
    if (!isIpv4(last)) return false;
    groups.pop();
    width += 1; // an IPv4 tail fills two groups
  }
  if (!groups.every((g) => /^[0-9A-Fa-f]{1,4}$/.test(g))) return false;
  return halves.length === 2 ? width <= 7 : width === 8;
}
