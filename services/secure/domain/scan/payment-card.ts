import { luhnValid } from "./luhn.js";

// Issuer prefixes (IIN ranges) and the lengths each network issues.
const NETWORKS: readonly { name: string; prefix: (d: string) => boolean; lengths: readonly number[] }[] = [
  { name: "visa", prefix: (d) => d.startsWith("4"), lengths: [13, 16, 19] },
  { name: "mastercard", prefix: (d) => inRange(d, 2, 51, 55) || inRange(d, 4, 2221, 2720), lengths: [16] },
  { name: "amex", prefix: (d) => inRange(d, 2, 34, 34) || inRange(d, 2, 37, 37), lengths: [15] },
  { name: "discover", prefix: (d) => d.startsWith("6011") || d.startsWith("65") || inRange(d, 3, 644, 649) || inRange(d, 6, 622126, 622925), lengths: [16, 17, 18, 19] },
  { name: "jcb", prefix: (d) => inRange(d, 4, 3528, 3589), lengths: [16, 17, 18, 19] },
  { name: "diners", prefix: (d) => inRange(d, 3, 300, 305) || inRange(d, 2, 36, 36) || inRange(d, 2, 38, 39), lengths: [14, 15, 16, 17, 18, 19] },
  { name: "unionpay", prefix: (d) => d.startsWith("62"), lengths: [16, 17, 18, 19] },
  { name: "mir", prefix: (d) => inRange(d, 4, 2200, 2204), lengths: [16, 17, 18, 19] },
  { name: "dankort", prefix: (d) => d.startsWith("5019"), lengths: [16] },
  { name: "uatp", prefix: (d) => d.startsWith("1"), lengths: [15] },
  { name: "maestro", prefix: (d) => ["5018", "5020", "5038", "5893", "6304", "6759", "6761", "6762", "6763"].some((p) => d.startsWith(p)), lengths: [12, 13, 14, 15, 16, 17, 18, 19] },
];

function inRange(digits: string, width: number, low: number, high: number): boolean {
  const head = Number(digits.slice(0, width));
  return digits.length >= width && head >= low && head <= high;
}

/**
 * True when `value` (digits, optionally grouped by single spaces or dashes
 * used consistently, no group but the last shorter than three digits as
 * cards are printed: 4-4-4-4, 4-6-5, 4-5-6, or fours and a remainder) is a
 * payment card number: a known network's issuer prefix, a length that
 * network issues, not one digit repeated, and a valid Luhn check digit.
 */
export function isPaymentCardNumber(value: string): boolean {
  const separators = new Set(value.replace(/[0-9]/g, ""));
  if (separators.size > 1) return false;
  // 1 78 08 52 … is some other number (a French NIR) that happens to pass Luhn.
  if (value.split(/[ -]/).some((group, i, groups) => group.length < 3 && i < groups.length - 1)) return false;
  const digits = value.replace(/[ -]/g, "");
  if (!/^[0-9]{12,19}$/.test(digits) || /^(\d)\1+$/.test(digits)) return false;
  const network = NETWORKS.find((n) => n.prefix(digits) && n.lengths.includes(digits.length));
  return network !== undefined && luhnValid(digits);
}
