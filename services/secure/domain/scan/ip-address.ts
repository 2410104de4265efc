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

// How far the checks below look back: the line's text before the number, and a changelog's heading above it.
const LINE_WINDOW = 160;
const CHANGELOG_WINDOW = 600;
// A word that names a version right before the number: "version 1.2.0.4", FileVersion="…", "firmware: …".
const VERSION_WORD = /(?:version|(?:^|[^a-z])(?:ver|release|rel|build|rev|revision|firmware|fw|sdk|driver))[\s:="'(]{0,4}$/i;
// A changelog's version heading (`## [1.2.3.4] - 2025-11-20`, `### v1.2.3.4`), and a line of its link references
// (`[1.2.3.4]: https://…/compare/1.2.3.3...1.2.3.4`), where every number is a version.
const HEADING = /^#{1,6}[ \t]*\[?v?$/;
const LINK_REFERENCE = /^[ \t]*\[v?(?:[0-9]+\.){1,3}[0-9]+\]:/;
// One end of a change: "from 3.45.1.0 to 3.47.2.0", "3.45.1.0 -> 3.47.2.0".
const PAIR_END = /(?:\bfrom|\bto|->|=>|→)[ \t]*v?$/i;
const PAIR_START = /^[ \t]*(?:->|=>|→)/;
const UPGRADE = /\b(?:bump(?:s|ed)?|upgrad\w*|updat\w*|downgrad\w*|pin(?:s|ned)?|revert\w*|migrat\w*|dependenc\w*)\b/i;
// A changelog above: its title, or a heading of a version or of a Keep a Changelog section.
const CHANGELOG =
  /changelog|change log|release notes|what's changed|^#{1,6}[ \t]*(?:\[?v?[0-9]+\.[0-9]+|added|changed|deprecated|removed|fixed|security|dependencies)/im;
// Words that make a change of dotted quads one of addresses: a DNS record, a range, traffic.
const NETWORK =
  /\b(?:ips?|ipv4|address(?:es)?|hosts?|hostname|servers?|dns|gateway|subnets?|routes?|routing|proxy|proxies|nameservers?|endpoints?|nodes?|network|vpc|cidr|interfaces?|nic|nat|firewall|load ?balancer|lb|vip|records?|range|pool|peers?|clients?|dhcp|ping|traffic|packets?|requests?|connect\w*|ssh|src|dst|source|destination)\b/i;

/**
 * True when the dotted quad at `start`..`end` of `text` reads as a version
 * rather than an address: after a word naming a version, in a changelog's
 * heading or link references, or as one end of an upgrade ("bump SQLite from
 * 3.45.1.0 to 3.47.2.0", or the same under a changelog's heading) on a line
 * that says nothing of hosts or traffic. Four-part versions are common
 * (Windows, .NET assemblies, SQLite), and most fit in 0–255.
 */
export function namesAVersion(text: string, start: number, end: number): boolean {
  // Only the window is searched for the line's start: a text of one long line costs no more per number.
  const from = Math.max(0, start - LINE_WINDOW);
  const before = text.slice(from, start);
  const newline = before.lastIndexOf("\n");
  const line = before.slice(newline + 1);
  const lineStart = from + newline + 1;
  const wholeLine = newline >= 0 || from === 0;
  // The patterns anchored at the number read only the few characters they can match.
  if (VERSION_WORD.test(line.slice(-24))) return true;
  if (wholeLine && (HEADING.test(line) || LINK_REFERENCE.test(text.slice(lineStart, lineStart + 24)))) return true;
  if (!(PAIR_END.test(line.slice(-12)) || PAIR_START.test(text.slice(end, end + 8))) || NETWORK.test(line)) return false;
  return UPGRADE.test(line) || CHANGELOG.test(text.slice(Math.max(0, start - CHANGELOG_WINDOW), start));
}
