import { describe, expect, it } from "vitest";
import { isValidUkNino } from "./uk-nino.js";

describe("isValidUkNino", () => {
  it("accepts an allocated prefix, six digits and a suffix A-D, together or spaced in pairs", () => {
    for (const n of ["AB123456C", "JG 10 37 59 A", "ZR 99 00 11 D", "CE000001B"]) expect(isValidUkNino(n), n).toBe(true);
  });
  it("refuses excluded first and second letters, unallocated prefixes, other suffixes, lower case and uneven spacing", () => {
    for (const n of ["DA123456C", "QQ 12 34 56 C", "AO123456C", "VA123456A", "GB123456A", "BG123456A", "NK123456A", "TN123456A", "ZZ123456A"]) {
      expect(isValidUkNino(n), n).toBe(false);
    }
    for (const n of ["AB123456E", "ab123456c", "AB 123456 C", "AB12345C", "AB1234567C"]) expect(isValidUkNino(n), n).toBe(false);
  });
});
