import { PhoneNumber } from "libphonenumber-js/core";
import metadata from "libphonenumber-js/metadata.max.json";

// Answers by digits: a text names the same number in several forms (+1 415…,
// (415) …) and repeats it, and one answer costs 15–45 µs. Bounded; when full
// it starts over, which costs a few recomputations, never a wrong answer.
const MAX_REMEMBERED = 16_384;
const remembered = new Map<string, boolean>();

/**
 * True when `digits` (decimal digits only: a country calling code and the
 * national significant number, as in E.164 without the `+`) is a number the
 * country's numbering plan assigns: a known calling code, a possible length
 * and digits that fit one of its number types (fixed line, mobile, toll free
 * …), by Google's libphonenumber metadata in full (`max`), not only lengths.
 */
export function inNumberingPlan(digits: string): boolean {
  if (!/^[1-9][0-9]{6,14}$/.test(digits)) return false;
  let valid = remembered.get(digits);
  if (valid === undefined) {
    valid = assigned(digits);
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    remembered.set(digits, valid);
  }
  return valid;
}

function assigned(digits: string): boolean {
  // Built straight from E.164 digits, skipping the text parser (half the
  // cost). It throws when no calling code starts the digits.
  try {
    return new PhoneNumber(`+${digits}`, metadata).isValid();
  } catch {
    return false;
  }
}
