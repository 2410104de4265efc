/**
 * True when `value` (10 digits, optionally grouped 3-3-4 by one kind of
 * separator, space or dash) is an NHS number of England, Wales or the Isle of
 * Man (the same form serves Scotland's CHI and Northern Ireland's H&C numbers):
 * the first nine digits weighted 10 down to 2, the weighted sum's remainder
 * modulo 11 taken from 11 gives the tenth digit (11 meaning 0; 10 is never
 * issued), and not one digit repeated.
 */
export function isValidNhsNumber(value: string): boolean {
  if (!/^[0-9]{3}([ -]?)[0-9]{3}\1[0-9]{4}$/.test(value)) return false;
  const digits = value.replace(/[ -]/g, "");
  if (/^(\d)\1+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (digits.charCodeAt(i) - 48) * (10 - i);
  const check = (11 - (sum % 11)) % 11;
  return check !== 10 && check === digits.charCodeAt(9) - 48;
}
