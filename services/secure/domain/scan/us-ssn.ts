// Numbers that were never issued but are widely printed (the Woolworth wallet
// card, SSA advertising samples) or are the usual placeholder.
const PUBLISHED_SAMPLES = new Set(["078051120", "219099999", "457555462", "123456789"]);

/**
 * True when `value` (9 digits, optionally as AAA-GG-SSSS with `-`, `.` or space
 * separators) can be a US Social Security number: area not 000, 666 or
 * 900–999, group not 00, serial not 0000, not one digit repeated, and not a
 * published sample number.
 */
export function isValidUsSsn(value: string): boolean {
  const digits = value.replace(/[-. ]/g, "");
  if (!/^[0-9]{9}$/.test(digits)) return false;
  const area = Number(digits.slice(0, 3));
  const group = digits.slice(3, 5);
  const serial = digits.slice(5);
  if (area === 0 || area === 666 || area >= 900) return false;
  if (group === "00" || serial === "0000") return false;
  if (/^(\d)\1{8}$/.test(digits)) return false;
  return !PUBLISHED_SAMPLES.has(digits);
}
