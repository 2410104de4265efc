import { describe, expect, it } from "vitest";
import { isValidDeTaxId } from "./de-tax-id.js";

describe("isValidDeTaxId", () => {
  it("accepts 11 digits with one repeated digit and a valid MOD 11,10 check digit, bare or grouped 2-3-3-3", () => {
    for (const n of ["86095742719", "65 929 970 489", "79231651084", "63581667425", "97 910 924 365"]) expect(isValidDeTaxId(n), n).toBe(true);
  });
  it("refuses a wrong check digit, a leading 0, no or several repeated digits, a digit three times in a row, and bad grouping", () => {
    // Each but the first carries the right check digit: it fails for the reason named.
    for (const n of ["86095742718", "06095742715", "12345678903", "11223345675", "11123456786", "65 929970489", "659 299 704 89", "8609574271"]) {
      expect(isValidDeTaxId(n), n).toBe(false);
    }
  });
});
