/**
 * True when `digits` (decimal digits only, at least two) passes the Luhn
 * check used by payment card numbers: doubling every second digit from the
 * right, the digit sum is a multiple of 10. Any other character fails it.
 */
export function luhnValid(digits: string): boolean {
  if (!/^[0-9]{2,}$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}
