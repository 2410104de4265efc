import { parsePhoneNumberFromString } from "libphonenumber-js/max";

/**
 * True when `digits` (decimal digits only: a country calling code and the
 * national significant number, as in E.164 without the `+`) is a number the
 * country's numbering plan assigns: a known calling code, a possible length
 * and digits that fit one of its number types (fixed line, mobile, toll free
 * …), by Google's libphonenumber metadata in full (`max`), not only lengths.
 */
export function inNumberingPlan(digits: string): boolean {
  if (!/^[1-9][0-9]{6,14}$/.test(digits)) return false;
  return parsePhoneNumberFromString(`+${digits}`)?.isValid() ?? false;
}
