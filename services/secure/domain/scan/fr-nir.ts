/**
 * True when `value` is a French social security number (NIR, numéro
 * d'inscription au répertoire): 13 characters and a 2-digit key, bare or
 * grouped `1 84 12 76 451 089 46` by single spaces. The first digit is the
 * sex (1, 2, or 3, 4, 7, 8 for provisional numbers), the month 01–12 or one
 * of INSEE's placeholders (20–42, 50–99), the department two digits or
 * Corsica's 2A / 2B; the key is 97 minus the 13-digit number modulo 97, 2A
 * and 2B counted as 19 and 18.
 */
export function isValidFrNir(value: string): boolean {
  const m = /^([1-478])( ?)([0-9]{2})\2(0[1-9]|1[0-2]|[2-9][0-9])\2([0-9]{2}|2[AB])\2([0-9]{3})\2([0-9]{3})\2([0-9]{2})$/i.exec(value);
  if (!m) return false;
  const department = m[5]!.toUpperCase().replace("2A", "19").replace("2B", "18");
  const number = Number(`${m[1]}${m[3]}${m[4]}${department}${m[6]}${m[7]}`);
  return 97 - (number % 97) === Number(m[8]);
}
