import { isValidPhoneNumber, Metadata, PhoneNumber, type CountryCode } from "libphonenumber-js/core";
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
  let number: PhoneNumber;
  try {
    number = new PhoneNumber(`+${digits}`, metadata);
  } catch {
    return false;
  }
  if (number.isValid()) return true;
  // Named by its calling code alone, a number is checked against that code's
  // main country only: +1 514… (Canada), +44 1481… (Guernsey) and +7 7…
  // (Kazakhstan) would fail as numbers of the US, the UK and Russia. So the
  // other countries sharing the code are tried, each at most once.
  return number.getPossibleCountries().some((country) => country !== number.country && sharingCountryAssigns(country, number.nationalNumber));
}

const plans = new Metadata(metadata);
// Compiled once per country: the leading digits a country's numbers start with, where its plan lists them.
const leadingDigits = new Map<CountryCode, RegExp | null>();

// Most of the countries that share a calling code list the leading digits of
// their numbers (the area codes of +1's Caribbean members): a number not
// starting with them is not theirs, and the full check of every number type
// is left for the few that list none (Canada, Guernsey, Jersey …).
function sharingCountryAssigns(country: CountryCode, nationalNumber: string): boolean {
  let leading = leadingDigits.get(country);
  if (leading === undefined) {
    plans.selectNumberingPlan(country);
    const source = plans.numberingPlan?.leadingDigits();
    leading = source ? new RegExp(`^(?:${source})`) : null;
    leadingDigits.set(country, leading);
  }
  if (leading && !leading.test(nationalNumber)) return false;
  // The national number read as that country's (the text parser's path: slower, and taken rarely).
  return isValidPhoneNumber(nationalNumber, country, metadata);
}
