/**
 * True when `value` (11 digits, bare or grouped 2-3-3-3 by single spaces) can
 * be a German tax identification number (steuerliche Identifikationsnummer):
 * no leading 0; among the first ten digits exactly one digit occurs twice or
 * three times (three never side by side) and no other repeats; and the
 * eleventh is the ISO 7064 MOD 11,10 check digit of the first ten.
 */
export function isValidDeTaxId(value: string): boolean {
  if (!/^[1-9][0-9]( ?)[0-9]{3}\1[0-9]{3}\1[0-9]{3}$/.test(value)) return false;
  const digits = value.replace(/ /g, "");
  const body = digits.slice(0, 10);
  const counts = new Map<string, number>();
  for (const d of body) counts.set(d, (counts.get(d) ?? 0) + 1);
  const repeated = [...counts].filter(([, n]) => n > 1);
  if (repeated.length !== 1 || repeated[0]![1] > 3) return false;
  if (repeated[0]![1] === 3 && body.includes(repeated[0]![0].repeat(3))) return false;
  let product = 10;
  for (const d of body) {
    let sum = (Number(d) + product) % 10;
    if (sum === 0) sum = 10;
    product = (sum * 2) % 11;
  }
  const check = (11 - product) % 10;
  return check === Number(digits[10]);
}
