// The control letter is this string's character at the number modulo 23.
const CONTROL_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE";

/**
 * True when `value` is a Spanish DNI (8 digits and a control letter,
 * `12345678Z`, `12345678-Z`, `12.345.678-Z`) or NIE (X, Y or Z, 7 digits
 * and a control letter, `X1234567L`, `X-1234567-L`) whose control letter is
 * right: the number (an NIE's X, Y, Z read as 0, 1, 2) modulo 23 indexes
 * `TRWAGMYFPDXBNJZSQVHLCKE`. Letters in either case; not one digit repeated.
 */
export function isValidEsDni(value: string): boolean {
  const upper = value.toUpperCase();
  const dni = /^([0-9]{8}|[0-9]{2}\.[0-9]{3}\.[0-9]{3})[ -]?([A-Z])$/.exec(upper);
  const nie = /^([XYZ])-?([0-9]{7})-?([A-Z])$/.exec(upper);
  let digits: string;
  let letter: string;
  if (dni) {
    digits = dni[1]!.replace(/\./g, "");
    letter = dni[2]!;
  } else if (nie) {
    digits = String("XYZ".indexOf(nie[1]!)) + nie[2]!;
    letter = nie[3]!;
  } else {
    return false;
  }
  if (/^(\d)\1+$/.test(digits)) return false;
  return CONTROL_LETTERS[Number(digits) % 23] === letter;
}
