// IBAN length per country code, which a valid IBAN must have exactly: every
// country of the SWIFT IBAN registry (ISO 13616, release 100: 89 countries)…
const REGISTRY_LENGTH: Readonly<Record<string, number>> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BI: 27, BR: 29, BY: 28, CH: 21,
  CR: 22, CY: 28, CZ: 24, DE: 22, DJ: 27, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18, FK: 18, FO: 18,
  FR: 27, GB: 22, GE: 22, GI: 23, GL: 18, GR: 27, GT: 28, HN: 28, HR: 21, HU: 28, IE: 22, IL: 23, IQ: 23,
  IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20, LU: 20, LV: 21, LY: 25, MC: 27,
  MD: 24, ME: 22, MK: 19, MN: 20, MR: 27, MT: 31, MU: 30, NI: 28, NL: 18, NO: 15, OM: 23, PK: 24, PL: 28,
  PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, RU: 33, SA: 24, SC: 31, SD: 18, SE: 24, SI: 19, SK: 24, SM: 27,
  SO: 23, ST: 25, SV: 28, TL: 23, TN: 24, TR: 26, UA: 29, VA: 22, VG: 24, XK: 20, YE: 30,
};

// …and the territories the registry lists under a country that may use their
// own ISO 3166 code with that country's format: Åland (Finland), the French
// overseas departments and collectivities, and the Crown Dependencies (UK).
const TERRITORY_LENGTH: Readonly<Record<string, number>> = {
  AX: 18, BL: 27, GF: 27, GG: 22, GP: 27, IM: 22, JE: 22, MF: 27, MQ: 27, NC: 27, PF: 27, PM: 27, RE: 27,
  TF: 27, WF: 27, YT: 27,
};

/** The length of an IBAN of each country code it may start with: the registry's countries and their territories. */
export const IBAN_LENGTH: Readonly<Record<string, number>> = { ...REGISTRY_LENGTH, ...TERRITORY_LENGTH };

/**
 * The remainder modulo 97 of an IBAN read as ISO 7064 MOD 97-10 asks: the
 * first four characters moved to the end, letters replaced by 10…35. Computed
 * piecewise, so any length works without big integers. `iban` holds only
 * upper-case letters and digits.
 */
export function ibanMod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    const value = code >= 65 ? code - 55 : code - 48;
    remainder = value >= 10 ? (remainder * 100 + value) % 97 : (remainder * 10 + value) % 97;
  }
  return remainder;
}

/**
 * True when `value` is a valid IBAN: spaces and dashes ignored and letters
 * taken in any case, a known country code, exactly that country's length,
 * check digits 02–98, and the MOD 97-10 remainder 1.
 */
export function isValidIban(value: string): boolean {
  const iban = value.replace(/[ -]/g, "").toUpperCase();
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]+$/.test(iban)) return false;
  if (IBAN_LENGTH[iban.slice(0, 2)] !== iban.length) return false;
  const check = Number(iban.slice(2, 4));
  if (check < 2 || check > 98) return false;
  return ibanMod97(iban) === 1;
}
