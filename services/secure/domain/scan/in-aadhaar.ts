import { verhoeffValid } from "./verhoeff.js";

/**
 * True when `value` (12 digits, optionally as three groups of four joined by
 * one kind of separator, space or dash) can be an Indian Aadhaar number: the
 * first digit 2–9 (UIDAI issues no number starting with 0 or 1), not one
 * digit repeated, and a valid Verhoeff check digit.
 */
export function isValidAadhaar(value: string): boolean {
  if (!/^[0-9]{4}([ -]?)[0-9]{4}\1[0-9]{4}$/.test(value)) return false;
  const digits = value.replace(/[ -]/g, "");
  if (digits[0]! < "2" || /^(\d)\1+$/.test(digits)) return false;
  return verhoeffValid(digits);
}
