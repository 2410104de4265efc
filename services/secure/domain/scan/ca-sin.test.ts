import { describe, expect, it } from "vitest";
import { isValidCaSin } from "./ca-sin.js";

describe("isValidCaSin", () => {
  it("accepts 9 Luhn-valid digits, bare or grouped 3-3-3 by spaces or dashes", () => {
    for (const n of ["661362277", "330 678 053", "984-651-877", "130692544"]) expect(isValidCaSin(n), n).toBe(true);
  });
  it("refuses a wrong check digit, first digit 0 or 8, mixed or misplaced separators and repeated digits", () => {
    // 046 454 286 is the usual published example: Luhn-valid, but no SIN starts with 0; 8 starts business numbers.
    for (const n of ["661362278", "046 454 286", "876543216", "330 678-053", "33 0678 053", "3306780530", "999999999"]) {
      expect(isValidCaSin(n), n).toBe(false);
    }
  });
});
