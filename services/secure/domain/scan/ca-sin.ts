import { luhnValid } from "./luhn.js";

/**
 * True when `value` (9 digits, optionally as three groups of three joined by
 * one kind of separator, space or dash) can be a Canadian Social Insurance
 * Number: a first digit other than 0 (never issued) and 8 (business numbers
 * share the form), not one digit repeated, and a valid Luhn check digit.
 */
export function isValidCaSin(value: string): boolean {
  if (!/^[0-9]{3}([ -]?)[0-9]{3}\1[0-9]{3}$/.test(value)) return false;
  const digits = value.replace(/[ -]/g, "");
  if (digits[0] === "0" || digits[0] === "8" || /^(\d)\1+$/.test(digits)) return false;
  return luhnValid(digits);
}
